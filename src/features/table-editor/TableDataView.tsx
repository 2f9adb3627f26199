import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { queryKeys } from '../../api/queries/keys'
import { executeSql } from '../../api/queries/sql'
import type { TableEntity, TableSchema } from '../../api/schemas'
import { valueToInput } from '../../lib/sql/row-edits'
import type { RowSource } from '../../lib/sql/table-rows'
import { ownValue } from '../../lib/own-record'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/dialog'
import { Menu, MenuItem } from '../../ui/menu'
import { showToast } from '../../ui/toast'
import { useExport } from '../sql-editor'
import { reorderColumn, setColumnHidden, setColumnWidth } from './column-layout'
import { gridQuerySearch, nextSort, parseGridQuery, withGridQuery, type GridQuery } from './grid-url'
import { ColumnHeaderMenu, type ColumnAction } from './ColumnHeaderMenu'
import { ImportCsvDialog } from './ImportCsvDialog'
import { RowWindowStore, type Row } from './row-windows'
import { exportTableCsv } from './table-export'
import { FilterBar } from './FilterBar'
import { InsertRowDialog } from './InsertRowDialog'
import { KeptEditsPanel } from './KeptEditsPanel'
import { RowCountStatus, RowsNotice } from './RowsStatus'
import { rowKeyTextOf } from './table-edit-actions'
import { TableGrid, type CellPosition, type GridColumn } from './TableGrid'
import { useGridColumns } from './use-grid-columns'
import { useTableEdits } from './use-table-edits'
import { CellEditorDialog } from './ValueEditor'
import { ColumnDialog } from './StructureDialogs'
import { checkedInlineInput, inlineEditOf, inlineInput } from './cell-edit'

export interface TableDataViewProps {
  projectRef: string
  connectionString: string
  table: TableSchema
  entity: TableEntity | undefined
  entities: TableEntity[]
}

/** Why a relation's rows cannot be changed one by one, or null when they can. */
export function readOnlyReason(table: TableSchema): string | null {
  if (table.type === 'view' || table.type === 'materialized_view' || table.type === 'foreign_table') {
    if (table.primary_keys.length === 0)
      return `This ${table.type.replace('_', ' ')} has no primary key, so its rows cannot be told apart to be edited: it is read-only.`
    return `This is a ${table.type.replace('_', ' ')}: its rows are read-only here.`
  }
  if (table.primary_keys.length === 0)
    return 'This table has no primary key, so its rows cannot be told apart to be edited: it is read-only. Add a primary key to edit rows.'
  return null
}

