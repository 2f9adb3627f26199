import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { publicationsQuery } from '../../../api/queries/database-objects'
import { tableEntitiesQuery } from '../../../api/queries/table-editor'
import type { Publication } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { createPublicationSql, dropPublicationSql, PUBLICATION_OPERATIONS, setPublicationTableSql, type PublicationOperation } from '../../../lib/sql/publications'
import { Badge } from '../../../ui/badge'
import { Callout } from '../../../ui/callout'
import { TextField } from '../../../ui/field'
import { Checkbox, labelClass } from '../../../ui/form-controls'
import { GuardedButton } from '../../../ui/guarded-button'
import { SqlPreviewDialog } from '../../../ui/sql-preview-dialog'
import { EmptyState, QueryStates } from '../../../ui/states'
import { Switch } from '../../../ui/switch'
import { useListDialog } from '../../../ui/use-list-dialogs'
import { DatabaseToolPage, ToolTable, toolCellClass } from '../DatabaseToolPage'
import { SchemaPicker, useSchemaParam } from '../SchemaPicker'
import { useDatabaseWritePermission, useProjectDatabase } from '../use-project-database'
import { useSwitchRun } from '../use-switch-run'
import { RowDeleteButton } from '../../../ui/row-actions'

type Dialog = { kind: 'create' } | { kind: 'drop'; publication: Publication }

const sectionClass = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '4', display: 'flex', flexDir: 'column', gap: '3' })

function CreatePublicationDialog(props: { run: (sql: string) => Promise<unknown>; onDone: (name: string) => void; onClose: () => void }) {
  const [name, setName] = useState('')
  const [allTables, setAllTables] = useState(false)
  const [operations, setOperations] = useState<PublicationOperation[]>([...PUBLICATION_OPERATIONS])
  return (
    <SqlPreviewDialog {...props} onDone={() => props.onDone(name.trim())} title="Create a publication" description="A set of tables whose changes logical replication (and realtime) send out." runLabel="Create publication" build={() => createPublicationSql(name, allTables, operations)}>
      <TextField label="Name" value={name} spellCheck={false} onChange={(event) => setName(event.target.value)} />
      <Checkbox label="Every table, those made later too" checked={allTables} onChange={setAllTables} />
      <fieldset className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
        <legend className={labelClass}>Publish</legend>
        {PUBLICATION_OPERATIONS.map((operation) => (
          <Checkbox key={operation} label={operation} checked={operations.includes(operation)} onChange={(on) => setOperations(on ? [...operations, operation] : operations.filter((o) => o !== operation))} />
        ))}
      </fieldset>
    </SqlPreviewDialog>
  )
}

/** /project/{ref}/database/publications: each publication's changes and, for the chosen schema, which tables it holds (a switch each). */
export function PublicationsScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const [schema, setSchema] = useSchemaParam()
  const publications = useQuery({ ...publicationsQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const entities = useQuery({ ...tableEntitiesQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const permission = useDatabaseWritePermission(ref, 'publications', PERMISSION_MESSAGE.managePublications)
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  const switches = useSwitchRun(run, refresh)
  const tables = (entities.data ?? []).filter((e) => e.schema === schema && e.type === 'table')
  const close = () => setDialog(null)

  const setMember = (publication: Publication, table: string, member: boolean) =>
    switches.flip(`${publication.name}\u0000${table}`, setPublicationTableSql(publication.name, schema, table, member), {
      done: `${schema}.${table} ${member ? 'added to' : 'taken out of'} ${publication.name}`,
      failed: `${schema}.${table} could not be ${member ? 'added to' : 'taken out of'} ${publication.name}`,
    })


  return (
    <DatabaseToolPage
      title="Publications"
      description="Which tables’ changes logical replication and realtime send out."
      actions={
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <SchemaPicker projectRef={ref} schema={schema} onChange={setSchema} />
          <GuardedButton variant="primary" blockedReason={permission.reason} disabled={!permission.allowed} onClick={() => setDialog({ kind: 'create' })}>
            Create publication
          </GuardedButton>
        </div>
      }
    >
      {permission.reason ? <Callout tone="warning" title={permission.reason} /> : null}
      <QueryStates query={publications} loading="Loading publications…" failed="The publications could not be read">
        {(data) => data.length === 0 ? (
          <EmptyState title="No publications yet">Create one to send a table’s changes to a replica or to realtime listeners.</EmptyState>
        ) : (
          data.map((publication) => (
            <section key={publication.id} aria-label={`Publication ${publication.name}`} className={sectionClass}>
              <header className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                <h2 className={css({ fontWeight: 'semibold', fontFamily: 'mono' })}>{publication.name}</h2>
                {publication.all_tables ? <Badge tone="info">Every table</Badge> : null}
                <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{`publishes ${publication.operations.join(', ') || 'nothing'}`}</span>
                <span className={css({ flex: '1' })} />
                <RowDeleteButton name={publication.name} disabled={!permission.allowed} onClick={() => setDialog({ kind: 'drop', publication })} />
              </header>
              {tables.length === 0 ? (
                <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{`No tables in ${schema}.`}</p>
              ) : (
                <ToolTable label={`Tables of ${schema} in ${publication.name}`} columns={['Table', 'In the publication']}>
                  {tables.map((table) => {
                    const member = publication.tables.some((t) => t.schema === schema && t.table === table.name)
                    return (
                      <tr key={table.id}>
                        <td className={toolCellClass}>
                          <span className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{table.name}</span>
                        </td>
                        <td className={toolCellClass}>
                          <Switch
                            label={<span className={css({ srOnly: true })}>{`${table.name} in ${publication.name}`}</span>}
                            checked={member}
                            disabled={!permission.allowed || publication.all_tables || switches.running === `${publication.name}\u0000${table.name}`}
                            onCheckedChange={(on) => void setMember(publication, table.name, on)}
                          />
                        </td>
                      </tr>
                    )
                  })}
                </ToolTable>
              )}
              {publication.all_tables ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>It holds every table, those made later too: none can be taken out.</p> : null}
            </section>
          ))
        )}
      </QueryStates>
      {dialog?.kind === 'create' ? <CreatePublicationDialog run={run} onClose={close} onDone={(name) => finish(`Publication ${name} created`)} /> : null}
      {dialog?.kind === 'drop' ? (
        <SqlPreviewDialog title={`Delete the publication ${dialog.publication.name}`} description="Subscribers and realtime listeners stop receiving its changes." runLabel="Delete publication" tone="danger" build={() => dropPublicationSql(dialog.publication.name)} run={run} onClose={close} onDone={() => finish(`Publication ${dialog.publication.name} deleted`)}>
          {null}
        </SqlPreviewDialog>
      ) : null}
    </DatabaseToolPage>
  )
}
