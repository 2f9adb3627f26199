import type { AssistantSnippet } from '../../../machines/assistant.machine'
import { changeListeners } from '../../lib/change-listeners'

/**
 * What the assistant panel may do with the SQL editor on screen: read its snippet (the context
 * chip) and insert SQL at its cursor. The editor registers itself while it is shown; SQL inserted
 * while no editor is shown waits for the next one (the panel opens a new snippet for it).
 */
export interface SqlEditorTarget {
  snippet: () => AssistantSnippet
  insert: (sql: string) => void
}

let target: SqlEditorTarget | null = null
let pending: string | null = null
const listeners = changeListeners()

export function registerSqlEditor(editor: SqlEditorTarget): () => void {
  target = editor
  if (pending !== null) {
    editor.insert(pending)
    pending = null
  }
  listeners.notify()
  return () => {
    if (target === editor) target = null
    listeners.notify()
  }
}

export function currentSqlEditor(): SqlEditorTarget | null {
  return target
}

export const subscribeSqlEditor = listeners.subscribe

/** Inserts into the editor on screen; answers false (and keeps the SQL for the next editor) when there is none. */
export function insertIntoSqlEditor(sql: string): boolean {
  if (target) {
    target.insert(sql)
    return true
  }
  pending = sql
  return false
}
