import * as v from 'valibot'
import { POLICY_EFFECT_VIEWERS_KEY_PREFIX } from '../../../constants'
import { browserStorage, readStored, writeStored } from '../../../lib/storage'
import { STORED_UUID } from '../../../lib/uuid'

/** At most this many users are measured beside anon (each is a few statements per measure). */
export const MAX_EFFECT_USERS = 3

const ViewersSchema = v.pipe(v.array(v.pipe(v.string(), v.regex(STORED_UUID))), v.maxLength(MAX_EFFECT_USERS))

export const effectViewersKey = (ref: string) => `${POLICY_EFFECT_VIEWERS_KEY_PREFIX}${ref}`

/** The users picked last time in this project, or null when none were kept (or what was kept is not a list of user ids). */
export function readEffectViewers(ref: string, storage = browserStorage('local')): string[] | null {
  return readStored(storage, effectViewersKey(ref), ViewersSchema) ?? null
}

/** Keeps the picked users; false when the browser would not store them. */
export function writeEffectViewers(ref: string, userIds: readonly string[], storage = browserStorage('local')): boolean {
  return writeStored(storage, effectViewersKey(ref), userIds.slice(0, MAX_EFFECT_USERS))
}
