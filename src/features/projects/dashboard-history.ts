import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { DASHBOARD_HISTORY_KEY } from '../../constants'
import { ownRecord, ownRecordSchema, ownValue, withOwnValue, withoutOwnKey } from '../../lib/own-record'
import { changeListeners } from '../../lib/change-listeners'
import { browserStorage, readStored, writeStored } from '../../lib/storage'

/** Projects remembered; the least recently touched are forgotten first. */
export const DASHBOARD_HISTORY_LIMIT = 50

const ItemIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/))
const ProjectHistorySchema = v.object({ editor: v.optional(ItemIdSchema), sql: v.optional(ItemIdSchema) })
// By project ref, prototype-free: a ref such as `constructor` reads only what was stored under it.
const HistorySchema = ownRecordSchema(ProjectHistorySchema, v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/)))
export type ProjectHistory = v.InferOutput<typeof ProjectHistorySchema>

export function readProjectHistory(ref: string, storage = browserStorage('local')): ProjectHistory {
  return ownValue(readStored(storage, DASHBOARD_HISTORY_KEY, HistorySchema), ref) ?? {}
}

/** Records that a table (`editor`) or snippet (`sql`) was opened; invalid ids are ignored. */
export function recordProjectVisit(ref: string, kind: keyof ProjectHistory, id: string, storage = browserStorage('local')): void {
  if (!v.is(ItemIdSchema, id)) return
  const history = readStored(storage, DASHBOARD_HISTORY_KEY, HistorySchema) ?? {}
  // Re-inserting the ref last keeps the object ordered from least to most recently touched.
  const next = withOwnValue(withoutOwnKey(history, ref), ref, { ...ownValue(history, ref), [kind]: id })
  writeStored(storage, DASHBOARD_HISTORY_KEY, ownRecord(Object.entries(next).slice(-DASHBOARD_HISTORY_LIMIT)))
  historyChanged()
}

/** A table or snippet that no longer exists: the editor's entry leads to its list again. */
export function forgetProjectVisit(ref: string, kind: keyof ProjectHistory, id: string, storage = browserStorage('local')): void {
  const history = readStored(storage, DASHBOARD_HISTORY_KEY, HistorySchema)
  const current = ownValue(history, ref)
  if (!history || !current || current[kind] !== id) return
  const { [kind]: _forgotten, ...rest } = current
  writeStored(storage, DASHBOARD_HISTORY_KEY, withOwnValue(history, ref, rest))
  historyChanged()
}

// The rail and the command menu lead to the last table and snippet: they follow each visit.
const historyListeners = changeListeners()
let historyVersion = 0

function historyChanged() {
  historyVersion += 1
  historyListeners.notify()
}

/** A number that changes whenever the history does (for a hook to read it again). */
export function useDashboardHistoryVersion(): number {
  return useSyncExternalStore(historyListeners.subscribe, () => historyVersion)
}

/** Where the project's SQL editor link goes: the last snippet, or a new one. */
export function sqlEditorPath(ref: string, history: ProjectHistory): string {
  return `/project/${ref}/sql/${history.sql ?? 'new'}`
}

/** Where the project's table editor link goes: the last table, or the editor's start. */
export function tableEditorPath(ref: string, history: ProjectHistory): string {
  return history.editor ? `/project/${ref}/editor/${history.editor}` : `/project/${ref}/editor`
}
