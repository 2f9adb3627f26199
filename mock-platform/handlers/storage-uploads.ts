/**
 * Chunked uploads (storage/uploads.ts keeps the sessions). Opening a session checks everything that
 * can refuse the file before any byte is sent: its name, the bucket's size limit and MIME list, the
 * project's global limit and the plan's, an existing object (without upsert), and whether RLS lets
 * the caller's role insert it (a trial insert, rolled back). Each chunk continues at `Upload-Offset`;
 * the one that reaches the size inserts the row and stores the bytes.
 */
import { http, HttpResponse } from 'msw'
import { StorageUploadStartBodySchema, type StorageObject } from '../../src/api/schemas/storage'
import { STORAGE_MESSAGES, STORAGE_PLAN_UPLOAD_LIMIT, STORAGE_UPLOAD_CHUNK_SIZE } from '../../src/constants'
import { formatBytes } from '../../src/lib/format-bytes'
import { mimeTypeAllowed, objectNameProblem, storagePlanLimitMessage } from '../../src/lib/storage-names'
import type { PlatformContext } from '../context'
import { StorageRefusal, param, parsed, readBucket, storageEndpoint, type StorageCall } from './storage-access'
import { projectFileSizeLimit } from '../storage/config-store'
import { insertObjectSql, objectsByNameSql, touchObjectSql } from '../storage/sql'
import { eTagOf, type UploadSession } from '../storage/uploads'
import { sqlLiteral } from '../../src/lib/sql/quote'
import { readJson } from './util'

const UPLOADS = '*/platform/storage/:ref/buckets/:id/objects/uploads'

/** The refusals of an upload that come before any byte. */
async function checkUpload(call: StorageCall, bucketId: string, body: { path: string; size: number; mimetype: string; upsert: boolean }) {
  const problem = objectNameProblem(body.path)
  if (problem) throw new StorageRefusal(400, problem)
  const bucket = await readBucket(call, bucketId)
  if (bucket.file_size_limit != null && body.size > bucket.file_size_limit) {
    throw new StorageRefusal(413, STORAGE_MESSAGES.bucketTooLarge(formatBytes(bucket.file_size_limit)))
  }
  if (body.size > STORAGE_PLAN_UPLOAD_LIMIT[call.plan]) throw new StorageRefusal(413, storagePlanLimitMessage(call.plan))
  return bucket
}

