import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import type { TableSchema } from '../../api/schemas'
import type { CellInput } from '../../lib/sql/row-edits'
import { showToast } from '../../ui/toast'
import { keptEditsFor, type KeptEditsSnapshot } from './kept-edits'
import type { Row, RowWindowStore } from './row-windows'
import { cellEdit, deleteEdit, insertEdit, markGoneRows, rowEdit, sendEdit, type EditTarget, type SendOutcome } from './table-edit-actions'

export interface TableEditActions {
  /** Sends a cell edit; a failure stays in the cell (and in storage) with its error, and a toast offers Retry. */
  saveCell: (row: Row, column: string, input: CellInput) => Promise<SendOutcome>
  /** Sends the changed columns of a row (the row form, one id per form) as one statement; a failure is kept with its error. */
  saveRow: (id: string, row: Row, values: Readonly<Record<string, CellInput>>) => Promise<SendOutcome>
  /** Sends the row the insert form holds under `id` (one id per form, so a second try replaces the first). */
  insertRow: (id: string, values: Readonly<Record<string, CellInput>>) => Promise<SendOutcome>
  deleteRows: (rows: readonly Row[]) => Promise<SendOutcome>
  retry: (id: string) => Promise<SendOutcome | null>
  /** Sends every change that waits for the user again, oldest first (an inserted row before an edit of it). */
  retryAll: () => Promise<void>
  discard: (id: string) => void
  discardAll: () => void
}

/**
 * The table's kept changes (./kept-edits) and the actions that make and send them. The actions are
 * stable for the table's life, so the grid's memoized parts do not redraw when a change is made.
 * While this page sends a change, leaving it asks first (`beforeunload`): the outcome would be unknown.
 */
export function useTableEdits(
  projectRef: string,
  table: TableSchema,
  run: (sql: string) => Promise<Row[]>,
  rows: RowWindowStore,
  onRowsMoved: () => void,
  /** What an update that changed no row says, when that can be a policy's doing (running as another role). */
  unchangedMessage?: string,
): { edits: KeptEditsSnapshot; actions: TableEditActions } {
  const kept = useMemo(() => keptEditsFor(projectRef, table.id), [projectRef, table.id])
  const edits = useSyncExternalStore(kept.subscribe, kept.getSnapshot)
  const target = useRef<EditTarget>({ table, run, rows, kept, onRowsMoved, unchangedMessage })
  useLayoutEffect(() => {
    target.current = { table, run, rows, kept, onRowsMoved, unchangedMessage }
  })

  useEffect(() => {
    const stop = kept.start()
    void markGoneRows(target.current)
    return stop
  }, [kept])

  const saving = edits.savingHere > 0
  useEffect(() => {
    if (!saving) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    globalThis.addEventListener('beforeunload', warn)
    return () => globalThis.removeEventListener('beforeunload', warn)
  }, [saving])

  const actions = useMemo((): TableEditActions => {
    const send = (edit: Parameters<typeof sendEdit>[1]) => sendEdit(target.current, edit)
    const retry = async (id: string) => {
      const edit = kept.get(id)
      return edit ? send(edit) : null
    }
    return {
      saveCell: async (row, column, input) => {
        const edit = cellEdit(target.current, row, column, input)
        const outcome = await send(edit)
        if (!outcome.saved && outcome.rowGone) showToast('error', 'The row is gone', outcome.error)
        else if (!outcome.saved) showToast('error', `Could not save ${column}`, outcome.error, { action: { label: 'Retry', onClick: () => void retry(edit.id) } })
        return outcome
      },
      saveRow: async (id, row, values) => {
        const edit = rowEdit(target.current, id, row, values)
        const outcome = await send(edit)
        if (outcome.saved) showToast('success', 'Row saved')
        return outcome
      },
      insertRow: async (id, values) => {
        const outcome = await send(insertEdit(target.current, id, values))
        if (outcome.saved) showToast('success', 'Row inserted')
        return outcome
      },
      deleteRows: async (selected) => {
        const outcome = await send(deleteEdit(target.current, selected))
        if (outcome.saved) showToast('success', `Deleted ${selected.length.toLocaleString()} ${selected.length === 1 ? 'row' : 'rows'}`)
        else showToast('error', 'Could not delete the rows', outcome.error)
        return outcome
      },
      retry,
      retryAll: async () => {
        for (const view of kept.getSnapshot().views) if (view.state === 'failed') await send(view.edit)
      },
      discard: (id) => kept.remove(id),
      discardAll: () => {
        for (const view of kept.getSnapshot().views) if (view.state !== 'saving') kept.remove(view.edit.id)
      },
    }
  }, [kept])

  return { edits, actions }
}
