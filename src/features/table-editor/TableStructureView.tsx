import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { dataTable } from '../../ui/data-table'
import { Link, useLocation } from 'wouter'
import { queryKeys } from '../../api/queries/keys'
import { executeSql } from '../../api/queries/sql'
import { tableEntitiesQuery } from '../../api/queries/table-editor'
import type { TableColumn, TableEntity, TableSchema } from '../../api/schemas'
import { Button } from '../../ui/button'
import { showToast } from '../../ui/toast'
import { entityIdOf } from './structure'
import { ColumnDialog, CreateTableDialog, DropColumnDialog, DropTableDialog, ForeignKeyDialog, RenameTableDialog } from './StructureDialogs'
import { TableHead } from '../../ui/table-head'

type OpenDialog =
  | { kind: 'add-column' }
  | { kind: 'edit-column'; column: TableColumn }
  | { kind: 'drop-column'; column: string }
  | { kind: 'add-foreign-key' }
  | { kind: 'rename-table' }
  | { kind: 'drop-table' }

/** The columns' table head; a table (not a view) adds a column of buttons. */
const STRUCTURE_COLUMNS = ['Name', 'Type', 'Nullable', 'Default', 'Constraints']

/** Runs structure SQL on the project's database; the caller shows the database's error. */
function sqlRunner(projectRef: string, connectionString: string) {
  return (sql: string) => executeSql({ ref: projectRef, connectionString, query: sql })
}

export interface TableStructureViewProps {
  projectRef: string
  connectionString: string
  table: TableSchema
  entities: TableEntity[]
}

/**
 * A relation's columns and relationships both ways (linked to the other table); for tables also
 * the structure changes, each shown as SQL before it runs. Views are shown read-only.
 */
