import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { browserStorage, readStored, writeStored } from '../../lib/storage'

/** SPEC §2: per project ref, the last table-editor item and the last SQL snippet opened. */
export const DASHBOARD_HISTORY_KEY = 'studio.dashboard-history'
/** Projects remembered; the least recently touched are forgotten first. */
export const DASHBOARD_HISTORY_LIMIT = 50

const ItemIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/))
const ProjectHistorySchema = v.object({ editor: v.optional(ItemIdSchema), sql: v.optional(ItemIdSchema) })
const HistorySchema = v.record(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/)), ProjectHistorySchema)
export type ProjectHistory = v.InferOutput<typeof ProjectHistorySchema>

export function readProjectHistory(ref: string, storage = browserStorage('local')): ProjectHistory {
  return readStored(storage, DASHBOARD_HISTORY_KEY, HistorySchema)?.[ref] ?? {}
}

/** Records that a table (`editor`) or snippet (`sql`) was opened; invalid ids are ignored. */
export function recordProjectVisit(ref: string, kind: keyof ProjectHistory, id: string, storage = browserStorage('local')): void {
  if (!v.is(ItemIdSchema, id)) return
  const history = readStored(storage, DASHBOARD_HISTORY_KEY, HistorySchema) ?? {}
  const { [ref]: current, ...others } = history
  // Re-inserting the ref last keeps the object ordered from least to most recently touched.
  const next = { ...others, [ref]: { ...current, [kind]: id } }
  const refs = Object.keys(next)
  for (const stale of refs.slice(0, Math.max(0, refs.length - DASHBOARD_HISTORY_LIMIT))) delete next[stale]
  writeStored(storage, DASHBOARD_HISTORY_KEY, next)
  historyVersion += 1
  for (const listener of historyListeners) listener()
}

/** A table or snippet that no longer exists: the editor's entry leads to its list again. */
export function forgetProjectVisit(ref: string, kind: keyof ProjectHistory, id: string, storage = browserStorage('local')): void {
  const history = readStored(storage, DASHBOARD_HISTORY_KEY, HistorySchema)
  const current = history?.[ref]
  if (!history || !current || current[kind] !== id) return
  const { [kind]: _forgotten, ...rest } = current
  writeStored(storage, DASHBOARD_HISTORY_KEY, { ...history, [ref]: rest })
  historyVersion += 1
  for (const listener of historyListeners) listener()
}

// The rail and the command menu lead to the last table and snippet: they follow each visit.
const historyListeners = new Set<() => void>()
let historyVersion = 0

/** A number that changes whenever a visit is recorded (for a hook to read the history again). */
export function useDashboardHistoryVersion(): number {
  return useSyncExternalStore(
    (listener) => {
      historyListeners.add(listener)
      return () => historyListeners.delete(listener)
    },
    () => historyVersion,
  )
}

/** Where the project's SQL editor link goes: the last snippet, or a new one. */
export function sqlEditorPath(ref: string, history: ProjectHistory): string {
  return `/project/${ref}/sql/${history.sql ?? 'new'}`
}

/** Where the project's table editor link goes: the last table, or the editor's start. */
export function tableEditorPath(ref: string, history: ProjectHistory): string {
  return history.editor ? `/project/${ref}/editor/${history.editor}` : `/project/${ref}/editor`
}