/** The rows of one table: the windowed grid with sort, filters, column layout, editing, insert, delete, import and export. */
export function TableDataView({ projectRef, connectionString, table, entity, entities }: TableDataViewProps) {
  const [location, navigate] = useLocation()
  const search = useSearch()
  // Keyed on the grid's own part of the address: other parameters (the assistant panel, the
  // previews modal) coming and going must not read the rows again or clear the selection.
  const gridSearch = gridQuerySearch(parseGridQuery(search))
  const query = useMemo(() => parseGridQuery(gridSearch), [gridSearch])
  const setQuery = useCallback(
    (next: GridQuery) => navigate(`${location}${withGridQuery(globalThis.location.search, next)}`, { replace: true }),
    [location, navigate],
  )
  const queryClient = useQueryClient()
  const readOnly = readOnlyReason(table)

  const run = useCallback(
    (sql: string, signal?: AbortSignal) => executeSql({ ref: projectRef, connectionString, query: sql, signal }),
    [projectRef, connectionString],
  )
  const source: RowSource = useMemo(
    () => ({ schema: table.schema, table: table.name, key: table.primary_keys, sort: query.sort, filters: query.filters }),
    [table, query],
  )
  const store = useMemo(() => new RowWindowStore(source, (sql, signal) => run(sql, signal), entity?.estimated_rows ?? 0), [source, run, entity?.estimated_rows])
  useEffect(() => {
    store.start()
    return () => store.dispose()
  }, [store])
  // No subscription to the store here: what shows its count or its rows subscribes itself
  // (./RowsStatus, the grid), so a page of rows arriving redraws those alone, not this view, the
  // header or its menus.

  const { layout, setLayout, columnsByName, references, gridColumns } = useGridColumns(projectRef, table)
  const invalidateCatalog = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.tableEntities(projectRef) }), [queryClient, projectRef])
  const { edits, actions } = useTableEdits(projectRef, table, run, store, invalidateCatalog)
  const pendingOf = useCallback((row: Row) => (edits.cells.size ? edits.cells.get(rowKeyTextOf(table, row)) : undefined), [edits.cells, table])
  const deletingOf = useCallback((row: Row) => (edits.deleting.size ? edits.deleting.get(rowKeyTextOf(table, row)) : undefined), [edits.deleting, table])

  const [selected, setSelected] = useState<Set<number>>(new Set())
  const lastToggled = useRef<number | null>(null)
  const [editing, setEditing] = useState<{ cell: CellPosition; row: Row; draft?: string } | null>(null)
  /** The insert form's row: a new id each time it opens empty, a kept row's id when it reopens one. */
  const [inserting, setInserting] = useState<{ id: string } | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [importing, setImporting] = useState(false)
  const [addingColumn, setAddingColumn] = useState(false)
  const [filtersOpen, setFiltersOpen] = useState(query.filters.length > 0)
  const exporter = useExport()
  const exporting = exporter.progress
  useEffect(() => setSelected(new Set()), [store])

  async function deleteSelected() {
    setConfirmDelete(false)
    const rows = [...selected].map((index) => store.row(index)).filter((row): row is Row => !!row)
    const outcome = await actions.deleteRows(rows)
    if (outcome.saved) setSelected(new Set())
  }

  function startExport() {
    void exporter.start(store.rowCount, async (signal, onProgress) => {
      const summary = await exportTableCsv({
        source,
        columns: gridColumns.map((c) => c.name),
        run,
        total: store.rowCount,
        name: `${table.schema}.${table.name}`,
        signal,
        onProgress,
      })
      return ['Export ready', `${summary.rows.toLocaleString()} rows as CSV in ${(summary.ms / 1000).toFixed(1)} s`]
    })
  }

  // The grid's handlers keep their identity while what they use stays, so GridHeader and GridRow
  // (memoized) redraw only for what they show.
  const toggleRow = useCallback((index: number, range: boolean) => {
    setSelected((current) => {
      const next = new Set(current)
      const from = range && lastToggled.current !== null ? Math.min(lastToggled.current, index) : index
      const to = range && lastToggled.current !== null ? Math.max(lastToggled.current, index) : index
      const on = !current.has(index)
      for (let i = from; i <= to; i++) {
        if (on) next.add(i)
        else next.delete(i)
      }
      return next
    })
    lastToggled.current = index
  }, [])
  const onSort = useCallback((column: string) => setQuery({ ...query, sort: nextSort(query.sort, column) }), [query, setQuery])
  const onResize = useCallback((column: string, width: number) => setLayout(setColumnWidth(layout, column, width)), [layout, setLayout])
  const onReorder = useCallback(
    (column: string, before: string) =>
      setLayout(
        reorderColumn(
          layout,
          table.columns.map((c) => c.name),
          column,
          before,
        ),
      ),
    [layout, setLayout, table],
  )
  const onOpenCell = useCallback(
    (cell: CellPosition, draft?: string) => {
      const row = store.row(cell.row)
      if (row) setEditing({ cell, row, draft })
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
  const followReference = useCallback(
    (column: GridColumn, value: unknown) => {
      const target = references.get(column.name)
      if (!target) return
      const id = entities.find((e) => e.schema === target.schema && e.name === target.table)?.id
      if (id === undefined) return showToast('error', 'Referenced table not found', `${target.schema}.${target.table} is not in the table list.`)
      navigate(`/project/${projectRef}/editor/${id}${gridQuerySearch({ sort: [], filters: [{ column: target.column, operator: '=', value: String(value) }] })}`)
    },
    [references, entities, navigate, projectRef],
  )
  const onColumnAction = useCallback(
    (column: GridColumn, action: ColumnAction) => {
      if (action === 'asc' || action === 'desc') setQuery({ ...query, sort: [{ column: column.name, direction: action }] })
      if (action === 'hide') setLayout(setColumnHidden(layout, column.name, true))
      if (action === 'filter') {
        setFiltersOpen(true)
        setQuery({ ...query, filters: [...query.filters, { column: column.name, operator: '=', value: '' }] })
      }
    },
    [query, setQuery, layout, setLayout],
  )
  const headerMenu = useCallback((column: GridColumn) => <ColumnHeaderMenu column={column} onAction={onColumnAction} />, [onColumnAction])
  const openKeptRow = useCallback((id: string) => setInserting({ id }), [])

  const editingColumn = editing ? gridColumns[editing.cell.col] : undefined
  const editingTableColumn = editingColumn ? columnsByName.get(editingColumn.name) : undefined
  const editingKept = editing && editingColumn ? pendingOf(editing.row)?.get(editingColumn.name) : undefined
  const keptInsert = inserting ? edits.views.find((view) => view.edit.id === inserting.id) : undefined

  return (
    <div className={css({ display: 'flex', flexDir: 'column', flex: '1', minH: '0' })}>
      <div role="toolbar" aria-label="Rows" className={toolbarClass}>
        <Button size="sm" variant={query.filters.length ? 'primary' : 'ghost'} aria-expanded={filtersOpen} onClick={() => setFiltersOpen((o) => !o)}>
          Filter{query.filters.length ? ` (${query.filters.length})` : ''}
        </Button>
        {query.sort.length ? (
          <Button size="sm" variant="ghost" onClick={() => setQuery({ ...query, sort: [] })} title="Clear the sort">
            Sorted by {query.sort.map((s) => `${s.column} ${s.direction}`).join(', ')} ✕
          </Button>
        ) : null}
        <Menu label="Columns" triggerLabel="Columns" onSelect={(name) => setLayout(setColumnHidden(layout, name, !layout.hidden.includes(name)))}>
          {table.columns.map((c) => (
            <MenuItem key={c.name} value={c.name}> <span aria-hidden>{layout.hidden.includes(c.name) ? '☐' : '☑'}</span> {c.name}</MenuItem>
          ))}
        </Menu>
        <span className={css({ flex: '1' })} />
        <RowCountStatus store={store} />
        <Button size="sm" variant="ghost" onClick={() => store.reset()} title="Read the rows again">
          Refresh
        </Button>
        {exporting ? (
          <span className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' })}>
            <progress aria-label="Export progress" value={exporting.done} max={Math.max(1, exporting.total)} />
            {exporting.done.toLocaleString()} rows
            <Button size="sm" variant="ghost" onClick={exporter.cancel}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button size="sm" variant="ghost" onClick={startExport}>
            Export CSV
          </Button>
        )}
        {readOnly ? null : (
          <>
            <Button size="sm" variant="ghost" onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            {selected.size > 0 ? (
              <Button size="sm" variant="danger" onClick={() => setConfirmDelete(true)}>
                Delete {selected.size.toLocaleString()} {selected.size === 1 ? 'row' : 'rows'}
              </Button>
            ) : null}
            <Button size="sm" variant="primary" onClick={() => setInserting({ id: crypto.randomUUID() })}>
              Insert row
            </Button>
          </>
        )}
      </div>
      {readOnly ? (
        <p role="note" className={css({ px: '3', py: '1.5', fontSize: 'sm', bg: 'warning.subtle', color: 'fg.default' })}>
          {readOnly}
        </p>
      ) : null}
      <KeptEditsPanel views={edits.views} retryBlockedBy={readOnly} actions={actions} onEditRow={openKeptRow} />
      {filtersOpen ? <FilterBar columns={table.columns} filters={query.filters} onApply={(filters) => setQuery({ ...query, filters })} /> : null}
      <RowsNotice store={store} filtered={query.filters.length > 0} readOnly={readOnly !== null} />
      <TableGrid
        store={store}
        columns={gridColumns}
        sort={query.sort}
        selectedRows={selected}
        pendingOf={pendingOf}
        deletingOf={deletingOf}
        onSort={onSort}
        onResize={onResize}
        onReorder={onReorder}
        onToggleRow={readOnly ? ignoreToggle : toggleRow}
        onOpenCell={onOpenCell}
        inlineEditOf={inlineEditAt}
        onCommitCell={commitCell}
        onFollowReference={followReference}
        headerMenu={headerMenu}
        onAddColumn={table.type === 'table' ? () => setAddingColumn(true) : undefined}
      />
      {addingColumn ? (
        <ColumnDialog
          projectRef={projectRef}
          connectionString={connectionString}
          table={table}
          run={run}
          onClose={() => setAddingColumn(false)}
          onDone={() => {
            setAddingColumn(false)
            showToast('success', 'Column added')
            invalidateCatalog()
          }}
        />
      ) : null}
      {editing && editingTableColumn ? (
        <CellEditorDialog
          key={`${editing.cell.row}:${editing.cell.col}`}
          open
          column={editingTableColumn}
          rowLabel={`Row ${(editing.cell.row + 1).toLocaleString()}${table.primary_keys.length ? ` (${table.primary_keys.map((k) => `${k} = ${String(ownValue(editing.row, k))}`).join(', ')})` : ''}`}
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
      {inserting ? (
        <InsertRowDialog
          key={inserting.id}
          table={table}
          picking={{ projectRef, references, run }}
          initial={keptInsert?.edit.kind === 'insert' ? keptInsert.edit.values : undefined}
          initialError={keptInsert?.error ?? null}
          onInsert={async (values) => {
            const outcome = await actions.insertRow(inserting.id, values)
            if (!outcome.saved) throw new Error(outcome.error)
            setInserting(null)
          }}
          onDiscard={() => (actions.discard(inserting.id), setInserting(null))}
          onClose={() => setInserting(null)}
        />
      ) : null}
      {importing ? (
        <ImportCsvDialog
          table={table}
          run={run}
          onDone={(rows) => {
            setImporting(false)
            showToast('success', `Imported ${rows.toLocaleString()} ${rows === 1 ? 'row' : 'rows'}`)
            store.reset()
            invalidateCatalog()
          }}
          onClose={() => setImporting(false)}
        />
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${selected.size.toLocaleString()} ${selected.size === 1 ? 'row' : 'rows'}?`}
        confirmLabel="Delete"
        onConfirm={() => void deleteSelected()}
        onDismiss={() => setConfirmDelete(false)}
      >
        The selected rows of {table.schema}.{table.name} are deleted at once. This cannot be undone.
      </ConfirmDialog>
    </div>
  )
}

const ignoreToggle = () => undefined

const toolbarClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1.5',
  px: '3',
  py: '1.5',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  flexWrap: 'wrap',
})
