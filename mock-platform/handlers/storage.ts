/**
 * Storage (issue 25, PLATFORM-API §10, /work/storage-contract.md): buckets and the project's storage
 * settings here; objects in storage-objects.ts, chunked uploads in storage-uploads.ts, the signed and
 * public URLs the platform serves in storage-serve.ts. Buckets are rows of the project's own
 * `storage.buckets`, administered by the platform (no RLS); their objects' bytes are in
 * `ctx.storageBytes`.
 */
import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { StorageConfigPatchSchema, StorageCreateBucketBodySchema, StorageUpdateBucketBodySchema, type StorageBucket } from '../../src/api/schemas/storage'
import { STORAGE_MESSAGES, STORAGE_PLAN_UPLOAD_LIMIT, type PlanId } from '../../src/constants'
import { bucketNameProblem, storagePlanLimitMessage } from '../../src/lib/storage-names'
import type { PlatformContext } from '../context'
import {
  STORAGE_SETTINGS_PERMISSIONS,
  StorageRefusal,
  param,
  parsed,
  readBucket,
  recordStorageEvent,
  storageEndpoint,
  type StorageAccess,
} from './storage-access'
import { projectFileSizeLimit, setProjectFileSizeLimit } from '../storage/config-store'
import { bucketsSql, createBucketSql, deleteBucketSql, emptyBucketSql, updateBucketSql, type BucketFields } from '../storage/sql'
import { storageObjectHandlers } from './storage-objects'
import { storageServeHandlers } from './storage-serve'
import { storageUploadHandlers } from './storage-uploads'
import { authorizeProject, errorResponse, readJson } from './util'

const BUCKETS = '*/platform/storage/:ref/buckets'
/** A MIME type or a wildcard of one (`image/*`, `*\/*`). */
const MIME_PATTERN = /^([\w.+-]+|\*)\/([\w.+-]+|\*)$/

/** The limits a bucket may carry: MIME types well formed, a size limit within the plan's. */
function checkBucketFields(fields: BucketFields, plan: PlanId) {
  const bad = fields.allowed_mime_types?.find((type) => !MIME_PATTERN.test(type.trim()))
  if (bad !== undefined) throw new StorageRefusal(400, `Invalid MIME type "${bad}": write type/subtype, e.g. image/png or image/*.`)
  if (fields.file_size_limit != null && fields.file_size_limit > STORAGE_PLAN_UPLOAD_LIMIT[plan]) {
    throw new StorageRefusal(400, storagePlanLimitMessage(plan))
  }
}

function storageConfig(ctx: PlatformContext, ref: string, plan: PlanId) {
  return {
    fileSizeLimit: projectFileSizeLimit(ctx, ref, plan),
    // Not in SPEC: image transformations are a paid feature on the platform's plan matrix.
    features: { imageTransformation: { enabled: plan !== 'free' }, s3Protocol: { enabled: true } },
  }
}

