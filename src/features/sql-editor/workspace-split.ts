import * as v from 'valibot'
import { SQL_EDITOR_SPLIT_KEY_PREFIX } from '../../constants'
import { browserStorage, readStored, writeStored } from '../../lib/storage'

/**
 * The share of the SQL editor's height its results take, kept per user: whoever signs in on this
 * browser finds the split they left. Clamped, so neither the editor nor the results can be dragged
 * out of reach.
 */
export const RESULTS_SHARE_DEFAULT = 0.45
export const RESULTS_SHARE_MIN = 0.15
export const RESULTS_SHARE_MAX = 0.85

const SplitSchema = v.object({ results: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1)) })

export const splitKey = (userId: string) => `${SQL_EDITOR_SPLIT_KEY_PREFIX}${userId}`

export const clampResultsShare = (share: number) => Math.min(RESULTS_SHARE_MAX, Math.max(RESULTS_SHARE_MIN, share))

export function readResultsShare(userId: string, storage = browserStorage('local')): number {
  const stored = readStored(storage, splitKey(userId), SplitSchema)
  return stored ? clampResultsShare(stored.results) : RESULTS_SHARE_DEFAULT
}

export function writeResultsShare(userId: string, share: number, storage = browserStorage('local')): boolean {
  return writeStored(storage, splitKey(userId), { results: clampResultsShare(share) })
}
