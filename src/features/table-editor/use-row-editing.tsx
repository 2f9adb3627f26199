import { useCallback, useState, type ReactNode } from 'react'
import type { TableColumn, TableSchema } from '../../api/schemas'
import { ownRecord, ownValue } from '../../lib/own-record'
import { valueToInput } from '../../lib/sql/row-edits'
import type { ReferenceTarget } from '../../lib/sql/table-rows'
import { checkedInlineInput, inlineEditOf, inlineInput } from './cell-edit'
import type { CellPosition, GridColumn } from './grid-types'
import type { KeptCell } from './kept-edits'
import { InsertRowDialog } from './InsertRowDialog'
import { ReferencedBy } from './ReferencedBy'
import type { Row, RowWindowStore } from './row-windows'
import type { TableEditActions } from './use-table-edits'
import { CellEditorDialog } from './ValueEditor'

/** A row named by its primary key, as the dialogs title it: `id = 2`, or its place when it has none. */
const rowLabelOf = (table: TableSchema, row: Row, index: number) =>
  table.primary_keys.length ? table.primary_keys.map((k) => `${k} = ${String(ownValue(row, k))}`).join(', ') : `${(index + 1).toLocaleString()}`

/**
 * How the table editor's rows are edited: a cell in place (the grid's one-line editor), a cell in
 * the larger editor (long text, JSON, a kept change with its error, "Expand"), and a whole row in
 * its form, the changed columns saved together. Answers the grid's callbacks and the dialogs to draw.
 */
export function useRowEditing({
  projectRef,
  table,
  store,
  gridColumns,
  columnsByName,
  references,
  readOnly,
  pendingOf,
  actions,
  run,
  tableIdOf,
}: {
  projectRef: string
  table: TableSchema
  store: RowWindowStore
  gridColumns: readonly GridColumn[]
  columnsByName: ReadonlyMap<string, TableColumn>
  references: ReadonlyMap<string, ReferenceTarget>
  readOnly: string | null
  pendingOf: (row: Row) => ReadonlyMap<string, KeptCell> | undefined
  actions: TableEditActions
  run: (sql: string) => Promise<Row[]>
  /** A relation's id by schema and name (the table list's), for links to the rows that point at one. */
  tableIdOf: (schema: string, name: string) => number | undefined
}) {
  const [editing, setEditing] = useState<{ cell: CellPosition; row: Row; draft?: string } | null>(null)
  /** The row form open on a row; `id` is its change's, so a second try replaces the first. */
  const [editingRow, setEditingRow] = useState<{ id: string; index: number; row: Row } | null>(null)

  const onOpenCell = useCallback(
    (cell: CellPosition, draft?: string) => {
      const row = store.row(cell.row)
      if (row) setEditing({ cell, row, draft })
    },
    [store],
  )
  const onEditRow = useCallback(
    (index: number) => {
      const row = store.row(index)
      if (row) setEditingRow({ id: crypto.randomUUID(), index, row })
    },
    [store],
  )
  /** A cell of a row the database holds, and its column: what an edit in place is about. */
  const cellAt = useCallback(
    (cell: CellPosition) => {
      const row = store.row(cell.row)
      const column = gridColumns[cell.col] ? columnsByName.get(gridColumns[cell.col]!.name) : undefined
      return row && column ? { row, column } : null
    },
    [store, gridColumns, columnsByName],
  )
  // A read-only relation, or a change still on its way or refused, opens the larger editor (it says why, or shows the error).
  const inlineEditAt = useCallback(
    (cell: CellPosition) => {
      const at = cellAt(cell)
      if (!at || readOnly || pendingOf(at.row)?.has(at.column.name)) return null
      return inlineEditOf(at.column, ownValue(at.row, at.column.name))
    },
    [cellAt, readOnly, pendingOf],
  )
  const commitCell = useCallback(
    (cell: CellPosition, text: string) => {
      const at = cellAt(cell)
      if (!at) return 'This row is no longer loaded'
      const checked = checkedInlineInput(text, at.column)
      if ('problem' in checked) return checked.problem
      void actions.saveCell(at.row, at.column.name, checked.input)
      return null
    },
    [cellAt, actions],
  )

  const editingColumn = editing ? gridColumns[editing.cell.col] : undefined
  const editingTableColumn = editingColumn ? columnsByName.get(editingColumn.name) : undefined
  const editingKept = editing && editingColumn ? pendingOf(editing.row)?.get(editingColumn.name) : undefined

  const dialogs: ReactNode = (
    <>
      {editing && editingTableColumn ? (
        <CellEditorDialog
          key={`${editing.cell.row}:${editing.cell.col}`}
          open
          column={editingTableColumn}
          rowLabel={`Row ${(editing.cell.row + 1).toLocaleString()}${table.primary_keys.length ? ` (${rowLabelOf(table, editing.row, editing.cell.row)})` : ''}`}
          initial={
            editing.draft !== undefined
              ? inlineInput(editing.draft, editingTableColumn)
              : (editingKept?.input ?? valueToInput(ownValue(editing.row, editingTableColumn.name), editingTableColumn))
          }
          error={editingKept?.error ?? null}
          readOnlyReason={readOnly}
          picking={references.has(editingTableColumn.name) ? { projectRef, target: references.get(editingTableColumn.name)!, run } : undefined}
          onSave={(input) => {
            setEditing(null)
            void actions.saveCell(editing.row, editingTableColumn.name, input)
          }}
          onDiscard={editingKept ? () => (actions.discard(editingKept.id), setEditing(null)) : undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editingRow ? (
        <InsertRowDialog
          key={editingRow.id}
          table={table}
          picking={{ projectRef, references, run }}
          editing={{
            rowLabel: rowLabelOf(table, editingRow.row, editingRow.index),
            values: ownRecord(table.columns.filter((c) => !c.is_generated).map((c) => [c.name, valueToInput(ownValue(editingRow.row, c.name), c)] as const)),
            referencedBy: <ReferencedBy projectRef={projectRef} table={table} row={editingRow.row} run={run} tableIdOf={tableIdOf} />,
          }}
          onInsert={async (changed) => {
            const outcome = await actions.saveRow(editingRow.id, editingRow.row, changed)
            if (!outcome.saved) throw new Error(outcome.error)
            setEditingRow(null)
          }}
          onDiscard={() => (actions.discard(editingRow.id), setEditingRow(null))}
          onClose={() => setEditingRow(null)}
        />
      ) : null}
    </>
  )

  return { onOpenCell, onEditRow, inlineEditAt, commitCell, dialogs }
}
