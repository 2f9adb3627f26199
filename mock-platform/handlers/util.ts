import { HttpResponse, delay } from 'msw'
import * as v from 'valibot'
import { isSessionLive, platformNow } from '../auth/auth-sessions'
import type { PlatformContext } from '../context'
import { findAccessToken, isAccessToken } from '../auth/personal-access-tokens'
import { readAccessTokenClaims, type AccessTokenClaims } from '../auth/access-tokens'
import { hasVerifiedFactor } from '../auth/totp-factors'
import { PERMISSION_MESSAGE, PERMISSION_RESOURCES, PROJECT_NOT_ACTIVE_MESSAGE } from '../../src/constants'
import { can, PermissionAction, type PermissionScope } from '../../src/lib/permissions'
import { isActiveProjectStatus } from '../../src/lib/project-gate'

/** Platform errors are `{ message }` bodies (PLATFORM-API §0). */
export function errorResponse(status: number, message: string, headers?: Record<string, string>) {
  return HttpResponse.json({ message }, { status, headers })
}

/**
 * Who may act with a first factor alone. `everyone`: the calls a signed-in user needs to reach the
 * second factor (GoTrue's /user, /logout, its factor calls). By default a user with a verified
 * factor acts only with a token that proved it (aal2), as the platform refuses aal1 sessions of such
 * users.
 */
export type FirstFactorRule = { firstFactorEnough?: boolean }

/** The bearer token's claims, when it is valid now (the platform's clock), its session has not ended, and it proved what its user must. */
export function bearerClaims(ctx: PlatformContext, request: Request, rule: FirstFactorRule = {}): AccessTokenClaims | null {
  return authorizationClaims(ctx, request.headers.get('authorization'), rule)
}

/** The claims of an Authorization header's bearer token, as `bearerClaims` reads them (the served server asks before reading a body). */
export function authorizationClaims(ctx: PlatformContext, authorization: string | null | undefined, rule: FirstFactorRule = {}): AccessTokenClaims | null {
  const match = /^Bearer (.+)$/.exec(authorization ?? '')
  // A personal access token acts as its member, with no session of its own (it was made at aal2 when the member has a second factor).
  if (match?.[1] && isAccessToken(match[1])) {
    const record = findAccessToken(ctx, match[1], platformNow(ctx))
    return record ? { userId: record.gotrue_id, sessionId: null, aal: 'aal2' } : null
  }
  const claims = match?.[1] ? readAccessTokenClaims(match[1], ctx.tokenSigning, platformNow(ctx)) : null
  // Tokens without a session (made by tests, or by the platform before sessions) stay good until they expire.
  if (claims?.sessionId && !isSessionLive(ctx, claims.sessionId)) return null
  if (claims && claims.aal !== 'aal2' && !rule.firstFactorEnough && needsSecondFactor(ctx, claims.userId)) return null
  return claims
}

function needsSecondFactor(ctx: PlatformContext, userId: string): boolean {
  const user = ctx.db.users.findFirst((q) => q.where({ id: userId }))
  return user !== undefined && hasVerifiedFactor(user)
}

/** The signed-in user of a request, or the 401 answer to send instead. */
export function authenticate(ctx: PlatformContext, request: Request, rule: FirstFactorRule = {}) {
  if (ctx.selfHosted) {
    const admin = ctx.db.users.findFirst()
    if (admin) return { user: admin, denied: undefined }
  }
  const userId = bearerClaims(ctx, request, rule)?.userId
  const user = userId ? ctx.db.users.findFirst((q) => q.where({ id: userId })) : undefined
  if (!user) return { user: undefined, denied: errorResponse(401, 'Unauthorized: sign in to continue') }
  return { user, denied: undefined }
}

export async function withLatency(ctx: PlatformContext) {
  if (ctx.latency > 0) await delay(ctx.latency)
}

/** A signed-in user's request, answered after the platform's latency: its user, or the 401 answer to send instead. */
export async function signedIn(ctx: PlatformContext, request: Request, rule: FirstFactorRule = {}) {
  await withLatency(ctx)
  return authenticate(ctx, request, rule)
}

/** A request's JSON body as `schema` reads it, or the 400 answer naming its first problem. */
export async function readBody<S extends v.GenericSchema>(request: Request, schema: S) {
  const parsed = v.safeParse(schema, await readJson(request))
  return parsed.success ? { body: parsed.output, invalid: undefined } : { body: undefined, invalid: errorResponse(400, parsed.issues[0].message) }
}

