/**
 * What every storage endpoint does around its own work: the signed-in member's project (active), the
 * caller's role from `x-storage-role` / `x-storage-user`, the project's database, statements under
 * that role, database errors as storage-api's answers, and a Storage log event for the call.
 */
import {
  PERMISSION_MESSAGE,
  PERMISSION_RESOURCES,
  STORAGE_MESSAGES,
  STORAGE_ROLE_HEADER,
  STORAGE_ROLES,
  STORAGE_USER_HEADER,
  type PlanId,
  type StorageRole,
} from '../../src/constants'
import * as v from 'valibot'
import type { StorageBucket } from '../../src/api/schemas/storage'
import type { PlatformContext } from '../context'
import { openProjectDatabase } from '../projects/database-start'
import { authorizeProject, errorResponse, type RequiredPermission } from './util'
import { PermissionAction } from '../../src/lib/permissions'
import type { ProjectDatabase } from '../postgres/types'
import { FIRST_STATEMENT, bucketsSql, roleScript, type StorageCallerClaims } from '../storage/sql'
import { errorMessage } from '../../src/lib/error-message'
import { UUID_TEXT } from '../../src/lib/uuid'

/** A refusal with its status: thrown inside a storage call, answered as `{message}`. */
export class StorageRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export interface StorageCall {
  ref: string
  plan: PlanId
  caller: StorageCallerClaims
  /** The project's database as the request uses it (its statements are Postgres events). */
  database: ProjectDatabase
  /** Statements under the caller's role in one transaction; the answer of each, in order. */
  asCaller(statements: readonly string[], options?: { rollback?: boolean }): Promise<unknown[]>
  /** The same under another caller (an upload's chunk runs as the caller that opened the session). */
  asCallerOf(caller: StorageCallerClaims): StorageCall['asCaller']
  /** The platform's own statements (bucket administration): the database's owner, no RLS. */
  asPlatform(sql: string): Promise<unknown>
}

/** The caller of an object call: service_role (the dashboard's own view) unless the headers say otherwise. */
export function callerOf(request: Request): StorageCallerClaims | StorageRefusal {
  const role = request.headers.get(STORAGE_ROLE_HEADER) ?? 'service_role'
  if (!(STORAGE_ROLES as readonly string[]).includes(role)) return new StorageRefusal(400, `${STORAGE_ROLE_HEADER} must be one of ${STORAGE_ROLES.join(', ')}`)
  const userId = request.headers.get(STORAGE_USER_HEADER)
  if (userId !== null && !UUID_TEXT.test(userId)) return new StorageRefusal(400, `${STORAGE_USER_HEADER} must be a uuid`)
  return { role: role as StorageRole, userId }
}

/** Reads the one `answer` column of a statement's result. */
function answerOf(result: { rows: Record<string, unknown>[] } | undefined): unknown {
  return result?.rows[0]?.['answer']
}

