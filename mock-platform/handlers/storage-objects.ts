/**
 * Storage objects (storage.ts has the buckets): list, delete many, move (a folder by prefix), copy,
 * sign, public URL and download. Every statement on `storage.objects` runs under the caller's role
 * (x-storage-role / x-storage-user), so the project's RLS policies decide what it may see and do.
 */
import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { StorageListBodySchema, type StorageObject } from '../../src/api/schemas/storage'
import { STORAGE_MESSAGES, type StorageSortColumn, type StorageSortOrder } from '../../src/constants'
import { objectNameProblem } from '../../src/lib/storage-names'
import type { PlatformContext } from '../context'
import { StorageRefusal, param, readBucket, storageEndpoint, type StorageCall } from './storage-access'
import { apiBaseOf, servedObjectUrl, signObjectToken } from '../storage/signing'
import { clampListLimit, copySql, deleteObjectsSql, listSql, moveSql, objectsByNameSql } from '../storage/sql'
import { readJson } from './util'

const OBJECTS = '*/platform/storage/:ref/buckets/:id/objects'

/** A folder prefix as listings take it: '' for the root, else the folder's path ending in '/'. */
export function folderPrefix(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '')
  return trimmed === '' ? '' : `${trimmed}/`
}

function text(body: Record<string, unknown>, key: string): string {
  const value = body[key]
  if (typeof value !== 'string' || value === '') throw new StorageRefusal(400, `${key} is required`)
  return value
}

function checkName(path: string) {
  const problem = objectNameProblem(path)
  if (problem) throw new StorageRefusal(400, problem)
}

/** The object as the caller may see it, or a 404 refusal. */
export async function readObject(call: StorageCall, bucket: string, path: string): Promise<StorageObject & { id: string }> {
  const [rows] = (await call.asCaller([objectsByNameSql(bucket, [path])])) as [StorageObject[]]
  const object = rows[0]
  if (!object?.id) throw new StorageRefusal(404, STORAGE_MESSAGES.objectNotFound)
  return object as StorageObject & { id: string }
}

