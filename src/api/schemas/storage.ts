import * as v from 'valibot'
import { STORAGE_SORT_COLUMNS, STORAGE_SORT_ORDERS } from '../../constants/storage'

/** A bucket as `GET /platform/storage/{ref}/buckets` answers it (PLATFORM-API §10). */
export const StorageBucketSchema = v.object({
  id: v.string(),
  name: v.string(),
  owner: v.nullish(v.string(), null),
  public: v.boolean(),
  file_size_limit: v.nullish(v.number(), null),
  allowed_mime_types: v.nullish(v.array(v.string()), null),
  created_at: v.string(),
  updated_at: v.string(),
  type: v.optional(v.picklist(['STANDARD', 'ANALYTICS']), 'STANDARD'),
})
export type StorageBucket = v.InferOutput<typeof StorageBucketSchema>
export const StorageBucketsSchema = v.array(StorageBucketSchema)

/** What storage-api keeps about a file's bytes; a folder entry has none. */
export const StorageObjectMetadataSchema = v.looseObject({
  size: v.optional(v.number()),
  mimetype: v.optional(v.string()),
  eTag: v.optional(v.string()),
  cacheControl: v.optional(v.string()),
  lastModified: v.optional(v.string()),
  contentLength: v.optional(v.number()),
  httpStatusCode: v.optional(v.number()),
})
export type StorageObjectMetadata = v.InferOutput<typeof StorageObjectMetadataSchema>

/**
 * One entry of an object listing. A folder has `id: null` and no dates or metadata; `name` is the entry's
 * segment in a non-recursive listing and the full path in a recursive one.
 */
export const StorageObjectSchema = v.object({
  id: v.nullable(v.string()),
  name: v.string(),
  bucket_id: v.nullish(v.string(), null),
  owner: v.nullish(v.string(), null),
  created_at: v.nullish(v.string(), null),
  updated_at: v.nullish(v.string(), null),
  last_accessed_at: v.nullish(v.string(), null),
  metadata: v.nullish(StorageObjectMetadataSchema, null),
})
export type StorageObject = v.InferOutput<typeof StorageObjectSchema>
export const StorageObjectsSchema = v.array(StorageObjectSchema)

export const StorageSortSchema = v.object({ column: v.picklist(STORAGE_SORT_COLUMNS), order: v.picklist(STORAGE_SORT_ORDERS) })
export type StorageSort = v.InferOutput<typeof StorageSortSchema>

/** The body of `POST …/buckets/{id}/objects/list`. */
export const StorageListBodySchema = v.object({
  path: v.string(),
  options: v.optional(
    v.object({
      limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
      search: v.optional(v.string()),
      sortBy: v.optional(StorageSortSchema),
      recursive: v.optional(v.boolean()),
    }),
  ),
})
export type StorageListBody = v.InferOutput<typeof StorageListBodySchema>

export const StorageCreateBucketBodySchema = v.object({
  id: v.string(),
  public: v.optional(v.boolean(), false),
  file_size_limit: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0))),
  allowed_mime_types: v.nullish(v.array(v.string())),
})
export type StorageCreateBucketBody = v.InferInput<typeof StorageCreateBucketBodySchema>

export const StorageUpdateBucketBodySchema = v.object({
  public: v.optional(v.boolean()),
  file_size_limit: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0))),
  allowed_mime_types: v.nullish(v.array(v.string())),
})
export type StorageUpdateBucketBody = v.InferInput<typeof StorageUpdateBucketBodySchema>

export const StorageCreatedBucketSchema = v.object({ name: v.string() })
export const StorageDeletedObjectsSchema = v.array(v.object({ name: v.string() }))
export const StorageMoveAnswerSchema = v.object({ message: v.string() })
export const StorageCopyAnswerSchema = v.object({ path: v.string() })
export const StorageSignedUrlSchema = v.object({ signedUrl: v.string() })
export const StoragePublicUrlSchema = v.object({ publicUrl: v.string() })
export const StorageMessageSchema = v.object({ message: v.string() })

/** `POST …/objects/uploads` body: checked against every limit before any byte is sent. */
export const StorageUploadStartBodySchema = v.object({
  path: v.string(),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
  mimetype: v.string(),
  upsert: v.optional(v.boolean(), false),
})
export type StorageUploadStartBody = v.InferInput<typeof StorageUploadStartBodySchema>

export const StorageUploadSessionSchema = v.object({ uploadId: v.string(), chunkSize: v.number() })
export type StorageUploadSession = v.InferOutput<typeof StorageUploadSessionSchema>

/** A chunk's answer: where the next chunk starts; the last chunk also carries the stored object. */
export const StorageUploadChunkAnswerSchema = v.object({ offset: v.number(), object: v.optional(StorageObjectSchema) })
export type StorageUploadChunkAnswer = v.InferOutput<typeof StorageUploadChunkAnswerSchema>

/** `GET/PATCH /platform/projects/{ref}/config/storage` (PLATFORM-API §10). */
export const StorageConfigSchema = v.object({
  fileSizeLimit: v.number(),
  features: v.object({
    imageTransformation: v.object({ enabled: v.boolean() }),
    s3Protocol: v.object({ enabled: v.boolean() }),
  }),
})
export type StorageConfig = v.InferOutput<typeof StorageConfigSchema>
export const StorageConfigPatchSchema = v.object({ fileSizeLimit: v.pipe(v.number(), v.integer(), v.minValue(0)) })
export type StorageConfigPatch = v.InferInput<typeof StorageConfigPatchSchema>
