import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Link, useParams } from 'wouter'
import { projectDetailQuery } from '../../api/queries/projects'
import { tableEntitiesQuery, tableSchemaQuery } from '../../api/queries/table-editor'
import type { TableEntity, TableSchema } from '../../api/schemas'
import { Badge } from '../../ui/badge'
import { SearchBox, SidePanel, sidePanelHeadingClass } from '../../ui/side-panel'
import { EmptyState, ErrorState, LoadingState } from '../../ui/states'
import { recordProjectVisit } from '../projects/dashboard-history'
import { TableDataView } from './TableDataView'

const TYPE_LABEL: Record<TableEntity['type'], string> = {
  table: 'Table',
  view: 'View',
  materialized_view: 'Materialized view',
  foreign_table: 'Foreign table',
}

/** /project/{ref}/editor[/{id}]: the project's tables by schema, and the one opened (its id is the relation's oid). */
export default function TableEditorPage() {
  const { ref, id } = useParams<{ ref: string; id?: string }>()
  const project = useQuery(projectDetailQuery(ref))
  const connectionString = project.data?.connectionString
  const entities = useQuery({ ...tableEntitiesQuery(ref, connectionString), enabled: !!connectionString })
  const selectedId = id && /^\d+$/.test(id) ? Number(id) : null

  useEffect(() => {
    if (selectedId !== null) recordProjectVisit(ref, 'editor', String(selectedId))
  }, [ref, selectedId])

  return (
    <div className={css({ display: 'flex', h: 'calc(100vh - token(sizes.12))', minH: '0' })}>
      <EntityList projectRef={ref} entities={entities} selectedId={selectedId} />
      <main className={css({ flex: '1', minW: '0', display: 'flex', flexDir: 'column', overflow: 'hidden' })}>
        {project.isPending ? (
          <LoadingState label="Loading project…" />
        ) : project.isError ? (
          <div className={css({ p: '6' })}>
            <ErrorState title="Failed to load the project" message={project.error.message} onRetry={() => void project.refetch()} />
          </div>
        ) : !connectionString ? (
          <div className={css({ p: '6' })}>
            <EmptyState title="The database is not reachable yet">The table editor opens once the project is up.</EmptyState>
          </div>
        ) : selectedId === null ? (
          <div className={css({ p: '6' })}>
            <EmptyState title="Select a table">Choose a table or view from the list to see its columns, keys and rows.</EmptyState>
          </div>
        ) : (
          <TableView key={selectedId} projectRef={ref} connectionString={connectionString} id={selectedId} entities={entities.data ?? []} />
        )}
      </main>
    </div>
  )
}

