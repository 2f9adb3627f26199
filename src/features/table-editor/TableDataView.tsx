import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { queryKeys } from '../../api/queries/keys'
import { executeSql } from '../../api/queries/sql'
import type { TableEntity, TableSchema } from '../../api/schemas'
import type { RowSource } from '../../lib/sql/table-rows'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/dialog'
import { Menu, MenuItem } from '../../ui/menu'
import { showToast } from '../../ui/toast'
import { useExport } from '../sql-editor'
import { PROJECT_ROLE, runAsPrefix, runAsSubject, type RunAs } from '../../lib/sql/run-as'
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
import { TableGrid, type GridColumn } from './TableGrid'
import { useGridColumns } from './use-grid-columns'
import { useTableEdits } from './use-table-edits'
import { ColumnDialog } from './StructureDialogs'
import { useRowEditing } from './use-row-editing'

export interface TableDataViewProps {
  projectRef: string
  connectionString: string
  table: TableSchema
  entity: TableEntity | undefined
  entities: TableEntity[]
  /** Who its rows are read and written as (the page's run-as choice); the project's role when not told. */
  runAs?: RunAs
  /** The page's run-as picker, shown in the toolbar. */
  runAsPicker?: ReactNode
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
export function TableDataView({ projectRef, connectionString, table, entity, entities, runAs = PROJECT_ROLE, runAsPicker }: TableDataViewProps) {
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

  // Reads and writes run as whoever the tab runs SQL as (the run-as picker): the rows that role sees, the writes it may make.
  const runningAs = runAsSubject(runAs)
  const run = useCallback(
    (sql: string, signal?: AbortSignal) => executeSql({ ref: projectRef, connectionString, query: runAsPrefix(runAs, sql) + sql, signal }),
    [projectRef, connectionString, runAs],
  )
  const source: RowSource = useMemo(
    () => ({ schema: table.schema, table: table.name, key: table.primary_keys, sort: query.sort, filters: query.filters }),
    [table, query],
  )
  // The catalog's estimate as the rows start to be read: the catalog answering later (a table just
  // made, opened before the list knows it) or read again after an edit does not read the rows anew.
  const catalogEstimate = useRef<number | null>(null)
  useEffect(() => {
    catalogEstimate.current = entity?.estimated_rows ?? null
  })
  const store = useMemo(() => new RowWindowStore(source, (sql, signal) => run(sql, signal), () => catalogEstimate.current), [source, run])
  useEffect(() => {
    store.start()
    return () => store.dispose()
  }, [store])
  // No subscription to the store here: what shows its count or its rows subscribes itself
  // (./RowsStatus, the grid), so a page of rows arriving redraws those alone, not this view, the
  // header or its menus.

  const { layout, setLayout, columnsByName, references, gridColumns } = useGridColumns(projectRef, table)
  const invalidateCatalog = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.tableEntities(projectRef) }), [queryClient, projectRef])
  const { edits, actions } = useTableEdits(projectRef, table, run, store, invalidateCatalog, runningAs ? `No row was changed: as ${runningAs}, no policy lets this change through (or the row is gone).` : undefined)
  const pendingOf = useCallback((row: Row) => (edits.cells.size ? edits.cells.get(rowKeyTextOf(table, row)) : undefined), [edits.cells, table])
  const deletingOf = useCallback((row: Row) => (edits.deleting.size ? edits.deleting.get(rowKeyTextOf(table, row)) : undefined), [edits.deleting, table])

  const [selected, setSelected] = useState<Set<number>>(new Set())
  const lastToggled = useRef<number | null>(null)
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
  const tableIdOf = useCallback((schema: string, name: string) => entities.find((e) => e.schema === schema && e.name === name)?.id, [entities])
  const editors = useRowEditing({ projectRef, table, store, gridColumns, columnsByName, references, readOnly, pendingOf, actions, run, tableIdOf })
  const followReference = useCallback(
    (column: GridColumn, value: unknown) => {
      const target = references.get(column.name)
      if (!target) return
      const id = tableIdOf(target.schema, target.table)
      if (id === undefined) return showToast('error', 'Referenced table not found', `${target.schema}.${target.table} is not in the table list.`)
      navigate(`/project/${projectRef}/editor/${id}${gridQuerySearch({ sort: [], filters: [{ column: target.column, operator: '=', value: String(value) }] })}`)
    },
    [references, tableIdOf, navigate, projectRef],
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
        {runAsPicker}
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
      {runningAs ? (
        <p role="note" className={css({ px: '3', py: '1.5', fontSize: 'sm', bg: 'info.subtle', color: 'fg.default' })}>
          Showing the rows this table gives {runningAs}: reads and changes run as them
          {entity && !entity.rls_enabled ? '. Row level security is off on this table, so that is every row their grants reach.' : ', under the table’s policies.'}
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
        onOpenCell={editors.onOpenCell}
        inlineEditOf={editors.inlineEditAt}
        onCommitCell={editors.commitCell}
        onEditRow={readOnly ? undefined : editors.onEditRow}
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
      {editors.dialogs}
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
