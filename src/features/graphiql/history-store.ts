import * as v from 'valibot'
import { GRAPHQL_HISTORY_KEY_PREFIX, GRAPHQL_HISTORY_LIMIT, PLATFORM_API_ROLES } from '../../constants'
import { prependKeptList, readKeptList } from '../../lib/kept-list'
import { browserStorage, removeStored } from '../../lib/storage'

// The explorer's runs of a project, newest first, in one local-storage key per project. Headers are
// not kept: they may hold a user's token. An entry that does not parse is dropped with a warning
// and the others kept; more than the limit is cut.

const EntrySchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  query: v.pipe(v.string(), v.maxLength(100_000)),
  variables: v.pipe(v.string(), v.maxLength(100_000)),
  operationName: v.nullable(v.string()),
  role: v.picklist(PLATFORM_API_ROLES),
  /** When it ran, ms since the epoch. */
  ranAt: v.number(),
})
export type HistoryEntry = v.InferOutput<typeof EntrySchema>

export const historyKey = (ref: string) => `${GRAPHQL_HISTORY_KEY_PREFIX}${ref}`

export function readHistory(ref: string, storage = browserStorage('local')): HistoryEntry[] {
  return readKeptList(storage, historyKey(ref), EntrySchema, GRAPHQL_HISTORY_LIMIT)
}

/** Puts a run first (an identical earlier run moves up instead of repeating). False when the browser refused. */
export function recordRun(ref: string, entry: HistoryEntry, storage = browserStorage('local')): boolean {
  const same = (other: HistoryEntry) => other.query === entry.query && other.variables === entry.variables && other.role === entry.role
  return prependKeptList(storage, historyKey(ref), EntrySchema, GRAPHQL_HISTORY_LIMIT, entry, same)
}

export function clearHistory(ref: string, storage = browserStorage('local')): void {
  removeStored(storage, historyKey(ref))
}
