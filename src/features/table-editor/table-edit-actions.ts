import type { TableSchema } from '../../api/schemas'
import { ownRecord, ownValue, type OwnRecord } from '../../lib/own-record'
import { deleteRowsSql, existingKeysSql, insertRowSql, updateRowSql, type CellInput } from '../../lib/sql/row-edits'
import { showToast } from '../../ui/toast'
import { THIS_PAGE, rowKeyText, type KeptEdits } from './kept-edits'
import type { Row, RowWindowStore } from './row-windows'
import { changedColumns, type CellEdit, type DeleteEdit, type InsertEdit, type RowEdit, type TableEdit } from './table-edit-store'
import { errorMessage } from '../../lib/error-message'

/**
 * Sending the table editor's changes: every change is kept (./kept-edits) before it is sent and
 * stays kept until the database confirms it, so what the user typed outlives a failed save, a
 * reload and a closed tab; the outcome updates the rows in view.
 */

const ROW_GONE_MESSAGE = 'This row is no longer in the table: it was deleted elsewhere, or its key changed.'
const keyChangedMessage = (table: TableSchema) =>
  table.primary_keys.length
    ? `The table's primary key is now (${table.primary_keys.join(', ')}), so the row this change was made for can no longer be found.`
    : 'The table has no primary key any more, so the row this change was made for can no longer be found.'

/** What a change is sent against: the table as the catalog describes it now, and the rows in view. */
export interface EditTarget {
  table: TableSchema
  run: (sql: string) => Promise<Row[]>
  rows: RowWindowStore
  kept: KeptEdits
  /** After an insert or a delete: positions and the row count changed. */
  onRowsMoved: () => void
  /** What an update that changed no row says when a policy may be why (running as another role); else the row is gone. */
  unchangedMessage?: string | undefined
}

export type SendOutcome = { saved: true } | { saved: false; error: string; rowGone: boolean }

/** A change that cannot reach its row (gone, or its table's key changed): Retry cannot help, Discard can. */
class RowUnreachable extends Error {}

const sameColumns = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name, i) => name === b[i])

/** A row's primary key values, in the table's key order (null where the row has none: it then matches nothing). */
const rowKeyOf = (table: TableSchema, row: Row) => table.primary_keys.map((k) => ownValue(row, k) ?? null)
export const rowKeyTextOf = (table: TableSchema, row: Row) => rowKeyText(table.primary_keys, rowKeyOf(table, row))
const keyRecord = (columns: readonly string[], values: readonly unknown[]): OwnRecord<unknown> => ownRecord(columns.map((c, i) => [c, values[i]] as const))

function editSql({ table }: EditTarget, edit: TableEdit): string {
  if (edit.kind !== 'insert' && !sameColumns(edit.keyColumns, table.primary_keys)) throw new RowUnreachable(keyChangedMessage(table))
  switch (edit.kind) {
    case 'cell':
    case 'row': {
      const changed = changedColumns(edit)
      for (const [column] of changed) if (!table.columns.some((c) => c.name === column)) throw new Error(`The column "${column}" no longer exists.`)
      return updateRowSql(table.schema, table.name, keyRecord(edit.keyColumns, edit.rowKey), ownRecord(changed), table.columns)
    }
    case 'insert':
      return insertRowSql(table.schema, table.name, table.columns, edit.values)
    case 'delete':
      return deleteRowsSql(
        table.schema,
        table.name,
        edit.keyColumns,
        edit.rowKeys.map((key) => keyRecord(edit.keyColumns, key)),
      )
  }
}

function warnNotKept() {
  showToast('warning', 'This change is kept in this page only', 'The browser refused to store it (storage full or blocked): it is lost if the page closes before it is saved.', {
    id: 'table-edit-not-kept',
  })
}

/** Keeps the change as saving, sends it, and keeps the outcome: gone when saved, with its error when not. */
export async function sendEdit(target: EditTarget, edit: TableEdit): Promise<SendOutcome> {
  const { kept } = target
  // Later than any try before it, even within the same millisecond: a try is told apart by it.
  const triedAt = Math.max(Date.now(), (kept.get(edit.id)?.triedAt ?? 0) + 1)
  const sending: TableEdit = { ...edit, status: 'saving', error: null, savingIn: THIS_PAGE, triedAt }
  if (!kept.put(sending)) warnNotKept()
  // Discarded or sent again while this try was on its way: the newer intent stands.
  const superseded = () => {
    const current = kept.get(edit.id)
    return !current || current.triedAt !== sending.triedAt || current.savingIn !== THIS_PAGE
  }
  let rows: Row[]
  try {
    rows = await target.run(editSql(target, sending))
  } catch (error) {
    const rowGone = error instanceof RowUnreachable
    const message = errorMessage(error)
    if (!superseded()) kept.put({ ...sending, status: rowGone ? 'row-gone' : 'failed', error: message, savingIn: null })
    return { saved: false, error: message, rowGone }
  }
  if (sending.kind === 'cell' || sending.kind === 'row') {
    const [updated] = rows
    if (!updated) {
      // As another role, a policy may be what held the row back: not gone, and a Retry as the project's role may save it.
      const { unchangedMessage } = target
      if (!superseded()) kept.put({ ...sending, status: unchangedMessage ? 'failed' : 'row-gone', error: unchangedMessage ?? ROW_GONE_MESSAGE, savingIn: null })
      return { saved: false, error: unchangedMessage ?? ROW_GONE_MESSAGE, rowGone: !unchangedMessage }
    }
    const key = rowKeyText(sending.keyColumns, sending.rowKey)
    target.rows.replaceMatchingRow((row) => rowKeyTextOf(target.table, row) === key, updated)
  } else {
    target.rows.reset()
    target.onRowsMoved()
  }
  if (!superseded()) kept.remove(edit.id)
  return { saved: true }
}

