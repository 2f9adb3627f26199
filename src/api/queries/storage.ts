// Storage (issue 25): query-option factories and the plain async mutations of the storage endpoints
// (PLATFORM-API §10, /work/storage-contract.md). Every call goes through the one client.
import {
  STORAGE_LIST_PAGE_SIZE,
  STORAGE_ROLE_HEADER,
  STORAGE_USER_HEADER,
  type StorageRole,
} from '../../constants/storage'
import { api, type ApiClient } from '../client'
import {
  StorageBucketSchema,
  StorageBucketsSchema,
  StorageConfigSchema,
  StorageCopyAnswerSchema,
  StorageCreatedBucketSchema,
  StorageDeletedObjectsSchema,
  StorageMoveAnswerSchema,
  StorageObjectsSchema,
  StoragePublicUrlSchema,
  StorageSignedUrlSchema,
  StorageUploadChunkAnswerSchema,
  StorageUploadSessionSchema,
  type StorageConfigPatch,
  type StorageCreateBucketBody,
  type StorageObject,
  type StorageSort,
  type StorageUpdateBucketBody,
  type StorageUploadStartBody,
} from '../schemas'
import { queryKeys } from './keys'

export type {
  StorageBucket,
  StorageConfig,
  StorageConfigPatch,
  StorageCreateBucketBody,
  StorageObject,
  StorageObjectMetadata,
  StorageSort,
  StorageUpdateBucketBody,
  StorageUploadChunkAnswer,
  StorageUploadSession,
  StorageUploadStartBody,
} from '../schemas'

/**
 * Who an object call runs as (headers x-storage-role / x-storage-user): the dashboard's own view is
 * service_role (bypasses RLS); 'authenticated' with a user id or 'anon' lets RLS apply.
 */
export interface StorageCaller {
  role: StorageRole
  /** The `sub` claim (`auth.uid()`), a uuid. */
  userId?: string
}

export interface StorageCallOptions {
  signal?: AbortSignal
  client?: ApiClient
  caller?: StorageCaller
}

export const DEFAULT_STORAGE_SORT: StorageSort = { column: 'name', order: 'asc' }

/** A folder path as the keys and the list call take it: no leading or trailing '/', '' for the bucket's root. */
export function normalizeFolderPath(path: string): string {
  return path.replace(/^\/+|\/+$/g, '')
}

function storagePath(ref: string): string {
  return `/platform/storage/${encodeURIComponent(ref)}`
}
function bucketPath(ref: string, bucket: string): string {
  return `${storagePath(ref)}/buckets/${encodeURIComponent(bucket)}`
}
function objectsPath(ref: string, bucket: string): string {
  return `${bucketPath(ref, bucket)}/objects`
}
function callerHeaders(caller: StorageCaller | undefined): Record<string, string> {
  if (!caller) return {}
  return caller.userId ? { [STORAGE_ROLE_HEADER]: caller.role, [STORAGE_USER_HEADER]: caller.userId } : { [STORAGE_ROLE_HEADER]: caller.role }
}

// ─── Buckets ────────────────────────────────────────────────────────────────

export function storageBucketsQuery(ref: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.storageBuckets(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(`${storagePath(ref)}/buckets`, { schema: StorageBucketsSchema, signal }),
  }
}

export function storageBucketQuery(ref: string, bucket: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.storageBucket(ref, bucket),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(bucketPath(ref, bucket), { schema: StorageBucketSchema, signal }),
  }
}

/** 201 `{name}`; 409 when it exists, 400 for a bad name. */
export async function createBucket(ref: string, body: StorageCreateBucketBody, options: StorageCallOptions = {}) {
  const client = options.client ?? api
  return client.post(`${storagePath(ref)}/buckets`, { body, schema: StorageCreatedBucketSchema, signal: options.signal })
}

export async function updateBucket(ref: string, bucket: string, body: StorageUpdateBucketBody, options: StorageCallOptions = {}) {
  const client = options.client ?? api
  return client.patch(bucketPath(ref, bucket), { body, schema: StorageBucketSchema, signal: options.signal })
}

/** Removes the bucket with all its objects and their bytes (the screen confirms by name first). */
export async function deleteBucket(ref: string, bucket: string, options: StorageCallOptions = {}): Promise<void> {
  const client = options.client ?? api
  await client.delete(bucketPath(ref, bucket), { signal: options.signal })
}

/** Removes every object of the bucket, keeps the bucket. */
export async function emptyBucket(ref: string, bucket: string, options: StorageCallOptions = {}): Promise<void> {
  const client = options.client ?? api
  await client.post(`${bucketPath(ref, bucket)}/empty`, { signal: options.signal })
}

