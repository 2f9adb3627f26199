import { useEffect, useRef, useState } from 'react'
import type { InlineEdit } from './cell-edit'
import type { CellPosition } from './grid-types'
import type { AfterEdit } from './InlineCellEditor'
import type { RowWindowStore } from './row-windows'

export interface InlineEditing {
  cell: CellPosition
  edit: InlineEdit
  /** The editor's text to begin with: the value's, or the key that started the edit. */
  start: string
  /** Why the last try could not be saved: the editor stays open with it. */
  problem: string | null
}

/** The grid's one cell edited in place: how an edit starts, is saved, and ends (and where the focus goes then). */
export function useInlineCellEditing({
  store,
  inlineEditOf,
  onCommitCell,
  onOpenCell,
  setActive,
  moveTo,
  focusGrid,
}: {
  store: RowWindowStore
  inlineEditOf: ((cell: CellPosition) => InlineEdit | null) | undefined
  onCommitCell: ((cell: CellPosition, value: string) => string | null) | undefined
  onOpenCell: (cell: CellPosition) => void
  setActive: (cell: CellPosition) => void
  moveTo: (cell: CellPosition) => void
  focusGrid: () => void
}) {
  const [editing, setEditing] = useState<InlineEditing | null>(null)
  // The editor's blur may follow its Enter: the second save finds the edit already ended.
  const editingNow = useRef<InlineEditing | null>(null)
  editingNow.current = editing
  // Other rows (a new sort, filter or table): the cell edited is not the one it was.
  useEffect(() => setEditing(null), [store])

  /**
   * Enter, F2, a double click or a typed key on a cell: edits it in place, or opens the larger editor
   * (where a typed key is not taken: it would replace a JSON value or a long text with one character).
   */
  function startEditing(cell: CellPosition, typed?: string) {
    if (!store.row(cell.row)) return
    const edit = inlineEditOf?.(cell) ?? null
    if (!edit) return onOpenCell(cell)
    setActive(cell)
    setEditing({ cell, edit, start: typed ?? (edit.choices ? '' : edit.initial), problem: null })
  }

  /** Saves a changed value (an unchanged one saves nothing); a value with a problem keeps the editor open. */
  function commitEditing(value: string, after: AfterEdit) {
    const current = editingNow.current
    if (!current) return
    const problem = value === current.edit.initial ? null : (onCommitCell?.(current.cell, value) ?? null)
    if (problem) return setEditing({ ...current, problem })
    endEditing(after)
  }

  function endEditing(after: AfterEdit) {
    const current = editingNow.current
    editingNow.current = null
    setEditing(null)
    if (!current || after === 'away') return
    const { row, col } = current.cell
    if (after === 'next' || after === 'previous') moveTo({ row, col: col + (after === 'next' ? 1 : -1) })
    focusGrid()
  }

  return { editing, startEditing, commitEditing, endEditing }
}