export async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json()
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Whether the user is a member of the organization. */
export function isOrganizationMember(ctx: PlatformContext, userId: string, slug: string): boolean {
  return Boolean(ctx.db.permissions.findFirst((q) => q.where({ gotrue_id: userId, organization_slug: slug })))
}

/** An organization the user is a member of, or undefined. */
export function findMemberOrganization(ctx: PlatformContext, userId: string, slug: string) {
  return isOrganizationMember(ctx, userId, slug) ? ctx.db.organizations.findFirst((q) => q.where({ slug })) : undefined
}

/** A project the user may reach through one of their organizations, or undefined. */
export function findMemberProject(ctx: PlatformContext, userId: string, ref: string) {
  const project = ctx.db.projects.findFirst((q) => q.where({ ref }))
  return project && isOrganizationMember(ctx, userId, project.organization_slug) ? project : undefined
}

/** The common start of an organization-scoped handler: latency, a signed-in member, the organization (404 otherwise). */
export async function authorizeOrganization(ctx: PlatformContext, request: Request, slug: unknown, notFound = 'Organization not found') {
  await withLatency(ctx)
  const { user, denied } = authenticate(ctx, request)
  if (denied) return { user: undefined, organization: undefined, denied }
  const organization = typeof slug === 'string' ? findMemberOrganization(ctx, user.id, slug) : undefined
  if (!organization) return { user: undefined, organization: undefined, denied: errorResponse(404, notFound) }
  return { user, organization, denied: undefined }
}

/** What a handler requires beyond membership: the dashboard's own check (SPEC §6), and what it is for in the refusal. */
export interface RequiredPermission {
  action: string
  resource: string
  /** Finishes "You need additional permissions to …", as the dashboard says it. */
  what: string
}

/** Whether the member may do `action` on `resource` (SPEC §6, the dashboard's `can()`); self-hosted has no permissions. */
export function memberMay(ctx: PlatformContext, userId: string, action: string, resource: string, scope: PermissionScope): boolean {
  if (ctx.selfHosted) return true
  return can(ctx.db.permissions.findMany((q) => q.where({ gotrue_id: userId })), action, resource, scope)
}

/**
 * Whether the member may change the project's data (SPEC §6: tenant SQL admin write on its SQL):
 * without it their SQL and GraphQL run read-only.
 */
export function mayChangeProjectData(ctx: PlatformContext, userId: string, project: { organization_slug: string; ref: string }): boolean {
  return memberMay(ctx, userId, PermissionAction.TENANT_SQL_ADMIN_WRITE, PERMISSION_RESOURCES.sql, { organizationSlug: project.organization_slug, projectRef: project.ref })
}

/** The 403 answer when the member may not, else undefined. */
export function refuseWithout(ctx: PlatformContext, userId: string, permission: RequiredPermission, scope: PermissionScope) {
  return memberMay(ctx, userId, permission.action, permission.resource, scope) ? undefined : errorResponse(403, PERMISSION_MESSAGE.denied(permission.what))
}

/**
 * The common start of a project-scoped handler: latency, a signed-in member, the project. A project
 * the user cannot see is 404, as if it did not exist; with `outsiders: 403` (the database and storage
 * of an existing project: pg-meta, storage) someone outside its organization is refused with 403,
 * the server's own rule whatever the dashboard showed (SPEC §6). With `permission`, a member without
 * it is refused with 403 too.
 */
export async function authorizeProject(
  ctx: PlatformContext,
  request: Request,
  ref: string,
  {
    outsiders = 404,
    permission,
    active = false,
  }: {
    outsiders?: 403 | 404
    permission?: RequiredPermission
    /** Only an active project: a paused, failed or transitioning one has no database to work on (400, with its status). */
    active?: boolean
  } = {},
) {
  await withLatency(ctx)
  const { user, denied } = authenticate(ctx, request)
  if (denied) return { user: undefined, project: undefined, denied }
  const project = findMemberProject(ctx, user.id, ref)
  if (project) {
    const refused =
      (permission && refuseWithout(ctx, user.id, permission, { organizationSlug: project.organization_slug, projectRef: project.ref })) ||
      (active && !isActiveProjectStatus(project.status) ? errorResponse(400, PROJECT_NOT_ACTIVE_MESSAGE(project.status)) : undefined)
    return refused ? { user: undefined, project: undefined, denied: refused } : { user, project, denied: undefined }
  }
  const exists = outsiders === 403 && ctx.db.projects.findFirst((q) => q.where({ ref })) !== undefined
  return {
    user: undefined,
    project: undefined,
    denied: exists ? errorResponse(403, PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.reachProjectData)) : errorResponse(404, 'Project not found'),
  }
}
