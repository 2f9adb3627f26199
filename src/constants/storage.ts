// Storage (issue 25): plan upload limits, listing pages, upload chunks, signed-URL expiries and the
// name rules of the platform's storage API, written once for the screens and the mock platform.
import { BYTES_PER_GB, BYTES_PER_MB } from './billing'
import type { PlanId } from './platform'

/**
 * SPEC §9 "Max file size: 50 MB / 500 GB" (free / pro and up). Not in SPEC: Enterprise is "Custom" on the
 * plan matrix; the mock gives it the Pro figure.
 */
export const STORAGE_PLAN_UPLOAD_LIMIT = {
  free: 50 * BYTES_PER_MB,
  pro: 500 * BYTES_PER_GB,
  team: 500 * BYTES_PER_GB,
  enterprise: 500 * BYTES_PER_GB,
} as const satisfies Record<PlanId, number>

/** The platform lists 200 objects per call; the explorer keeps asking for the next page as you scroll. */
export const STORAGE_LIST_PAGE_SIZE = 200
/** storage-api: a list call asks for at most 1000 entries. */
export const STORAGE_LIST_MAX_LIMIT = 1000

/** Bytes per upload chunk (the platform's resumable uploads use 6 MB chunks). */
export const STORAGE_UPLOAD_CHUNK_SIZE = 6 * BYTES_PER_MB

/** How long a signed URL lives, in seconds; 'custom' lets the user type a number of seconds. */
export const SIGNED_URL_EXPIRY_CHOICES = [
  { id: 'week', label: '1 week', seconds: 7 * 24 * 60 * 60 },
  { id: 'month', label: '1 month', seconds: 30 * 24 * 60 * 60 },
  { id: 'year', label: '1 year', seconds: 365 * 24 * 60 * 60 },
  { id: 'custom', label: 'Custom', seconds: null },
] as const
export type SignedUrlExpiryChoice = (typeof SIGNED_URL_EXPIRY_CHOICES)[number]['id']

/** A folder exists when an object of this name is in it (the platform's way: object stores have no folders). */
export const EMPTY_FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder'

/** The sort columns of an object listing (storage-api's list options). */
export const STORAGE_SORT_COLUMNS = ['name', 'created_at', 'updated_at', 'last_accessed_at', 'size'] as const
export type StorageSortColumn = (typeof STORAGE_SORT_COLUMNS)[number]
export const STORAGE_SORT_ORDERS = ['asc', 'desc'] as const
export type StorageSortOrder = (typeof STORAGE_SORT_ORDERS)[number]

/** Roles an object call can run under (header x-storage-role); service_role is the dashboard's own view. */
export const STORAGE_ROLES = ['service_role', 'authenticated', 'anon'] as const
export type StorageRole = (typeof STORAGE_ROLES)[number]
export const STORAGE_ROLE_HEADER = 'x-storage-role'
export const STORAGE_USER_HEADER = 'x-storage-user'

/**
 * storage-api's name rules (src/storage/limits.ts): S3-safe characters only; a bucket name has no '/',
 * at most 100 characters; an object key at most 1024.
 */
export const BUCKET_NAME_RULES = {
  pattern: /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/,
  invalidCharacter: /[^A-Za-z0-9_!\-.*'() &$@=;:+,?]/,
  maxLength: 100,
} as const
export const OBJECT_NAME_RULES = {
  pattern: /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/,
  invalidCharacter: /[^A-Za-z0-9_/!\-.*'() &$@=;:+,?]/,
  maxLength: 1024,
} as const

export const STORAGE_MESSAGES = {
  bucketNameRequired: 'Provide a name for the bucket.',
  bucketNameTooLong: `A bucket name has at most ${BUCKET_NAME_RULES.maxLength} characters.`,
  bucketNameInvalid: (character: string) =>
    `A bucket name cannot contain "${character}": use letters, numbers, spaces and _ ! - . * ' ( ) & $ @ = ; : + , ? only.`,
  bucketNameTrimmed: 'A bucket name cannot start or end with a space.',
  objectNameRequired: 'Provide a name.',
  objectNameTooLong: `A path has at most ${OBJECT_NAME_RULES.maxLength} characters.`,
  objectNameInvalid: (character: string) =>
    `A name cannot contain "${character}": use letters, numbers, spaces and _ / ! - . * ' ( ) & $ @ = ; : + , ? only.`,
  objectNameSlashes: 'A name cannot start with "/", end with "/" or contain "//".',
  bucketExists: (name: string) => `A bucket named "${name}" already exists.`,
  bucketNotFound: 'Bucket not found',
  objectNotFound: 'Object not found',
  objectExists: 'The resource already exists',
  tokenExpired: 'Token has expired',
  tokenInvalid: 'Invalid signature',
  bucketNotPublic: 'Bucket not found',
  bucketTooLarge: (limit: string) => `The object exceeded the maximum allowed size: ${limit}.`,
  mimeNotAllowed: (mimetype: string) => `mime type ${mimetype} is not supported`,
  rlsDenied: 'new row violates row-level security policy',
  /** Self-hosted on a database of the user's own (STUDIO_MODE=self-hosted) that has no storage schema. */
  notInstalled: 'Storage is not set up on this database: it has no storage schema (storage.buckets, storage.objects), which the storage service creates when it first starts.',
} as const
