import * as v from 'valibot'
import { LOGS_QUERY_NAME_MAX, LOGS_QUERY_TEXT_MAX, LOGS_RECENT_QUERIES_KEY_PREFIX, LOGS_RECENT_QUERY_LIMIT, LOGS_SAVED_QUERIES_KEY_PREFIX, LOGS_SAVED_QUERY_LIMIT } from '../../constants'
import { browserStorage, readStored, writeStored } from '../../lib/storage'

// A project's saved logs queries (named by the user) and its recent ones (each run of query mode,
// newest first), one local-storage key each per project. Read as a list of anything, then entry by
// entry: an entry that does not parse costs only itself (dropped with a warning); a value that is
// not a list at all is discarded with a warning. Names and text past their limits are not kept.

const TextSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(LOGS_QUERY_TEXT_MAX))
const IdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(100))

const SavedQuerySchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LOGS_QUERY_NAME_MAX)),
  sql: TextSchema,
  /** When it was saved, ms since the epoch. */
  savedAt: v.number(),
})
export type SavedLogQuery = v.InferOutput<typeof SavedQuerySchema>

const RecentQuerySchema = v.object({
  id: IdSchema,
  sql: TextSchema,
  /** When it ran, ms since the epoch. */
  ranAt: v.number(),
})
export type RecentLogQuery = v.InferOutput<typeof RecentQuerySchema>

export const savedQueriesKey = (ref: string) => `${LOGS_SAVED_QUERIES_KEY_PREFIX}${ref}`
export const recentQueriesKey = (ref: string) => `${LOGS_RECENT_QUERIES_KEY_PREFIX}${ref}`

function readList<S extends v.GenericSchema>(storage: Storage | undefined, key: string, schema: S, limit: number, keep: (entries: v.InferOutput<S>[]) => v.InferOutput<S>[] = (e) => e): v.InferOutput<S>[] {
  const stored = readStored(storage, key, v.array(v.unknown()), {
    makeSense: (raw) => {
      const entries = raw.flatMap((item) => {
        const parsed = v.safeParse(schema, item)
        return parsed.success ? [parsed.output as v.InferOutput<S>] : []
      })
      const dropped = raw.length - entries.length
      const kept = keep(entries).slice(0, limit)
      const repairs = [
        ...(dropped ? [`dropped ${dropped} entr${dropped === 1 ? 'y' : 'ies'} that did not parse`] : []),
        ...(kept.length < entries.length ? [`kept ${kept.length} of ${entries.length}`] : []),
      ]
      return { value: kept, repairs }
    },
  })
  return (stored ?? []) as v.InferOutput<S>[]
}

/** One name once (the first kept), ids once. */
function distinctSaved(entries: SavedLogQuery[]): SavedLogQuery[] {
  const names = new Set<string>()
  const ids = new Set<string>()
  return entries.filter((entry) => {
    const name = entry.name.toLowerCase()
    if (names.has(name) || ids.has(entry.id)) return false
    names.add(name)
    ids.add(entry.id)
    return true
  })
}

export function readSavedQueries(ref: string, storage = browserStorage('local')): SavedLogQuery[] {
  return readList(storage, savedQueriesKey(ref), SavedQuerySchema, LOGS_SAVED_QUERY_LIMIT, distinctSaved)
}

/** Why a name cannot be given to a new saved query, or null. */
export function savedNameProblem(ref: string, name: string, storage = browserStorage('local')): string | null {
  const trimmed = name.trim()
  if (trimmed.length > LOGS_QUERY_NAME_MAX) return `A name has at most ${LOGS_QUERY_NAME_MAX} characters`
  return readSavedQueries(ref, storage).some((query) => query.name.toLowerCase() === trimmed.toLowerCase()) ? `A saved query is already called ${trimmed}` : null
}

/** Saves a query under a name; false when the browser refused (or the list is full). */
export function saveQuery(ref: string, query: { name: string; sql: string }, storage = browserStorage('local'), now = Date.now()): boolean {
  const saved = readSavedQueries(ref, storage)
  if (saved.length >= LOGS_SAVED_QUERY_LIMIT) return false
  const entry = { id: crypto.randomUUID(), name: query.name.trim(), sql: query.sql, savedAt: now }
  return writeStored(storage, savedQueriesKey(ref), [...saved, entry])
}

export function deleteSavedQuery(ref: string, id: string, storage = browserStorage('local')): boolean {
  return writeStored(
    storage,
    savedQueriesKey(ref),
    readSavedQueries(ref, storage).filter((query) => query.id !== id),
  )
}

export function readRecentQueries(ref: string, storage = browserStorage('local')): RecentLogQuery[] {
  return readList(storage, recentQueriesKey(ref), RecentQuerySchema, LOGS_RECENT_QUERY_LIMIT)
}

/** Puts a run first (the same text run before moves up instead of repeating). False when the browser refused. */
export function recordRecentQuery(ref: string, sql: string, storage = browserStorage('local'), now = Date.now()): boolean {
  if (sql.trim() === '' || sql.length > LOGS_QUERY_TEXT_MAX) return false
  const entries = [{ id: crypto.randomUUID(), sql, ranAt: now }, ...readRecentQueries(ref, storage).filter((entry) => entry.sql !== sql)].slice(0, LOGS_RECENT_QUERY_LIMIT)
  return writeStored(storage, recentQueriesKey(ref), entries)
}