/** A database error as storage-api answers it; anything else is rethrown. */
export function refusalOfDatabaseError(error: unknown): StorageRefusal | null {
  const code = (error as { code?: unknown } | null)?.code
  const message = errorMessage(error)
  // No storage schema at all (a user's own database, served self-hosted): say so, not "relation … does not exist".
  if ((code === '42P01' || code === '3F000') && /relation "storage\.|schema "storage"/.test(message)) return new StorageRefusal(503, STORAGE_MESSAGES.notInstalled)
  if (code === '23505') return new StorageRefusal(409, STORAGE_MESSAGES.objectExists)
  if (code === '42501') return new StorageRefusal(403, message.includes('row-level security') ? STORAGE_MESSAGES.rlsDenied : message)
  if (code === '23503') return new StorageRefusal(404, STORAGE_MESSAGES.bucketNotFound)
  if (typeof code === 'string') return new StorageRefusal(400, message)
  return null
}

/** What a storage call does (SPEC §6 storage read and write): reading, or changing files or buckets. */
export type StorageAccess = 'read' | 'write'

const STORAGE_PERMISSIONS: Record<StorageAccess, RequiredPermission> = {
  read: { action: PermissionAction.STORAGE_READ, resource: PERMISSION_RESOURCES.storage, what: PERMISSION_MESSAGE.readStorage },
  write: { action: PermissionAction.STORAGE_WRITE, resource: PERMISSION_RESOURCES.storage, what: PERMISSION_MESSAGE.writeStorage },
}

/** The storage settings' admin variant of the same (SPEC §6). */
export const STORAGE_SETTINGS_PERMISSIONS: Record<StorageAccess, RequiredPermission> = {
  // Every storage screen reads the project's upload limit: reading the settings is reading storage.
  read: STORAGE_PERMISSIONS.read,
  write: { action: PermissionAction.STORAGE_ADMIN_WRITE, resource: PERMISSION_RESOURCES.storage, what: PERMISSION_MESSAGE.changeStorageSettings },
}

/**
 * Opens the storage call of a request, or the answer that refuses it: outsiders of the project's
 * organization, and members without the permission `access` needs (403, the server's own check).
 */
export async function openStorageCall(ctx: PlatformContext, request: Request, ref: string, access: StorageAccess): Promise<StorageCall | Response> {
  const { project, denied } = await authorizeProject(ctx, request, ref, { outsiders: 403, permission: STORAGE_PERMISSIONS[access], active: true })
  if (denied) return denied
  const caller = callerOf(request)
  if (caller instanceof StorageRefusal) return errorResponse(caller.status, caller.message)
  const organization = ctx.db.organizations.findFirst((q) => q.where({ slug: project.organization_slug }))
  const plan = (organization?.plan.id ?? 'free') as PlanId
  const { database } = await openProjectDatabase(ctx, project, request)
  const asCallerOf =
    (who: StorageCallerClaims): StorageCall['asCaller'] =>
    async (statements, options) => {
      try {
        const results = await database.exec(roleScript(who, statements, options), { signal: request.signal })
        return statements.map((_, index) => answerOf(results[FIRST_STATEMENT + index]))
      } catch (error) {
        throw refusalOfDatabaseError(error) ?? error
      }
    }
  return {
    ref,
    plan,
    caller,
    database,
    asCaller: asCallerOf(caller),
    asCallerOf,
    async asPlatform(sql) {
      try {
        return answerOf(await database.query(sql, [], { signal: request.signal }))
      } catch (error) {
        throw refusalOfDatabaseError(error) ?? error
      }
    },
  }
}

export interface StorageLogDetails {
  /** storage-api's own path for the call, e.g. `/object/list/avatars`. */
  path: string
  bucket?: string | null
  object?: string | null
}

/** A Storage log event (issue 23's `storage_logs`) for one call. */
export function recordStorageEvent(ctx: PlatformContext, request: Request, ref: string, details: StorageLogDetails, status: number, durationMs: number, role: string) {
  const url = new URL(request.url)
  const level = status >= 500 ? 'error' : status >= 400 ? 'warning' : 'info'
  ctx.logs.record({
    table: 'storage_logs',
    project: ref,
    timestamp: new Date(Date.now() + ctx.clockOffset),
    event_message: `${request.method} | ${status} | ${details.path}`,
    level,
    request_id: request.headers.get('x-request-id'),
    method: request.method,
    path: details.path,
    status_code: status,
    duration_ms: Math.round(durationMs),
    host: url.host,
    bucket_id: details.bucket ?? null,
    object_name: details.object ?? null,
    role,
    metadata: {
      request: { method: request.method, path: details.path, host: url.host },
      response: { status_code: status },
      bucket_id: details.bucket ?? null,
      object_name: details.object ?? null,
      role,
    },
  })
}

/**
 * Runs one storage endpoint that needs `access`: opens the call, runs `work`, turns a refusal into its answer, and
 * records the Storage event whatever the outcome.
 */
export async function storageEndpoint(
  ctx: PlatformContext,
  request: Request,
  ref: string,
  access: StorageAccess,
  details: StorageLogDetails,
  work: (call: StorageCall) => Promise<Response>,
): Promise<Response> {
  const begun = performance.now()
  let role = request.headers.get(STORAGE_ROLE_HEADER) ?? 'service_role'
  let response: Response
  const opened = await openStorageCall(ctx, request, ref, access)
  if (opened instanceof Response) return opened
  role = opened.caller.role
  try {
    response = await work(opened)
  } catch (error) {
    if (!(error instanceof StorageRefusal)) throw error
    response = errorResponse(error.status, error.message)
  }
  recordStorageEvent(ctx, request, ref, details, response.status, performance.now() - begun, role)
  return response
}

/** The bucket's row, or a 404 refusal. */
export async function readBucket(call: StorageCall, id: string): Promise<StorageBucket> {
  const [bucket] = (await call.asPlatform(bucketsSql(id))) as StorageBucket[]
  if (!bucket) throw new StorageRefusal(404, STORAGE_MESSAGES.bucketNotFound)
  return bucket
}

/** A msw path parameter as text (decoded once; msw leaves percent-escapes of some characters). */
export function param(value: string | readonly string[] | undefined): string {
  const text = Array.isArray(value) ? value.join('/') : String(value ?? '')
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

export function parsed<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body)
  if (!result.success) throw new StorageRefusal(400, v.summarize(result.issues))
  return result.output
}