export function storageObjectHandlers(ctx: PlatformContext) {
  return [
    http.post(`${OBJECTS}/list`, async ({ request, params }) => {
      const [ref, bucket] = [param(params.ref), param(params.id)]
      const body = await readJson(request)
      return storageEndpoint(ctx, request, ref, 'read', { path: `/object/list/${bucket}`, bucket, object: typeof body['path'] === 'string' ? body['path'] : null }, async (call) => {
        const parsed = v.safeParse(StorageListBodySchema, { ...body, path: body['path'] ?? '' })
        if (!parsed.success) throw new StorageRefusal(400, v.summarize(parsed.issues))
        const options = parsed.output.options ?? {}
        await readBucket(call, bucket)
        const [entries] = await call.asCaller([
          listSql(bucket, {
            prefix: folderPrefix(parsed.output.path),
            limit: clampListLimit(options.limit),
            offset: options.offset ?? 0,
            search: options.search ?? '',
            column: (options.sortBy?.column ?? 'name') as StorageSortColumn,
            order: (options.sortBy?.order ?? 'asc') as StorageSortOrder,
            recursive: options.recursive === true,
          }),
        ])
        return HttpResponse.json(entries as StorageObject[])
      })
    }),

    http.delete(OBJECTS, async ({ request, params }) => {
      const [ref, bucket] = [param(params.ref), param(params.id)]
      const body = await readJson(request)
      const paths = Array.isArray(body['paths']) ? body['paths'].filter((p): p is string => typeof p === 'string') : []
      return storageEndpoint(ctx, request, ref, 'write', { path: `/object/${bucket}`, bucket, object: paths.length === 1 ? paths[0] : null }, async (call) => {
        if (paths.length === 0) throw new StorageRefusal(400, 'paths must name at least one object')
        await readBucket(call, bucket)
        const [deleted] = (await call.asCaller([deleteObjectsSql(bucket, paths)])) as [{ id: string; name: string }[]]
        await ctx.storageBytes.delete(ref, bucket, deleted.map((object) => object.id))
        return HttpResponse.json(deleted.map(({ name }) => ({ name })))
      })
    }),

    http.post(`${OBJECTS}/move`, async ({ request, params }) => {
      const [ref, bucket] = [param(params.ref), param(params.id)]
      const body = await readJson(request)
      return storageEndpoint(ctx, request, ref, 'write', { path: '/object/move', bucket, object: typeof body['from'] === 'string' ? body['from'] : null }, async (call) => {
        const [from, to] = [text(body, 'from'), text(body, 'to')]
        const folder = from.endsWith('/')
        if (folder !== to.endsWith('/')) throw new StorageRefusal(400, 'Move a folder to a folder: both paths end in "/", or neither does.')
        checkName(folder ? to.slice(0, -1) : to)
        if (folder && to.startsWith(from)) throw new StorageRefusal(400, 'A folder cannot be moved into itself.')
        await readBucket(call, bucket)
        const [moved] = (await call.asCaller([moveSql(bucket, from, to)])) as [number]
        if (moved === 0) throw new StorageRefusal(404, STORAGE_MESSAGES.objectNotFound)
        return HttpResponse.json({ message: 'Successfully moved' })
      })
    }),

    http.post(`${OBJECTS}/copy`, async ({ request, params }) => {
      const [ref, bucket] = [param(params.ref), param(params.id)]
      const body = await readJson(request)
      return storageEndpoint(ctx, request, ref, 'write', { path: '/object/copy', bucket, object: typeof body['from'] === 'string' ? body['from'] : null }, async (call) => {
        const [from, to] = [text(body, 'from'), text(body, 'to')]
        checkName(to)
        await readBucket(call, bucket)
        const [copied] = (await call.asCaller([copySql(bucket, from, to, call.caller.userId)])) as [{ source: string | null; copy: string | null }]
        if (!copied.source || !copied.copy) throw new StorageRefusal(404, STORAGE_MESSAGES.objectNotFound)
        const bytes = await ctx.storageBytes.get(ref, bucket, copied.source)
        if (bytes) await ctx.storageBytes.put(ref, bucket, copied.copy, bytes)
        return HttpResponse.json({ path: to })
      })
    }),

    http.post(`${OBJECTS}/sign`, async ({ request, params }) => {
      const [ref, bucket] = [param(params.ref), param(params.id)]
      const body = await readJson(request)
      return storageEndpoint(ctx, request, ref, 'read', { path: `/object/sign/${bucket}`, bucket, object: typeof body['path'] === 'string' ? body['path'] : null }, async (call) => {
        const path = text(body, 'path')
        const expiresIn = body['expiresIn']
        if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn < 1) throw new StorageRefusal(400, 'expiresIn must be a whole number of seconds, at least 1')
        await readBucket(call, bucket)
        await readObject(call, bucket, path)
        const exp = Math.floor((Date.now() + ctx.clockOffset) / 1000) + expiresIn
        const token = await signObjectToken({ ref, bucket, path, exp })
        return HttpResponse.json({ signedUrl: `${servedObjectUrl(apiBaseOf(request), ref, 'sign', bucket, path)}?token=${token}` })
      })
    }),

    http.post(`${OBJECTS}/public-url`, async ({ request, params }) => {
      const [ref, bucket] = [param(params.ref), param(params.id)]
      const body = await readJson(request)
      return storageEndpoint(ctx, request, ref, 'read', { path: `/object/public/${bucket}`, bucket, object: typeof body['path'] === 'string' ? body['path'] : null }, async (call) => {
        const path = text(body, 'path')
        const found = await readBucket(call, bucket)
        if (!found.public) throw new StorageRefusal(400, STORAGE_MESSAGES.bucketNotPublic)
        return HttpResponse.json({ publicUrl: servedObjectUrl(apiBaseOf(request), ref, 'public', bucket, path) })
      })
    }),

    http.post(`${OBJECTS}/download`, async ({ request, params }) => {
      const [ref, bucket] = [param(params.ref), param(params.id)]
      const body = await readJson(request)
      return storageEndpoint(ctx, request, ref, 'read', { path: `/object/authenticated/${bucket}`, bucket, object: typeof body['path'] === 'string' ? body['path'] : null }, async (call) => {
        const path = text(body, 'path')
        await readBucket(call, bucket)
        const object = await readObject(call, bucket, path)
        return objectBytesResponse(ctx, ref, bucket, object)
      })
    }),
  ]
}

/** An object's bytes as an answer, typed by its metadata; 404 when the row has no bytes (written by SQL, not uploaded). */
export async function objectBytesResponse(ctx: PlatformContext, ref: string, bucket: string, object: { id: string; metadata?: StorageObject['metadata'] }) {
  const bytes = await ctx.storageBytes.get(ref, bucket, object.id)
  if (!bytes) throw new StorageRefusal(404, STORAGE_MESSAGES.objectNotFound)
  const metadata = object.metadata ?? {}
  return new HttpResponse(bytes, {
    headers: {
      'Content-Type': metadata.mimetype ?? 'application/octet-stream',
      'Content-Length': String(bytes.length),
      'Cache-Control': metadata.cacheControl ?? 'no-cache',
      ...(metadata.eTag ? { ETag: metadata.eTag } : {}),
    },
  })
}
