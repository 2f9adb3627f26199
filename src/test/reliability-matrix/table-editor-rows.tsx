import { act, renderHook } from '@testing-library/react'
import { executeSql } from '../../api/queries/sql'
import type { MockScenario } from '../../constants'
import { KeptEdits } from '../../features/table-editor/kept-edits'
import { RowWindowStore, type Row } from '../../features/table-editor/row-windows'
import { TableDataView } from '../../features/table-editor/TableDataView'
import { listTableEdits, readTableEdit, tableEditKey, type TableEdit } from '../../features/table-editor/table-edit-store'
import { useTableEdits, type TableEditActions } from '../../features/table-editor/use-table-edits'
import { ITEMS_TABLE, itemsDatabase } from '../items-table'
import { Providers, jsonResponse, stubPlatform, testClient, type WriteRow } from './harness'
import type { StorageRow } from './rows'
import { REF } from './screens'

/**
 * The table editor's rows of the reliability matrix: its kept changes as a storage key, and its
 * writes (a cell edit, an inserted row, a delete), each of which must keep what the user did
 * through every fault and save it once the platform answers again.
 */

const EDIT_ID = '5b0a2c1e-7d8f-4a6b-9c3d-2e1f0a9b8c7d'
const TABLE_ID = ITEMS_TABLE.id
const change = (more: Record<string, unknown>) =>
  JSON.stringify({ ref: REF, tableId: TABLE_ID, id: EDIT_ID, keyColumns: ['id'], status: 'failed', error: 'Internal server error', savingIn: null, madeAt: 1, triedAt: 1, ...more })

/** The platform as the table editor sees it: the items table behind pg-meta, with `fault` in front. */
function itemsPlatform(fault: MockScenario | null, database: ReturnType<typeof itemsDatabase>, stub: typeof stubPlatform = stubPlatform) {
  return stub(fault, (request, body) => (request.url.includes('/pg-meta/') ? jsonResponse(database.answer((body as { query: string }).query)) : undefined))
}

export const TABLE_EDITOR_STORAGE_ROWS: StorageRow[] = [
  {
    key: tableEditKey(REF, TABLE_ID, EDIT_ID),
    storage: 'local',
    read: () => readTableEdit(REF, TABLE_ID, EDIT_ID),
    safe: (value) => {
      if (value === null) return true
      const edit = value as TableEdit
      return edit.ref === REF && edit.tableId === TABLE_ID && edit.id === EDIT_ID && (edit.kind !== 'cell' || edit.rowKey.length === edit.keyColumns.length)
    },
    use: () => {
      if (!listTableEdits(REF, TABLE_ID).every((edit) => edit.ref === REF && edit.tableId === TABLE_ID)) throw new Error('a listed change is another table’s')
    },
    // The data view reads its table's kept changes on the way in, and lists and draws them.
    render: () => {
      const database = itemsDatabase()
      itemsPlatform(null, database)
      return (
        <Providers client={testClient()} path={`/project/${REF}/editor/${TABLE_ID}`}>
          <TableDataView projectRef={REF} connectionString="encrypted:abc" table={ITEMS_TABLE} entity={undefined} entities={[]} />
        </Providers>
      )
    },
    hostile: [
      { label: 'inserted values keyed by prototype names', raw: change({ kind: 'insert', values: { __proto__: { kind: 'text', text: 'p' }, constructor: { kind: 'null' }, toString: { kind: 'default' } } }) },
      { label: 'a row key that is an object with __proto__', raw: change({ kind: 'cell', rowKey: [{ __proto__: { polluted: true } }], column: 'name', input: { kind: 'null' } }) },
      { label: 'a cell edit of the column constructor', raw: change({ kind: 'cell', rowKey: [2], column: 'constructor', input: { kind: 'text', text: 'x' } }) },
      { label: 'a row key longer than its key columns', raw: change({ kind: 'cell', rowKey: [1, 2], column: 'name', input: { kind: 'null' } }) },
      { label: "another table's change", raw: change({ tableId: 7, kind: 'delete', rowKeys: [[1]] }) },
      { label: 'a delete of no rows', raw: change({ kind: 'delete', rowKeys: [] }) },
      { label: 'a row change of no column', raw: change({ kind: 'row', rowKey: [2], values: {} }) },
      { label: 'a row change of prototype-named columns', raw: change({ kind: 'row', rowKey: [2], values: { __proto__: { kind: 'text', text: 'p' }, constructor: { kind: 'null' } } }) },
      { label: 'a save under way in a page long gone', raw: change({ kind: 'delete', rowKeys: [[1]], status: 'saving', error: null, savingIn: 'gone' }) },
    ],
  },
]