export function storageUploadHandlers(ctx: PlatformContext) {
  const sessions = ctx.uploadSessions

  /** Inserts the finished object under the caller's role, then keeps its bytes (the row goes again if they cannot be kept). */
  async function complete(call: StorageCall, session: UploadSession, bytes: Uint8Array<ArrayBuffer>): Promise<StorageObject> {
    const now = new Date(Date.now() + ctx.clockOffset).toISOString()
    const metadata = {
      size: session.size,
      mimetype: session.mimetype,
      eTag: await eTagOf(bytes),
      cacheControl: 'max-age=3600',
      lastModified: now,
      contentLength: session.size,
      httpStatusCode: 200,
    }
    const [object] = (await call.asCaller([insertObjectSql(session.bucket, { name: session.path, owner: session.caller.userId, metadata }, session.upsert)])) as [
      StorageObject & { id: string },
    ]
    try {
      await ctx.storageBytes.put(session.ref, session.bucket, object.id, bytes)
    } catch (error) {
      await call.asPlatform(`delete from storage.objects where id = ${sqlLiteral(object.id)}`)
      throw error
    }
    return object
  }

  return [
    http.post(UPLOADS, async ({ request, params }) => {
      const [ref, bucket] = [param(params.ref), param(params.id)]
      const body = await readJson(request)
      return storageEndpoint(ctx, request, ref, 'write', { path: `/upload/resumable/${bucket}`, bucket, object: typeof body['path'] === 'string' ? body['path'] : null }, async (call) => {
        const start = parsed(StorageUploadStartBodySchema, body)
        const found = await checkUpload(call, bucket, start)
        const globalLimit = projectFileSizeLimit(ctx, ref, call.plan)
        if (start.size > globalLimit) throw new StorageRefusal(413, STORAGE_MESSAGES.bucketTooLarge(formatBytes(globalLimit)))
        if (!mimeTypeAllowed(start.mimetype, found.allowed_mime_types)) throw new StorageRefusal(415, STORAGE_MESSAGES.mimeNotAllowed(start.mimetype))
        // An object the caller cannot see still takes the name (the unique index knows no RLS).
        const [existing] = (await call.asPlatform(objectsByNameSql(bucket, [start.path]))) as StorageObject[]
        if (existing && !start.upsert) throw new StorageRefusal(409, STORAGE_MESSAGES.objectExists)
        // Would RLS let this role write it? Tried now and rolled back, so a refusal comes before any byte.
        if (existing) {
          const [touched] = (await call.asCaller([touchObjectSql(bucket, start.path)], { rollback: true })) as [number]
          if (touched === 0) throw new StorageRefusal(403, STORAGE_MESSAGES.rlsDenied)
        } else {
          await call.asCaller([insertObjectSql(bucket, { name: start.path, owner: call.caller.userId, metadata: {} }, false)], { rollback: true })
        }
        const id = crypto.randomUUID()
        await sessions.open({ id, ref, bucket, path: start.path, size: start.size, mimetype: start.mimetype, upsert: start.upsert, caller: call.caller })
        return HttpResponse.json({ uploadId: id, chunkSize: STORAGE_UPLOAD_CHUNK_SIZE }, { status: 201 })
      })
    }),

    http.patch(`${UPLOADS}/:uploadId`, async ({ request, params }) => {
      const [ref, bucket, uploadId] = [param(params.ref), param(params.id), param(params.uploadId)]
      const session = await sessions.get(uploadId)
      return storageEndpoint(ctx, request, ref, 'write', { path: `/upload/resumable/${bucket}`, bucket, object: session?.path ?? null }, async (call) => {
        if (!session || session.ref !== ref || session.bucket !== bucket) throw new StorageRefusal(404, 'Upload not found')
        const offset = Number(request.headers.get('upload-offset'))
        const elsewhere = (received: number) => HttpResponse.json({ message: `Upload-Offset must be ${received}`, offset: received }, { status: 409 })
        if (!Number.isInteger(offset) || offset !== session.received) return elsewhere(session.received)
        const chunk = new Uint8Array(await request.arrayBuffer())
        if (session.received + chunk.length > session.size) throw new StorageRefusal(400, `The chunk goes past the upload's size (${session.size} bytes)`)
        const appended = await sessions.append(uploadId, offset, chunk)
        if (!appended) throw new StorageRefusal(404, 'Upload not found')
        // Another request kept a chunk at this offset meanwhile (a retry that crossed its first try).
        if (!appended.kept) return elsewhere(appended.received)
        if (appended.received < session.size) return HttpResponse.json({ offset: appended.received })
        const bytes = await sessions.finish(uploadId)
        if (!bytes) throw new StorageRefusal(404, 'Upload not found')
        // The session's caller, checked when it opened, writes the row.
        const object = await complete({ ...call, caller: session.caller, asCaller: call.asCallerOf(session.caller) }, session, bytes)
        return HttpResponse.json({ offset: appended.received, object })
      })
    }),

    http.delete(`${UPLOADS}/:uploadId`, async ({ request, params }) => {
      const [ref, bucket, uploadId] = [param(params.ref), param(params.id), param(params.uploadId)]
      const session = await sessions.get(uploadId)
      return storageEndpoint(ctx, request, ref, 'write', { path: `/upload/resumable/${bucket}`, bucket, object: session?.path ?? null }, async () => {
        if (!session || session.ref !== ref || session.bucket !== bucket || !(await sessions.cancel(uploadId))) throw new StorageRefusal(404, 'Upload not found')
        return new HttpResponse(null, { status: 204 })
      })
    }),
  ]
}