export function TableStructureView({ projectRef, connectionString, table, entities }: TableStructureViewProps) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const [dialog, setDialog] = useState<OpenDialog | null>(null)
  const run = sqlRunner(projectRef, connectionString)
  const editable = table.type === 'table'
  const idOf = (schemaName: string, name: string) => entityIdOf(entities, schemaName, name)
  const close = () => setDialog(null)

  /** The list and every table schema share this prefix, so one call refreshes both. */
  function done(message: string) {
    setDialog(null)
    showToast('success', message)
    void queryClient.invalidateQueries({ queryKey: queryKeys.tableEntities(projectRef) })
  }

  function dropped() {
    setDialog(null)
    showToast('success', `Dropped table ${table.schema}.${table.name}`)
    navigate(`/project/${projectRef}/editor`)
    // The dropped table's schema would only refetch to "not found".
    queryClient.removeQueries({ queryKey: queryKeys.tableSchema(projectRef, table.id) })
    void queryClient.invalidateQueries({ queryKey: queryKeys.tableEntities(projectRef) })
  }

  return (
    <>
      {editable ? (
        <div role="toolbar" aria-label="Table structure" className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Button size="sm" variant="primary" onClick={() => setDialog({ kind: 'add-column' })}>
            Add column
          </Button>
          <Button size="sm" onClick={() => setDialog({ kind: 'add-foreign-key' })}>
            Add foreign key
          </Button>
          <Button size="sm" onClick={() => setDialog({ kind: 'rename-table' })}>
            Rename table
          </Button>
          <Button size="sm" variant="danger" onClick={() => setDialog({ kind: 'drop-table' })}>
            Drop table
          </Button>
        </div>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>The structure of a {table.type.replace('_', ' ')} is shown read-only.</p>
      )}

      <section aria-label="Columns">
        <h2 className={sectionTitleClass}>Columns</h2>
        <table className={tableClass}>
          <TableHead columns={editable ? [...STRUCTURE_COLUMNS, { hidden: 'Actions' }] : STRUCTURE_COLUMNS} />
          <tbody>
            {table.columns.map((column) => (
              <tr key={column.name}>
                <td className={css({ fontFamily: 'mono' })}>
                  {column.name}
                  {table.primary_keys.includes(column.name) ? (
                    <span className={css({ ml: '2', color: 'warning.default', fontSize: 'xs' })}> primary key</span>
                  ) : null}
                </td>
                <td className={css({ fontFamily: 'mono' })}>
                  {column.data_type}
                  {column.enums ? <span className={css({ display: 'block', color: 'fg.subtle', fontSize: 'xs' })}>{column.enums.join(' · ')}</span> : null}
                </td>
                <td>{column.is_nullable ? 'yes' : 'no'}</td>
                <td className={css({ fontFamily: 'mono', color: column.default_value ? 'fg.default' : 'fg.subtle' })}>{column.default_value ?? '—'}</td>
                <td className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                  {[column.is_identity ? 'identity' : null, column.is_generated ? 'generated' : null, column.is_unique ? 'unique' : null, column.check]
                    .filter(Boolean)
                    .join(', ') || '—'}
                </td>
                {editable ? (
                  <td className={css({ whiteSpace: 'nowrap', textAlign: 'right' })}>
                    <Button size="sm" variant="ghost" aria-label={`Edit column ${column.name}`} onClick={() => setDialog({ kind: 'edit-column', column })}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Drop column ${column.name}`}
                      onClick={() => setDialog({ kind: 'drop-column', column: column.name })}
                    >
                      Drop
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-label="Relationships">
        <h2 className={sectionTitleClass}>Relationships</h2>
        {table.relationships.length === 0 ? (
          <p className={mutedClass}>No foreign keys point from or to this table.</p>
        ) : (
          <ul className={css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm', fontFamily: 'mono' })}>
            {table.relationships.map((r) => {
              const outgoing = r.source_schema === table.schema && r.source_table_name === table.name
              const otherSchema = outgoing ? r.target_table_schema : r.source_schema
              const otherName = outgoing ? r.target_table_name : r.source_table_name
              const otherId = idOf(otherSchema, otherName)
              const other = `${otherSchema}.${otherName}`
              return (
                <li key={`${r.constraint_name}/${r.source_column_name}`}>
                  {outgoing ? `${r.source_column_name} → ` : `${other}.${r.source_column_name} → ${r.target_column_name} · `}
                  {otherId !== undefined ? (
                    <Link href={`/project/${projectRef}/editor/${otherId}`} className={linkClass}>
                      {other}
                    </Link>
                  ) : (
                    other
                  )}
                  {outgoing ? `.${r.target_column_name}` : null}
                  <span className={css({ color: 'fg.subtle', ml: '2' })}>{r.constraint_name}</span>
                </li>
              )
            })}
          </ul>
        )}
      </section>

      {dialog?.kind === 'add-column' ? <ColumnDialog projectRef={projectRef} connectionString={connectionString} table={table} run={run} onClose={close} onDone={() => done('Column added')} /> : null}
      {dialog?.kind === 'edit-column' ? (
        <ColumnDialog projectRef={projectRef} connectionString={connectionString} table={table} column={dialog.column} run={run} onClose={close} onDone={() => done(`Column ${dialog.column.name} updated`)} />
      ) : null}
      {dialog?.kind === 'drop-column' ? (
        <DropColumnDialog projectRef={projectRef} connectionString={connectionString} table={table} column={dialog.column} run={run} onClose={close} onDone={() => done(`Column ${dialog.column} dropped`)} />
      ) : null}
      {dialog?.kind === 'add-foreign-key' ? (
        <ForeignKeyDialog
          projectRef={projectRef}
          connectionString={connectionString}
          table={table}
          entities={entities}
          run={run}
          onClose={close}
          onDone={() => done('Foreign key added')}
        />
      ) : null}
      {/* The id is the table's oid, which a rename keeps: the page stays on it. */}
      {dialog?.kind === 'rename-table' ? <RenameTableDialog table={table} run={run} onClose={close} onDone={() => done('Table renamed')} /> : null}
      {dialog?.kind === 'drop-table' ? <DropTableDialog table={table} run={run} onClose={close} onDone={dropped} /> : null}
    </>
  )
}

/** The side list's "New table": creates it in one statement, then opens it. */
export function NewTableButton({
  projectRef,
  connectionString,
  entities,
}: {
  projectRef: string
  connectionString: string | null | undefined
  entities: TableEntity[]
}) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const [open, setOpen] = useState(false)
  const run = sqlRunner(projectRef, connectionString ?? '')

  async function created({ schema, name }: { schema: string; name: string }) {
    setOpen(false)
    showToast('success', `Created table ${schema}.${name}`)
    await queryClient.invalidateQueries({ queryKey: queryKeys.tableEntities(projectRef) })
    try {
      // The list refetched just above (when shown); fetchQuery also covers it not being shown.
      const list = await queryClient.fetchQuery({ ...tableEntitiesQuery(projectRef, connectionString), staleTime: 5_000 })
      const id = entityIdOf(list, schema, name)
      if (id !== undefined) navigate(`/project/${projectRef}/editor/${id}`)
    } catch {
      // The table exists; the list shows its own error and the user can open the table from it.
    }
  }

  return (
    <>
      <Button size="sm" variant="primary" disabled={!connectionString} onClick={() => setOpen(true)}>
        New table
      </Button>
      {open && connectionString ? (
        <CreateTableDialog
          projectRef={projectRef}
          connectionString={connectionString}
          entities={entities}
          run={run}
          onClose={() => setOpen(false)}
          onDone={(table) => void created(table)}
        />
      ) : null}
    </>
  )
}

const mutedClass = css({ px: '2', py: '2', color: 'fg.muted', fontSize: 'sm' })
const sectionTitleClass = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' })
const linkClass = css({ color: 'accent.default', textDecoration: 'underline' })
const tableClass = dataTable({ density: 'compact' })
