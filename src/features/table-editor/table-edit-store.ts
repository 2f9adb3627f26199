import * as v from 'valibot'
import { TABLE_EDIT_KEY_PREFIX, TABLE_EDIT_STORAGE_KEY } from '../../constants'
import { ownRecordSchema } from '../../lib/own-record'
import { browserStorage, readStored, removeStored, storedKeysWithPrefix, writeStored } from '../../lib/storage'
import type { CellInput } from '../../lib/sql/row-edits'

/**
 * The table editor's changes that the database has not confirmed: a cell edit, an inserted row, a
 * delete of selected rows. Each is kept in local storage from the moment it is sent until the
 * database accepts it or the user discards it, so a failed save survives a reload and shows in every
 * tab of this browser (like the SQL editor's drafts). One storage entry per change.
 *
 * A row is known by its primary key values (in `keyColumns` order): a table without a primary key is
 * read-only in the editor, so no change to its rows is ever made or kept.
 */

const CellInputSchema = v.variant('kind', [
  v.object({ kind: v.literal('null') }),
  v.object({ kind: v.literal('default') }),
  v.object({ kind: v.literal('text'), text: v.string() }),
])

/** A key column's value as the row came back (a number, a string, …): never null, a null key identifies no row. */
const KeyValueSchema = v.pipe(
  v.unknown(),
  v.check((value) => value !== null && value !== undefined, 'A key value cannot be null'),
)
const RowKeySchema = v.array(KeyValueSchema)

/** Where a change stands: on its way (from the page `savingIn`), refused or unanswered, or aimed at a row that is gone. */
const TABLE_EDIT_STATUSES = ['saving', 'failed', 'row-gone'] as const

const common = {
  ref: v.string(),
  tableId: v.pipe(v.number(), v.integer()),
  id: v.pipe(v.string(), v.uuid()),
  /** The table's primary key columns when the change was made: its rows' keys are in this order. */
  keyColumns: v.array(v.string()),
  status: v.picklist(TABLE_EDIT_STATUSES),
  /** Why the last try failed (the database's or the network's words), null while saving. */
  error: v.nullable(v.string()),
  /** The page that is sending it, while `saving`: another page's save may still be under way. */
  savingIn: v.nullable(v.string()),
  /** When it was first made, ms since the epoch: changes are listed (and retried) in this order. */
  madeAt: v.number(),
  /** When it was last sent, ms since the epoch: another page's save this old is taken as interrupted. */
  triedAt: v.number(),
}

const TableEditSchema = v.variant('kind', [
  v.object({ kind: v.literal('cell'), ...common, rowKey: RowKeySchema, column: v.string(), input: CellInputSchema }),
  // By column name (the user's: a column may be called `constructor`), read by own keys only.
  v.object({ kind: v.literal('insert'), ...common, values: ownRecordSchema(CellInputSchema) }),
  v.object({ kind: v.literal('delete'), ...common, rowKeys: v.pipe(v.array(RowKeySchema), v.minLength(1)) }),
  // Several columns of one row, changed together in one statement (the row form).
  v.object({ kind: v.literal('row'), ...common, rowKey: RowKeySchema, values: ownRecordSchema(CellInputSchema) }),
])
export type TableEdit = v.InferOutput<typeof TableEditSchema>
export type CellEdit = Extract<TableEdit, { kind: 'cell' }>
export type InsertEdit = Extract<TableEdit, { kind: 'insert' }>
export type DeleteEdit = Extract<TableEdit, { kind: 'delete' }>
export type RowEdit = Extract<TableEdit, { kind: 'row' }>

/** The columns a change of an existing row sets, and to what: one for a cell, those the row form changed. */
export const changedColumns = (edit: CellEdit | RowEdit): [string, CellInput][] => (edit.kind === 'cell' ? [[edit.column, edit.input]] : Object.entries(edit.values))

export const tableEditKey = TABLE_EDIT_STORAGE_KEY

/** What makes a parsed change unusable: another key's record, or a row key that does not fit its key columns. */
function nonsense(edit: TableEdit, ref: string, tableId: number, id: string): string | null {
  if (edit.ref !== ref || edit.tableId !== tableId || edit.id !== id)
    return `it is the change ${JSON.stringify(`${edit.ref}.${edit.tableId}.${edit.id}`.slice(0, 120))}, not its key's`
  if (edit.kind === 'insert') return null
  if (edit.keyColumns.length === 0) return 'a change to existing rows needs their primary key columns'
  if (edit.kind === 'row' && Object.keys(edit.values).length === 0) return 'a row change changes no column'
  const keys = edit.kind === 'delete' ? edit.rowKeys : [edit.rowKey]
  if (keys.some((key) => key.length !== edit.keyColumns.length)) return `a row key does not have one value per key column (${edit.keyColumns.length})`
  return null
}

export function readTableEdit(ref: string, tableId: number, id: string, storage = browserStorage('local')): TableEdit | null {
  return readStored(storage, tableEditKey(ref, tableId, id), TableEditSchema, {
    makeSense: (edit) => {
      const why = nonsense(edit, ref, tableId, id)
      return why ? { discard: why } : { value: edit }
    },
  })
}

/** False when the browser refused (storage full or blocked): the caller tells the user the change is kept in this page only. */
export function writeTableEdit(edit: TableEdit, storage = browserStorage('local')): boolean {
  return writeStored(storage, tableEditKey(edit.ref, edit.tableId, edit.id), edit)
}

export function removeTableEdit(ref: string, tableId: number, id: string, storage = browserStorage('local')): void {
  removeStored(storage, tableEditKey(ref, tableId, id))
}

/** The prefix of one table's keys (the trailing dot keeps table 1 apart from table 12). */
export const tableEditPrefix = (ref: string, tableId: number) => `${TABLE_EDIT_KEY_PREFIX}${ref}.${tableId}.`

/** Every kept change of a table, oldest first; entries that fail to parse are discarded with a warning. */
export function listTableEdits(ref: string, tableId: number, storage = browserStorage('local')): TableEdit[] {
  const prefix = tableEditPrefix(ref, tableId)
  return storedKeysWithPrefix(storage, prefix)
    .map((key) => readTableEdit(ref, tableId, key.slice(prefix.length), storage))
    .filter((edit): edit is TableEdit => edit !== null)
    .sort((a, b) => a.madeAt - b.madeAt)
}