/** The table's edits as a page has them: a fresh hook over a fresh row store (so a second call is a reload). */
function editsPage(): { actions: TableEditActions; unmount: () => void } {
  const run = (sql: string) => executeSql({ ref: REF, connectionString: 'encrypted:abc', query: sql })
  const rows = new RowWindowStore({ schema: ITEMS_TABLE.schema, table: ITEMS_TABLE.name, key: ITEMS_TABLE.primary_keys }, (sql, signal) => executeSql({ ref: REF, connectionString: 'encrypted:abc', query: sql, signal }), () => 0)
  const { result, unmount } = renderHook(() => useTableEdits(REF, ITEMS_TABLE, run, rows, () => {}))
  return { actions: result.current.actions, unmount }
}

/**
 * Makes a change under `fault`; when it did not reach the database, it must be kept (in storage,
 * as a reload reads it) with what the user did, and a Retry from a reloaded page must save it.
 */
function tableWrite(write: string, make: (actions: TableEditActions) => Promise<unknown>, saved: (database: ReturnType<typeof itemsDatabase>) => boolean, holds: (edit: TableEdit) => boolean): WriteRow {
  return {
    write,
    run: async (fault, stub) => {
      const database = itemsDatabase()
      itemsPlatform(fault, database, stub)
      const first = editsPage()
      await act(() => make(first.actions))
      first.unmount()
      if (saved(database)) return true
      const reloaded = new KeptEdits(REF, TABLE_ID)
      reloaded.reload()
      const kept = reloaded.getSnapshot().views.find((view) => view.state === 'failed' && holds(view.edit))
      if (!kept) return false
      itemsPlatform(null, database, stub)
      const second = editsPage()
      await act(async () => void (await second.actions.retry(kept.edit.id)))
      second.unmount()
      return saved(database) && listTableEdits(REF, TABLE_ID).length === 0
    },
  }
}

const TYPED = 'Renamed while the platform failed'
const ROW_2: Row = { id: 2, name: 'item 2' }
export const TABLE_EDITOR_WRITE_ROWS: WriteRow[] = [
  tableWrite(
    'table cell edit',
    (actions) => actions.saveCell(ROW_2, 'name', { kind: 'text', text: TYPED }),
    (database) => database.rows.find((row) => row.id === 2)?.name === TYPED,
    (edit) => edit.kind === 'cell' && edit.input.kind === 'text' && edit.input.text === TYPED,
  ),
  tableWrite(
    'row form edit',
    (actions) => actions.saveRow('0f5e2d1c-3b4a-4c5d-9e8f-7a6b5c4d3e2f', ROW_2, { name: { kind: 'text', text: TYPED } }),
    (database) => database.rows.find((row) => row.id === 2)?.name === TYPED,
    (edit) => edit.kind === 'row' && JSON.stringify(edit.values).includes(TYPED),
  ),
  tableWrite(
    'row insert',
    (actions) => actions.insertRow('6c1b3d2f-8e9a-4b7c-8d4e-3f2a1b0c9d8e', { name: { kind: 'text', text: TYPED } }),
    (database) => database.rows.some((row) => row.name === TYPED),
    (edit) => edit.kind === 'insert' && JSON.stringify(edit.values).includes(TYPED),
  ),
  tableWrite(
    'row delete',
    (actions) => actions.deleteRows([ROW_2]),
    (database) => !database.rows.some((row) => row.id === 2),
    (edit) => edit.kind === 'delete' && JSON.stringify(edit.rowKeys) === '[[2]]',
  ),
]