const base = (target: EditTarget, id: string, madeAt: number) => ({
  ref: target.kept.ref,
  tableId: target.kept.tableId,
  id,
  keyColumns: [...target.table.primary_keys],
  status: 'saving' as const,
  error: null,
  savingIn: THIS_PAGE,
  madeAt,
  triedAt: madeAt,
})

/** A cell edit of `row`: the kept one of that cell again when there is one (a cell has one change at a time). */
export function cellEdit(target: EditTarget, row: Row, column: string, input: CellInput): CellEdit {
  const rowKey = rowKeyOf(target.table, row)
  const key = rowKeyText(target.table.primary_keys, rowKey)
  const existing = target.kept.getSnapshot().cells.get(key)?.get(column)
  // A cell's own earlier change is replaced; one made with other columns of the row (the row form) stays whole.
  const kept = existing ? target.kept.get(existing.id) : undefined
  const previous = kept?.kind === 'cell' ? kept : undefined
  return { ...base(target, previous?.id ?? crypto.randomUUID(), previous?.madeAt ?? Date.now()), kind: 'cell', rowKey, column, input }
}

/** Several columns of `row` changed together (the row form): one statement, saved or refused whole. */
export function rowEdit(target: EditTarget, id: string, row: Row, values: Readonly<Record<string, CellInput>>): RowEdit {
  return { ...base(target, id, target.kept.get(id)?.madeAt ?? Date.now()), kind: 'row', rowKey: rowKeyOf(target.table, row), values: ownRecord(Object.entries(values)) }
}

export function insertEdit(target: EditTarget, id: string, values: Readonly<Record<string, CellInput>>): InsertEdit {
  return { ...base(target, id, target.kept.get(id)?.madeAt ?? Date.now()), kind: 'insert', values: ownRecord(Object.entries(values)) }
}

export function deleteEdit(target: EditTarget, rows: readonly Row[]): DeleteEdit {
  return { ...base(target, crypto.randomUUID(), Date.now()), kind: 'delete', rowKeys: rows.map((row) => rowKeyOf(target.table, row)) }
}

/** At most this many rows are looked up at once for kept cell edits. */
const LOOKUP_LIMIT = 500

/**
 * After a reload: the kept changes whose rows cannot be reached any more — deleted elsewhere, or
 * the table's primary key changed — are marked so (Discard only) instead of waiting for a Retry to
 * find out. A failing lookup changes nothing.
 */
export async function markGoneRows(target: EditTarget): Promise<void> {
  const { table, kept } = target
  const failed = kept.getSnapshot().views.filter((view) => view.state === 'failed' && view.edit.kind !== 'insert')
  for (const { edit } of failed) {
    if (!sameColumns(edit.keyColumns, table.primary_keys)) kept.put({ ...edit, status: 'row-gone', error: keyChangedMessage(table), savingIn: null })
  }
  if (table.primary_keys.length === 0) return
  const waiting = failed
    .filter((view) => (view.edit.kind === 'cell' || view.edit.kind === 'row') && sameColumns(view.edit.keyColumns, table.primary_keys))
    .map((view) => view.edit as CellEdit | RowEdit)
    .slice(0, LOOKUP_LIMIT)
  if (waiting.length === 0) return
  let found: Row[]
  try {
    found = await target.run(existingKeysSql(table.schema, table.name, table.primary_keys, waiting.map((edit) => keyRecord(edit.keyColumns, edit.rowKey))))
  } catch {
    return
  }
  const present = new Set(found.map((row) => rowKeyTextOf(table, row)))
  for (const edit of waiting) {
    if (present.has(rowKeyText(edit.keyColumns, edit.rowKey))) continue
    // Still waiting for the user (not sent again meanwhile)?
    const current = kept.getSnapshot().views.find((view) => view.edit.id === edit.id)
    if (current?.state === 'failed') kept.put({ ...current.edit, status: 'row-gone', error: ROW_GONE_MESSAGE, savingIn: null })
  }
}
