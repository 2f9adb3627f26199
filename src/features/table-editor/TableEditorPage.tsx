import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useParams, useSearch } from 'wouter'
import { projectDetailQuery } from '../../api/queries/projects'
import { tableEntitiesQuery, tableSchemaQuery } from '../../api/queries/table-editor'
import type { TableEntity } from '../../api/schemas'
import { Badge } from '../../ui/badge'
import { EmptyState, ErrorState, LoadingState } from '../../ui/states'
import { QueryLoadingState } from '../retries'
import { assistantActorFor } from '../assistant'
import { forgetProjectVisit, recordProjectVisit } from '../projects'
import { RunAsPicker, useRunAsChoice } from '../run-as'
import { TableDataView } from './TableDataView'
import { EntityList, TYPE_LABEL } from './EntityList'
import { TableStructureView, type TableStructureViewProps } from './TableStructureView'


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
    <div className={css({ display: 'flex', flex: '1', minH: '0' })}>
      <EntityList projectRef={ref} connectionString={connectionString} entities={entities} selectedId={selectedId} />
      {/* On a narrow screen the list takes the width until a table is opened. */}
      <div className={css({ flex: '1', minW: '0', display: { base: selectedId === null ? 'none' : 'flex', md: 'flex' }, flexDir: 'column', overflow: 'hidden' })}>
        {project.isPending ? (
          <QueryLoadingState label="Loading project…" queryKey={projectDetailQuery(ref).queryKey} />
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
      </div>
    </div>
  )
}

function TableView({ projectRef, connectionString, id, entities }: { projectRef: string; connectionString: string; id: number; entities: TableEntity[] }) {
  const schema = useQuery(tableSchemaQuery(projectRef, connectionString, id))
  const tableName = schema.data ? `${schema.data.schema}.${schema.data.name}` : null
  // The table on screen is what the assistant's question is about (a chip the user can remove).
  useEffect(() => {
    if (tableName) assistantActorFor(projectRef).send({ type: 'context.set', tables: [tableName] })
  }, [projectRef, tableName])
  // A dropped table is no place to come back to: the rail's Table editor leads to the list again.
  const gone = schema.isSuccess && !schema.data
  useEffect(() => {
    if (gone) forgetProjectVisit(projectRef, 'editor', String(id))
  }, [gone, projectRef, id])
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

/** A relation's two tabs, its rows and its structure: given what the structure view is given. */
function TableDetails({ projectRef, connectionString, table, entities }: TableStructureViewProps) {
  const entity = entities.find((e) => e.id === table.id)
  const { runAs } = useRunAsChoice(projectRef)
  // The tab is in the address (`?view=structure`), so a link (the Database area's Tables) can open the structure.
  const [location, navigate] = useLocation()
  const tab = new URLSearchParams(useSearch()).get('view') === 'structure' ? 'structure' : 'data'
  const setTab = (next: 'data' | 'structure') => {
    const params = new URLSearchParams(globalThis.location.search)
    if (next === 'structure') params.set('view', 'structure')
    else params.delete('view')
    const query = params.toString()
    navigate(`${location}${query ? `?${query}` : ''}`, { replace: true })
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', flex: '1', minH: '0' })}>
      <header className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', px: '4', pt: '3' })}>
        <h1 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>{table.schema}.</span>
          {table.name}
        </h1>
        <Badge>{TYPE_LABEL[table.type]}</Badge>
        {table.type === 'table' && entity ? <Badge tone={entity.rls_enabled ? 'success' : 'warning'}>{entity.rls_enabled ? 'RLS enabled' : 'RLS disabled'}</Badge> : null}
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
        <TableDataView
          projectRef={projectRef}
          connectionString={connectionString}
          table={table}
          entity={entity}
          entities={entities}
          runAs={runAs}
          runAsPicker={<RunAsPicker projectRef={projectRef} connectionString={connectionString} />}
        />
      ) : (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '5', p: '4', overflow: 'auto' })}>
          <TableStructureView projectRef={projectRef} connectionString={connectionString} table={table} entities={entities} />
        </div>
      )}
    </div>
  )
}

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
