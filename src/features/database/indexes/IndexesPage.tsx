import { useState } from 'react'
import { css } from 'styled-system/css'
import { databaseIndexesQuery } from '../../../api/queries/database-objects'
import type { DatabaseIndex } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { formatBytes } from '../../../lib/format-bytes'
import { dropIndexSql } from '../../../lib/sql/indexes'
import { Badge } from '../../../ui/badge'
import { Checkbox } from '../../../ui/form-controls'
import { SqlPreviewDialog } from '../../../ui/sql-preview-dialog'
import { useListDialog, useNewItemDraft } from '../../../ui/use-list-dialogs'
import { toolCellClass, toolMonoClass } from '../DatabaseToolPage'
import { SchemaObjectsPage, TableLinkCell, useSchemaObjectsScreen } from '../SchemaObjects'
import { CreateIndexDialog, emptyIndexDraft } from './CreateIndexDialog'
import { RowDeleteButton } from '../../../ui/row-actions'

type Dialog = { kind: 'create' } | { kind: 'drop'; index: DatabaseIndex }

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
  const { connectionString, run, refresh, list: indexes, access } = useSchemaObjectsScreen(ref, databaseIndexesQuery, 'indexes', PERMISSION_MESSAGE.manageIndexes)
  const { schema, canChange } = access
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  const newIndex = useNewItemDraft(emptyIndexDraft)
  const close = () => setDialog(null)

  return (
    <SchemaObjectsPage
      projectRef={ref}
      access={access}
      title="Indexes"
      description="What lets reads find rows without reading a whole table. Scans count how often each was used."
      one="index"
      many="indexes"
      onCreate={() => setDialog({ kind: 'create' })}
      query={indexes}
      search={{ text: (index) => `${index.table} ${index.name} ${index.columns.join(' ')}`, placeholder: 'Search by table, name or column' }}
      emptyHint="Primary keys and unique constraints come with one; create others for the columns reads filter on."
      columns={['Table', 'Name', 'Keys', 'Method', 'Size', 'Scans', { hidden: 'Actions' }]}
      row={(index) => (
        <tr key={index.id}>
          <TableLinkCell projectRef={ref} tableId={index.table_id} table={index.table} />
          <td className={toolCellClass}>
            <span className={toolMonoClass}>{index.name}</span>
            <span className={css({ display: 'flex', gap: '1', flexWrap: 'wrap', mt: '1' })}>
              {index.is_primary ? <Badge tone="info">Primary key</Badge> : index.is_unique ? <Badge tone="info">Unique</Badge> : null}
              {index.is_valid ? null : <Badge tone="warning">Invalid: a concurrent build failed; delete it and make it again</Badge>}
            </span>
          </td>
          <td className={toolCellClass}>
            <span className={toolMonoClass}>{index.columns.join(', ')}</span>
            {index.predicate ? <p className={toolMonoClass}>{`where ${index.predicate}`}</p> : null}
          </td>
          <td className={toolCellClass}>{index.method}</td>
          <td className={toolCellClass}>{formatBytes(index.size_bytes)}</td>
          <td className={toolCellClass}>{index.scans.toLocaleString('en-US')}</td>
          <td className={toolCellClass}>
            <RowDeleteButton name={index.name} disabled={!canChange || dropBlocked(index) !== null} title={dropBlocked(index) ?? undefined} onClick={() => setDialog({ kind: 'drop', index })} />
          </td>
        </tr>
      )}
    >
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
    </SchemaObjectsPage>
  )
}
