import type { StorageBucket, StorageCreateBucketBody, StorageUpdateBucketBody } from '../../api/queries/storage'
import { sizeInUnit, unitBytes, type SizeUnit } from '../../lib/size-units'
import { bucketNameProblem } from '../../lib/storage-names'

/**
 * The create / edit bucket form. Decisions: the name is checked as it is typed with storage-api's
 * rules (and against the buckets listed: names are ids, unique); the size limit is a number and a unit
 * (bytes, KB, MB, GB, binary as everywhere on the dashboard); MIME types are a comma-separated list,
 * each 'type/subtype' or 'type/*'. Empty means no limit.
 */
export interface BucketFormValues {
  name: string
  isPublic: boolean
  limitOn: boolean
  limitValue: string
  limitUnit: SizeUnit
  mimeTypes: string
}

export type BucketField = 'name' | 'limitValue' | 'mimeTypes'

export function emptyBucketForm(): BucketFormValues {
  return { name: '', isPublic: false, limitOn: false, limitValue: '', limitUnit: 'MB', mimeTypes: '' }
}

export function bucketFormFrom(bucket: StorageBucket): BucketFormValues {
  const limit = bucket.file_size_limit === null ? null : sizeInUnit(bucket.file_size_limit)
  return {
    name: bucket.name,
    isPublic: bucket.public,
    limitOn: limit !== null,
    limitValue: limit?.value ?? '',
    limitUnit: limit?.unit ?? 'MB',
    mimeTypes: (bucket.allowed_mime_types ?? []).join(', '),
  }
}

const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/(\*|[a-z0-9][a-z0-9!#$&^_.+-]*)$/i

/** The MIME types typed, trimmed, empty entries dropped. */
export function parseMimeTypes(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

/** The limit in bytes, or null (no limit, or not a number: the error says so). */
export function limitBytes(values: Pick<BucketFormValues, 'limitOn' | 'limitValue' | 'limitUnit'>): number | null {
  if (!values.limitOn) return null
  const amount = Number(values.limitValue.trim())
  if (values.limitValue.trim() === '' || !Number.isFinite(amount) || amount <= 0) return null
  return Math.round(amount * unitBytes(values.limitUnit))
}

/** What is wrong with each field, checked as the user types. */
export function bucketFormErrors(values: BucketFormValues, takenNames: readonly string[], editing: StorageBucket | null): Partial<Record<BucketField, string>> {
  const errors: Partial<Record<BucketField, string>> = {}
  if (!editing) {
    const problem = bucketNameProblem(values.name)
    if (problem) errors.name = problem
    else if (takenNames.includes(values.name)) errors.name = `A bucket named “${values.name}” exists already: choose another name.`
  }
  if (values.limitOn) {
    const amount = Number(values.limitValue.trim())
    if (values.limitValue.trim() === '' || !Number.isFinite(amount) || amount <= 0) errors.limitValue = 'Give the size limit as a number above 0.'
    else if (values.limitUnit === 'bytes' && !Number.isInteger(amount)) errors.limitValue = 'A size in bytes is a whole number.'
  }
  const invalid = parseMimeTypes(values.mimeTypes).find((entry) => !MIME_PATTERN.test(entry))
  if (invalid !== undefined) errors.mimeTypes = `“${invalid}” is not a MIME type: write them like image/png or image/*, separated by commas.`
  return errors
}

export function createBucketBody(values: BucketFormValues): StorageCreateBucketBody {
  const mimeTypes = parseMimeTypes(values.mimeTypes)
  return { id: values.name, public: values.isPublic, file_size_limit: limitBytes(values), allowed_mime_types: mimeTypes.length ? mimeTypes : null }
}

export function updateBucketBody(values: BucketFormValues): StorageUpdateBucketBody {
  const { id: _id, ...rest } = createBucketBody(values)
  return rest
}