// ─── Listings ───────────────────────────────────────────────────────────────

export interface ObjectListParams {
  path: string
  search?: string
  sort?: StorageSort
}

/** One list call: direct children of `path` (folders first), or with `recursive` every object under it. */
export async function listObjects(
  ref: string,
  bucket: string,
  params: ObjectListParams & { limit?: number; offset?: number; recursive?: boolean },
  options: StorageCallOptions = {},
): Promise<StorageObject[]> {
  const client = options.client ?? api
  const sort = params.sort ?? DEFAULT_STORAGE_SORT
  return client.post(`${objectsPath(ref, bucket)}/list`, {
    body: {
      path: normalizeFolderPath(params.path),
      options: {
        limit: params.limit ?? STORAGE_LIST_PAGE_SIZE,
        offset: params.offset ?? 0,
        search: params.search ?? '',
        sortBy: sort,
        ...(params.recursive ? { recursive: true } : {}),
      },
    },
    headers: callerHeaders(options.caller),
    schema: StorageObjectsSchema,
    signal: options.signal,
  })
}

/** One page of a folder at an offset; the key holds ref, bucket, path, search, sort, offset and limit. */
export function storageObjectPageQuery(
  ref: string,
  bucket: string,
  params: ObjectListParams & { offset?: number; limit?: number },
  client: ApiClient = api,
) {
  const path = normalizeFolderPath(params.path)
  const search = params.search ?? ''
  const sort = params.sort ?? DEFAULT_STORAGE_SORT
  const offset = params.offset ?? 0
  const limit = params.limit ?? STORAGE_LIST_PAGE_SIZE
  return {
    queryKey: queryKeys.storageObjectPage(ref, bucket, path, search, sort.column, sort.order, offset, limit),
    queryFn: ({ signal }: { signal?: AbortSignal }) => listObjects(ref, bucket, { path, search, sort, offset, limit }, { client, signal }),
  }
}

/**
 * A folder's pages for `useInfiniteQuery`: page params are offsets, a short page is the last. The key
 * holds ref, bucket, path, search and sort, so an answer for a folder left behind never lands in another.
 */
export function storageObjectPagesQuery(ref: string, bucket: string, params: ObjectListParams, client: ApiClient = api) {
  const path = normalizeFolderPath(params.path)
  const search = params.search ?? ''
  const sort = params.sort ?? DEFAULT_STORAGE_SORT
  return {
    queryKey: queryKeys.storageObjectPages(ref, bucket, path, search, sort.column, sort.order),
    queryFn: ({ signal, pageParam = 0 }: { signal?: AbortSignal; pageParam?: number }) =>
      listObjects(ref, bucket, { path, search, sort, offset: pageParam, limit: STORAGE_LIST_PAGE_SIZE }, { client, signal }),
    initialPageParam: 0,
    getNextPageParam: (last: StorageObject[], _pages: StorageObject[][], lastOffset: number) =>
      last.length < STORAGE_LIST_PAGE_SIZE ? undefined : lastOffset + last.length,
  }
}

/** Every object under a prefix (recursive; `name` is the full path), fetched page by page until the end. */
export async function listAllObjectsUnder(ref: string, bucket: string, prefix: string, options: StorageCallOptions = {}): Promise<StorageObject[]> {
  const all: StorageObject[] = []
  for (let offset = 0; ; ) {
    const page = await listObjects(ref, bucket, { path: prefix, offset, limit: 1000, recursive: true }, options)
    all.push(...page)
    if (page.length < 1000) return all
    offset += page.length
  }
}

export function storageObjectsUnderQuery(ref: string, bucket: string, prefix: string, client: ApiClient = api) {
  const path = normalizeFolderPath(prefix)
  return {
    queryKey: queryKeys.storageObjectsUnder(ref, bucket, path),
    queryFn: ({ signal }: { signal?: AbortSignal }) => listAllObjectsUnder(ref, bucket, path, { client, signal }),
  }
}

// ─── Objects ────────────────────────────────────────────────────────────────

/** Deletes objects by full path; answers the names deleted. */
export async function deleteObjects(ref: string, bucket: string, paths: readonly string[], options: StorageCallOptions = {}) {
  const client = options.client ?? api
  return client.delete(objectsPath(ref, bucket), {
    body: { paths },
    headers: callerHeaders(options.caller),
    schema: StorageDeletedObjectsSchema,
    signal: options.signal,
  })
}

