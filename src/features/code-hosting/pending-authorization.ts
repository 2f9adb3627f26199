import * as v from 'valibot'
import { OAUTH_STATE_LENGTH, OAUTH_STATE_STORAGE_KEY } from '../../constants'
import { browserStorage, readStored, removeStored, writeStored } from '../../lib/storage'

export const CODE_HOSTING_PURPOSES = ['authorize', 'install'] as const
export type CodeHostingPurpose = (typeof CODE_HOSTING_PURPOSES)[number]

/**
 * The state token stored before the popup opens (SPEC §4), with what it is for. Local storage,
 * because the popup's callback page is another window of this origin and must read it back.
 */
const PendingAuthorizationSchema = v.object({
  state: v.pipe(v.string(), v.length(OAUTH_STATE_LENGTH), v.regex(/^[A-Za-z0-9]+$/)),
  purpose: v.picklist(CODE_HOSTING_PURPOSES),
  organization: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
})
export type PendingAuthorization = v.InferOutput<typeof PendingAuthorizationSchema>

export function storePendingAuthorization(pending: PendingAuthorization, storage = browserStorage('local')): void {
  writeStored(storage, OAUTH_STATE_STORAGE_KEY, pending)
}

export function discardPendingAuthorization(storage = browserStorage('local')): void {
  removeStored(storage, OAUTH_STATE_STORAGE_KEY)
}

/**
 * The pending authorisation the callback received `state` for, used up (removed) when it matches;
 * null when nothing is pending, the state differs, or it was started for something else.
 */
export function takePendingAuthorization(state: string | null, purpose: CodeHostingPurpose, storage = browserStorage('local')): PendingAuthorization | null {
  const pending = readStored(storage, OAUTH_STATE_STORAGE_KEY, PendingAuthorizationSchema)
  if (!pending || state === null || pending.state !== state || pending.purpose !== purpose) return null
  removeStored(storage, OAUTH_STATE_STORAGE_KEY)
  return pending
}