function EntityList({
  projectRef,
  entities,
  selectedId,
}: {
  projectRef: string
  entities: ReturnType<typeof useQuery<TableEntity[]>>
  selectedId: number | null
}) {
  const [search, setSearch] = useState('')
  const needle = search.trim().toLowerCase()
  const bySchema = useMemo(() => {
    const groups = new Map<string, TableEntity[]>()
    for (const entity of entities.data ?? []) {
      if (needle && !`${entity.schema}.${entity.name}`.toLowerCase().includes(needle)) continue
      groups.set(entity.schema, [...(groups.get(entity.schema) ?? []), entity])
    }
    return [...groups.entries()]
  }, [entities.data, needle])

  return (
    <SidePanel
      label="Tables"
      toolbar={
        <div className={css({ borderBottomWidth: '1px', borderColor: 'border.default' })}>
          <SearchBox label="Search tables" value={search} onChange={setSearch} />
        </div>
      }
    >
      {entities.isPending ? <p className={mutedClass}>Loading tables…</p> : null}
      {entities.isError ? (
        <p role="alert" className={cx(mutedClass, css({ color: 'danger.default' }))}>
          Failed to load tables: {entities.error.message}
        </p>
      ) : null}
      {entities.isSuccess && bySchema.length === 0 ? (
        <p className={mutedClass}>{needle ? `No tables match "${search.trim()}".` : 'This project has no tables yet.'}</p>
      ) : null}
      {bySchema.map(([schema, list]) => (
        <section key={schema} aria-label={`Schema ${schema}`}>
          <h2 className={sidePanelHeadingClass}>{schema}</h2>
          <ul>
            {list.map((entity) => (
              <li key={entity.id}>
                <Link
                  href={`/project/${projectRef}/editor/${entity.id}`}
                  aria-current={entity.id === selectedId ? 'page' : undefined}
                  className={css({
                    display: 'flex',
                    alignItems: 'center',
                    gap: '2',
                    px: '2',
                    py: '1',
                    borderRadius: 'sm',
                    _hover: { bg: 'bg.muted' },
                    '&[aria-current=page]': { bg: 'bg.muted', fontWeight: 'medium' },
                  })}
                >
                  <span className={css({ flex: '1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{entity.name}</span>
                  {entity.type !== 'table' ? <span className={css({ fontSize: 'xs', color: 'fg.subtle' })}>{TYPE_LABEL[entity.type]}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </SidePanel>
  )
}

function TableView({ projectRef, connectionString, id, entities }: { projectRef: string; connectionString: string; id: number; entities: TableEntity[] }) {
  const schema = useQuery(tableSchemaQuery(projectRef, connectionString, id))
  if (schema.isPending) return <LoadingState label="Loading table…" />
  if (schema.isError)
    return (
      <div className={css({ p: '6' })}>
        <ErrorState title="Failed to load the table" message={schema.error.message} onRetry={() => void schema.refetch()} />
      </div>
    )
  if (!schema.data)
    return (
      <div className={css({ p: '6' })}>
        <EmptyState title="Table not found">It may have been dropped or renamed. Pick another from the list.</EmptyState>
      </div>
    )
  return <TableDetails projectRef={projectRef} connectionString={connectionString} table={schema.data} entities={entities} />
}

function TableDetails({
  projectRef,
  connectionString,
  table,
  entities,
}: {
  projectRef: string
  connectionString: string
  table: TableSchema
  entities: TableEntity[]
}) {
  const entity = entities.find((e) => e.id === table.id)
  const [tab, setTab] = useState<'data' | 'structure'>('data')
  return (
    <div className={css({ display: 'flex', flexDir: 'column', flex: '1', minH: '0' })}>
      <header className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', px: '4', pt: '3' })}>
        <h1 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>{table.schema}.</span>
          {table.name}
        </h1>
        <Badge>{TYPE_LABEL[table.type]}</Badge>
        <span className={css({ flex: '1' })} />
        <div role="tablist" aria-label="Table view" className={css({ display: 'flex', gap: '1' })}>
          {(['data', 'structure'] as const).map((t) => (
            <button key={t} role="tab" type="button" aria-selected={tab === t} className={tabClass} onClick={() => setTab(t)}>
              {t === 'data' ? 'Data' : 'Structure'}
            </button>
          ))}
        </div>
      </header>
      {tab === 'data' ? (
        <TableDataView projectRef={projectRef} connectionString={connectionString} table={table} entity={entity} entities={entities} />
      ) : (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '5', p: '4', overflow: 'auto' })}>
          <TableStructure projectRef={projectRef} table={table} entities={entities} />
        </div>
      )}
    </div>
  )
}

/** A relation's columns and relationships both ways (linked to the other table). */
function TableStructure({ projectRef, table, entities }: { projectRef: string; table: TableSchema; entities: TableEntity[] }) {
  const idOf = (schemaName: string, name: string) => entities.find((e) => e.schema === schemaName && e.name === name)?.id
  return (
    <>
      <section aria-label="Columns">
        <h2 className={sectionTitleClass}>Columns</h2>
        <table className={tableClass}>
          <thead>
            <tr>
              {['Name', 'Type', 'Nullable', 'Default', 'Constraints'].map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
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
    </>
  )
}

const mutedClass = css({ px: '2', py: '2', color: 'fg.muted', fontSize: 'sm' })
const sectionTitleClass = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' })
const tabClass = css({
  px: '3',
  py: '1',
  fontSize: 'sm',
  borderRadius: 'md',
  cursor: 'pointer',
  color: 'fg.muted',
  _hover: { bg: 'bg.muted' },
  '&[aria-selected=true]': { bg: 'bg.muted', color: 'fg.default', fontWeight: 'medium' },
})
const linkClass = css({ color: 'accent.default', textDecoration: 'underline' })
const tableClass = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th': {
    textAlign: 'left',
    fontWeight: 'medium',
    color: 'fg.muted',
    fontSize: 'xs',
    px: '2',
    py: '1.5',
    borderBottomWidth: '1px',
    borderColor: 'border.default',
  },
  '& td': { px: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
})