/** Moves (renames) an object, or a whole folder when `from` ends in '/' (then `to` is the new folder, ending in '/'). 409 if `to` exists. */
export async function moveObject(ref: string, bucket: string, from: string, to: string, options: StorageCallOptions = {}) {
  const client = options.client ?? api
  return client.post(`${objectsPath(ref, bucket)}/move`, {
    body: { from, to },
    headers: callerHeaders(options.caller),
    schema: StorageMoveAnswerSchema,
    signal: options.signal,
  })
}

export async function copyObject(ref: string, bucket: string, from: string, to: string, options: StorageCallOptions = {}) {
  const client = options.client ?? api
  return client.post(`${objectsPath(ref, bucket)}/copy`, {
    body: { from, to },
    headers: callerHeaders(options.caller),
    schema: StorageCopyAnswerSchema,
    signal: options.signal,
  })
}

/** An absolute URL served by the platform that works for `expiresIn` seconds. */
export async function signObjectUrl(ref: string, bucket: string, path: string, expiresIn: number, options: StorageCallOptions = {}): Promise<string> {
  const client = options.client ?? api
  const answer = await client.post(`${objectsPath(ref, bucket)}/sign`, {
    body: { path, expiresIn },
    headers: callerHeaders(options.caller),
    schema: StorageSignedUrlSchema,
    signal: options.signal,
  })
  return answer.signedUrl
}

/** The public URL of an object of a public bucket (400 'Bucket not found' for a private one). */
export async function publicObjectUrl(ref: string, bucket: string, path: string, options: StorageCallOptions = {}): Promise<string> {
  const client = options.client ?? api
  const answer = await client.post(`${objectsPath(ref, bucket)}/public-url`, { body: { path }, schema: StoragePublicUrlSchema, signal: options.signal })
  return answer.publicUrl
}

/** The object's bytes, typed by its mimetype. */
export async function downloadObject(ref: string, bucket: string, path: string, options: StorageCallOptions = {}): Promise<Blob> {
  const client = options.client ?? api
  return client.blob(`${objectsPath(ref, bucket)}/download`, { body: { path }, headers: callerHeaders(options.caller), signal: options.signal })
}

// ─── Uploads (chunked sessions) ─────────────────────────────────────────────

/**
 * Opens an upload session; refused before any byte: 413 over the bucket's or the plan's limit, 415 a MIME
 * type the bucket does not allow, 400 a bad name, 409 exists (without upsert), 403 RLS denies the insert.
 */
export async function startUpload(ref: string, bucket: string, body: StorageUploadStartBody, options: StorageCallOptions = {}) {
  const client = options.client ?? api
  return client.post(`${objectsPath(ref, bucket)}/uploads`, {
    body,
    headers: callerHeaders(options.caller),
    schema: StorageUploadSessionSchema,
    signal: options.signal,
  })
}

/** Sends the bytes starting at `offset`; the chunk that reaches the size completes the upload (answer has `object`). */
export async function uploadChunk(
  ref: string,
  bucket: string,
  uploadId: string,
  offset: number,
  bytes: Blob | ArrayBuffer | Uint8Array,
  options: StorageCallOptions = {},
) {
  const client = options.client ?? api
  return client.patch(`${objectsPath(ref, bucket)}/uploads/${encodeURIComponent(uploadId)}`, {
    rawBody: { data: bytes, contentType: 'application/offset+octet-stream' },
    headers: { 'Upload-Offset': String(offset), ...callerHeaders(options.caller) },
    schema: StorageUploadChunkAnswerSchema,
    signal: options.signal,
  })
}

/** Drops an unfinished upload and its partial bytes. */
export async function cancelUpload(ref: string, bucket: string, uploadId: string, options: StorageCallOptions = {}): Promise<void> {
  const client = options.client ?? api
  await client.delete(`${objectsPath(ref, bucket)}/uploads/${encodeURIComponent(uploadId)}`, { signal: options.signal })
}

// ─── Settings ───────────────────────────────────────────────────────────────

function storageConfigPath(ref: string): string {
  return `/platform/projects/${encodeURIComponent(ref)}/config/storage`
}

export function storageConfigQuery(ref: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.storageConfig(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(storageConfigPath(ref), { schema: StorageConfigSchema, signal }),
  }
}

/** Sets the global upload size limit (bytes); above the plan's maximum it is refused with the plan's message (400). */
export async function updateStorageConfig(ref: string, body: StorageConfigPatch, options: StorageCallOptions = {}) {
  const client = options.client ?? api
  return client.patch(storageConfigPath(ref), { body, schema: StorageConfigSchema, signal: options.signal })
}
