// Storage name rules, MIME allow-lists and the plan limit message (issue 25): one place for the
// screens (checked before sending) and the mock platform (checked again on arrival).
import { PLAN_NAMES, type PlanId } from '../constants'
import { BUCKET_NAME_RULES, OBJECT_NAME_RULES, STORAGE_MESSAGES, STORAGE_PLAN_UPLOAD_LIMIT } from '../constants/storage'
import { formatBytes } from './format-bytes'

/** The plan's refusal when an upload or the global limit is above what the plan allows. */
export function storagePlanLimitMessage(plan: PlanId): string {
  return `The ${PLAN_NAMES[plan]} plan allows files up to ${formatBytes(STORAGE_PLAN_UPLOAD_LIMIT[plan])}. Upgrade the plan to raise the upload limit.`
}

/** The first broken bucket-name rule as a message, or null when the name is valid. */
export function bucketNameProblem(name: string): string | null {
  if (name.length === 0) return STORAGE_MESSAGES.bucketNameRequired
  if (name.length > BUCKET_NAME_RULES.maxLength) return STORAGE_MESSAGES.bucketNameTooLong
  const bad = BUCKET_NAME_RULES.invalidCharacter.exec(name)
  if (bad) return STORAGE_MESSAGES.bucketNameInvalid(bad[0])
  if (name.trim() !== name) return STORAGE_MESSAGES.bucketNameTrimmed
  return null
}

/** The first broken object-name rule as a message (a full path, folders joined by '/'), or null. */
export function objectNameProblem(path: string): string | null {
  if (path.length === 0) return STORAGE_MESSAGES.objectNameRequired
  if (path.length > OBJECT_NAME_RULES.maxLength) return STORAGE_MESSAGES.objectNameTooLong
  const bad = OBJECT_NAME_RULES.invalidCharacter.exec(path)
  if (bad) return STORAGE_MESSAGES.objectNameInvalid(bad[0])
  if (path.startsWith('/') || path.endsWith('/') || path.includes('//')) return STORAGE_MESSAGES.objectNameSlashes
  return null
}

/** Whether a MIME type is allowed by a bucket's list (null or empty: all); entries may be wildcards like 'image/*'. */
export function mimeTypeAllowed(mimetype: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true
  const [type = '', subtype = ''] = mimetype.toLowerCase().split(';', 1)[0]!.trim().split('/')
  return allowed.some((entry) => {
    const [allowedType = '', allowedSubtype = ''] = entry.toLowerCase().trim().split('/')
    if (allowedType === '*') return true
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)
  })
}
