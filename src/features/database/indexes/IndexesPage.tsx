import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { databaseIndexesQuery } from '../../../api/queries/database-objects'
import type { DatabaseIndex } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { formatBytes } from '../../../lib/format-bytes'
import { dropIndexSql } from '../../../lib/sql/indexes'
import { Badge } from '../../../ui/badge'
import { Checkbox } from '../../../ui/form-controls'
import { SearchField } from '../../../ui/field'
import { SqlPreviewDialog } from '../../../ui/sql-preview-dialog'
import { EmptyState, QueryStates } from '../../../ui/states'
import { useListDialog, useNewItemDraft } from '../../../ui/use-list-dialogs'
import { DatabaseToolPage, ToolTable, toolCellClass } from '../DatabaseToolPage'
import { SchemaObjectsActions, SchemaObjectsNotices, useSchemaObjects } from '../SchemaObjects'
import { useProjectDatabase } from '../use-project-database'
import { CreateIndexDialog, emptyIndexDraft } from './CreateIndexDialog'
import { RowDeleteButton } from '../../../ui/row-actions'

type Dialog = { kind: 'create' } | { kind: 'drop'; index: DatabaseIndex }

const monoClass = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-word' })

/** Why an index cannot be deleted on its own, or null. */
const dropBlocked = (index: DatabaseIndex) => (index.constraint_name ? `It backs the constraint ${index.constraint_name}: drop that in the table editor.` : null)

/** Drops one index; concurrently lets writes go on meanwhile. */
function DropIndexDialog({ index, ...props }: { index: DatabaseIndex; run: (sql: string) => Promise<unknown>; onDone: () => void; onClose: () => void }) {
  const [concurrently, setConcurrently] = useState(false)
  return (
    <SqlPreviewDialog {...props} title={`Delete the index ${index.name}`} description={`Reads of ${index.schema}.${index.table} that used it read the table instead. It can be made again at any time.`} runLabel="Delete index" tone="danger" build={() => dropIndexSql(index.schema, index.name, concurrently)}>
      <Checkbox label="Concurrently: do not hold writes to the table back" checked={concurrently} onChange={setConcurrently} />
    </SqlPreviewDialog>
  )
}

/** /project/{ref}/database/indexes: a schema's indexes with their tables, keys, method, size and scans. */
export function IndexesScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const indexes = useQuery({ ...databaseIndexesQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const access = useSchemaObjects(ref, 'indexes', PERMISSION_MESSAGE.manageIndexes)
  const { schema, canChange } = access
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  const newIndex = useNewItemDraft(emptyIndexDraft)
  const [search, setSearch] = useState('')
  const needle = search.trim().toLowerCase()
  const shown = (indexes.data ?? []).filter((index) => index.schema === schema && (!needle || `${index.table} ${index.name} ${index.columns.join(' ')}`.toLowerCase().includes(needle)))
  const close = () => setDialog(null)

  return (
    <DatabaseToolPage
      title="Indexes"
      description="What lets reads find rows without reading a whole table. Scans count how often each was used."
      actions={<SchemaObjectsActions projectRef={ref} access={access} createLabel="Create index" onCreate={() => setDialog({ kind: 'create' })} />}
    >
      <SchemaObjectsNotices access={access} objects="indexes" />
      <SearchField label="Search indexes" placeholder="Search by table, name or column" value={search} onChange={setSearch} className={css({ maxW: 'sm' })} />
      <QueryStates query={indexes} loading="Loading indexes…" failed="The indexes could not be read">
        {() => shown.length === 0 ? (
          <EmptyState title={needle ? `No index of ${schema} matches “${search.trim()}”` : `No indexes in ${schema}`}>Primary keys and unique constraints come with one; create others for the columns reads filter on.</EmptyState>
        ) : (
          <ToolTable label={`Indexes of ${schema}`} columns={['Table', 'Name', 'Keys', 'Method', 'Size', 'Scans', { hidden: 'Actions' }]}>
            {shown.map((index) => (
              <tr key={index.id}>
                <td className={toolCellClass}>
                  <Link href={`/project/${ref}/editor/${index.table_id}`} className={css({ color: 'fg.default', textDecoration: 'underline', fontFamily: 'mono', fontSize: 'xs' })}>
                    {index.table}
                  </Link>
                </td>
                <td className={toolCellClass}>
                  <span className={monoClass}>{index.name}</span>
                  <span className={css({ display: 'flex', gap: '1', flexWrap: 'wrap', mt: '1' })}>
                    {index.is_primary ? <Badge tone="info">Primary key</Badge> : index.is_unique ? <Badge tone="info">Unique</Badge> : null}
                    {index.is_valid ? null : <Badge tone="warning">Invalid: a concurrent build failed; delete it and make it again</Badge>}
                  </span>
                </td>
                <td className={toolCellClass}>
                  <span className={monoClass}>{index.columns.join(', ')}</span>
                  {index.predicate ? <p className={monoClass}>{`where ${index.predicate}`}</p> : null}
                </td>
                <td className={toolCellClass}>{index.method}</td>
                <td className={toolCellClass}>{formatBytes(index.size_bytes)}</td>
                <td className={toolCellClass}>{index.scans.toLocaleString('en-US')}</td>
                <td className={toolCellClass}>
                  <RowDeleteButton name={index.name} disabled={!canChange || dropBlocked(index) !== null} title={dropBlocked(index) ?? undefined} onClick={() => setDialog({ kind: 'drop', index })} />
                </td>
              </tr>
            ))}
          </ToolTable>
        )}
      </QueryStates>
      {dialog?.kind === 'create' ? (
        <CreateIndexDialog
          projectRef={ref}
          connectionString={connectionString}
          schema={schema}
          draft={newIndex.draft}
          onDraft={newIndex.setDraft}
          run={run}
          onClose={close}
          onDone={() => {
            finish('Index created')
            newIndex.made()
          }}
        />
      ) : null}
      {dialog?.kind === 'drop' ? <DropIndexDialog index={dialog.index} run={run} onClose={close} onDone={() => finish(`Index ${dialog.index.name} deleted`)} /> : null}
    </DatabaseToolPage>
  )
}