function bucketHandlers(ctx: PlatformContext) {
  return [
    http.get(BUCKETS, ({ request, params }) => {
      const ref = param(params.ref)
      return storageEndpoint(ctx, request, ref, 'read', { path: '/bucket' }, async (call) => HttpResponse.json((await call.asPlatform(bucketsSql())) as StorageBucket[]))
    }),

    http.post(BUCKETS, async ({ request, params }) => {
      const ref = param(params.ref)
      const body = await readJson(request)
      const id = typeof body['id'] === 'string' ? body['id'] : typeof body['name'] === 'string' ? body['name'] : ''
      return storageEndpoint(ctx, request, ref, 'write', { path: '/bucket', bucket: id }, async (call) => {
        const fields = parsed(StorageCreateBucketBodySchema, { ...body, id })
        const problem = bucketNameProblem(id)
        if (problem) throw new StorageRefusal(400, problem)
        checkBucketFields(fields, call.plan)
        const [existing] = (await call.asPlatform(bucketsSql(id))) as StorageBucket[]
        if (existing) throw new StorageRefusal(409, STORAGE_MESSAGES.bucketExists(id))
        try {
          await call.asPlatform(createBucketSql(id, fields))
        } catch (error) {
          if (error instanceof StorageRefusal && error.status === 409) throw new StorageRefusal(409, STORAGE_MESSAGES.bucketExists(id))
          throw error
        }
        return HttpResponse.json({ name: id }, { status: 201 })
      })
    }),

    http.get(`${BUCKETS}/:id`, ({ request, params }) => {
      const [ref, id] = [param(params.ref), param(params.id)]
      return storageEndpoint(ctx, request, ref, 'read', { path: `/bucket/${id}`, bucket: id }, async (call) => HttpResponse.json(await readBucket(call, id)))
    }),

    http.patch(`${BUCKETS}/:id`, async ({ request, params }) => {
      const [ref, id] = [param(params.ref), param(params.id)]
      const body = await readJson(request)
      return storageEndpoint(ctx, request, ref, 'write', { path: `/bucket/${id}`, bucket: id }, async (call) => {
        const fields = parsed(StorageUpdateBucketBodySchema, body)
        checkBucketFields(fields, call.plan)
        await readBucket(call, id)
        await call.asPlatform(updateBucketSql(id, fields))
        return HttpResponse.json(await readBucket(call, id))
      })
    }),

    http.delete(`${BUCKETS}/:id`, ({ request, params }) => {
      const [ref, id] = [param(params.ref), param(params.id)]
      return storageEndpoint(ctx, request, ref, 'write', { path: `/bucket/${id}`, bucket: id }, async (call) => {
        await readBucket(call, id)
        // The bucket, its objects and their bytes go together.
        await call.asPlatform(emptyBucketSql(id))
        await call.asPlatform(deleteBucketSql(id))
        await ctx.storageBytes.deleteBucket(ref, id)
        return HttpResponse.json({ message: 'Successfully deleted' })
      })
    }),

    http.post(`${BUCKETS}/:id/empty`, ({ request, params }) => {
      const [ref, id] = [param(params.ref), param(params.id)]
      return storageEndpoint(ctx, request, ref, 'write', { path: `/bucket/${id}/empty`, bucket: id }, async (call) => {
        await readBucket(call, id)
        await call.asPlatform(emptyBucketSql(id))
        await ctx.storageBytes.deleteBucket(ref, id)
        return HttpResponse.json({ message: 'Successfully emptied' }, { status: 201 })
      })
    }),
  ]
}

function configHandlers(ctx: PlatformContext) {
  const path = '*/platform/projects/:ref/config/storage'
  async function withProject(request: Request, ref: string, access: StorageAccess, work: (plan: PlanId) => Response | Promise<Response>) {
    const begun = performance.now()
    const { project, denied } = await authorizeProject(ctx, request, ref, { outsiders: 403, permission: STORAGE_SETTINGS_PERMISSIONS[access] })
    if (denied) return denied
    const organization = ctx.db.organizations.findFirst((q) => q.where({ slug: project.organization_slug }))
    const response = await work((organization?.plan.id ?? 'free') as PlanId)
    recordStorageEvent(ctx, request, ref, { path: '/config/storage' }, response.status, performance.now() - begun, 'service_role')
    return response
  }
  return [
    http.get(path, ({ request, params }) => {
      const ref = param(params.ref)
      return withProject(request, ref, 'read', (plan) => HttpResponse.json(storageConfig(ctx, ref, plan)))
    }),
    http.patch(path, async ({ request, params }) => {
      const ref = param(params.ref)
      const body = await readJson(request)
      return withProject(request, ref, 'write', (plan) => {
        const result = v.safeParse(StorageConfigPatchSchema, body)
        if (!result.success) return errorResponse(400, v.summarize(result.issues))
        if (result.output.fileSizeLimit > STORAGE_PLAN_UPLOAD_LIMIT[plan]) return errorResponse(400, storagePlanLimitMessage(plan))
        setProjectFileSizeLimit(ctx, ref, result.output.fileSizeLimit)
        return HttpResponse.json(storageConfig(ctx, ref, plan))
      })
    }),
  ]
}

export function storageHandlers(ctx: PlatformContext) {
  return [...bucketHandlers(ctx), ...storageObjectHandlers(ctx), ...storageUploadHandlers(ctx), ...configHandlers(ctx), ...storageServeHandlers(ctx)]
}
