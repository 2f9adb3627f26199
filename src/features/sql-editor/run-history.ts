import * as v from 'valibot'
import { SQL_RUN_HISTORY_KEY_PREFIX, SQL_RUN_HISTORY_LIMIT, SQL_RUN_HISTORY_TEXT_LIMIT } from '../../constants'
import { changeListeners } from '../../lib/change-listeners'
import { prependKeptList, readKeptList } from '../../lib/kept-list'
import { browserStorage, removeStored } from '../../lib/storage'

/**
 * The SQL editor's past runs of a project, newest first, in local storage: what ran, when, how
 * long it took and how many rows it answered, or how it ended. Every run is kept (the same text
 * run twice is two runs), up to SQL_RUN_HISTORY_LIMIT.
 */
const RunSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  sql: v.pipe(v.string(), v.maxLength(SQL_RUN_HISTORY_TEXT_LIMIT)),
  /** The text was longer than SQL_RUN_HISTORY_TEXT_LIMIT: `sql` is its beginning. */
  cut: v.boolean(),
  /** When it started, ms since the epoch. */
  ranAt: v.pipe(v.number(), v.finite()),
  durationMs: v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0))),
  /** Rows the statements answered, all together; null when it did not succeed. */
  rows: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  outcome: v.picklist(['succeeded', 'failed', 'cancelled']),
  error: v.nullable(v.pipe(v.string(), v.maxLength(2000))),
})
export type PastRun = v.InferOutput<typeof RunSchema>

export const runHistoryKey = (ref: string) => `${SQL_RUN_HISTORY_KEY_PREFIX}${ref}`

const listeners = changeListeners()
let version = 0
export const subscribeToRunHistory = listeners.subscribe
/** Changes whenever a run is kept or the history cleared in this page: what a screen re-reads the history on. */
export const runHistoryVersion = () => version
const changed = () => {
  version += 1
  listeners.notify()
}

export function readRunHistory(ref: string, storage = browserStorage('local')): PastRun[] {
  return readKeptList(storage, runHistoryKey(ref), RunSchema, SQL_RUN_HISTORY_LIMIT)
}

/** Keeps a run first in the project's history. False when the browser refused to keep it. */
export function recordSqlRun(ref: string, run: Omit<PastRun, 'id' | 'cut'>, storage = browserStorage('local')): boolean {
  const cut = run.sql.length > SQL_RUN_HISTORY_TEXT_LIMIT
  const entry: PastRun = { ...run, id: crypto.randomUUID(), cut, sql: cut ? run.sql.slice(0, SQL_RUN_HISTORY_TEXT_LIMIT) : run.sql, error: run.error?.slice(0, 2000) ?? null }
  const kept = prependKeptList(storage, runHistoryKey(ref), RunSchema, SQL_RUN_HISTORY_LIMIT, entry)
  changed()
  return kept
}

export function clearRunHistory(ref: string, storage = browserStorage('local')): void {
  removeStored(storage, runHistoryKey(ref))
  changed()
}
