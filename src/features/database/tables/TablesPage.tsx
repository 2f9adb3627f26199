import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { databaseTablesQuery } from '../../../api/queries/database-objects'
import { formatBytes } from '../../../lib/format-bytes'
import { Badge } from '../../../ui/badge'
import { SearchField } from '../../../ui/field'
import { EmptyState, QueryStates } from '../../../ui/states'
import { REALTIME_PUBLICATION } from '../../../constants'
import { DatabaseToolPage, ToolTable, toolCellClass } from '../DatabaseToolPage'
import { SchemaPicker, useSchemaParam } from '../SchemaPicker'
import { useProjectDatabase } from '../use-project-database'

const linkClass = css({ color: 'fg.default', textDecoration: 'underline' })

/**
 * /project/{ref}/database/tables: a schema's tables with their estimated rows, size, RLS, realtime
 * and comment. A table's columns open in the table editor's structure view: one place edits them.
 */
export function TablesScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString } = useProjectDatabase(ref)
  const [schema, setSchema] = useSchemaParam()
  const tables = useQuery({ ...databaseTablesQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const [search, setSearch] = useState('')
  const needle = search.trim().toLowerCase()
  const shown = (tables.data ?? []).filter((t) => t.schema === schema && (!needle || `${t.name} ${t.comment ?? ''}`.toLowerCase().includes(needle)))

  return (
    <DatabaseToolPage title="Tables" description="A schema’s tables with their size, row level security and realtime. Columns open in the table editor’s structure." actions={<SchemaPicker projectRef={ref} schema={schema} onChange={setSchema} />}>
      <SearchField label="Search tables" placeholder="Search by name or comment" value={search} onChange={setSearch} className={css({ maxW: 'sm' })} />
      <QueryStates query={tables} loading="Loading tables…" failed="The tables could not be read">
        {() => shown.length === 0 ? (
          <EmptyState title={needle ? `No table of ${schema} matches “${search.trim()}”` : `No tables in ${schema}`}>
            <Link href={`/project/${ref}/editor`} className={linkClass}>
              Create one in the table editor
            </Link>
          </EmptyState>
        ) : (
          <ToolTable label={`Tables of ${schema}`} columns={['Name', 'Rows (estimated)', 'Size', 'Row level security', 'Realtime', 'Comment', 'Columns']}>
            {shown.map((table) => (
              <tr key={table.id}>
                <td className={toolCellClass}>
                  <Link href={`/project/${ref}/editor/${table.id}`} className={css({ fontFamily: 'mono', fontSize: 'xs', color: 'fg.default', textDecoration: 'underline' })}>
                    {table.name}
                  </Link>
                  {table.type === 'materialized_view' ? <Badge tone="info">Materialized view</Badge> : null}
                </td>
                <td className={toolCellClass}>{table.estimated_rows.toLocaleString('en-US')}</td>
                <td className={toolCellClass}>{formatBytes(table.size_bytes)}</td>
                <td className={toolCellClass}>{table.type === 'table' ? <Badge tone={table.rls_enabled ? 'success' : 'warning'}>{table.rls_enabled ? 'Enabled' : 'Disabled'}</Badge> : '—'}</td>
                <td className={toolCellClass}>
                  {table.publications.includes(REALTIME_PUBLICATION) ? <Badge tone="info">Realtime</Badge> : null}
                  {table.publications.filter((p) => p !== REALTIME_PUBLICATION).length > 0 ? (
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{table.publications.filter((p) => p !== REALTIME_PUBLICATION).join(', ')}</span>
                  ) : table.publications.length === 0 ? (
                    <Link href={`/project/${ref}/database/publications?schema=${encodeURIComponent(schema)}`} className={css({ fontSize: 'xs', color: 'fg.muted', textDecoration: 'underline' })}>
                      Not published
                    </Link>
                  ) : null}
                </td>
                <td className={toolCellClass}>
                  <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{table.comment ?? ''}</span>
                </td>
                <td className={toolCellClass}>
                  <Link href={`/project/${ref}/editor/${table.id}?view=structure`} aria-label={`${table.columns} columns of ${table.name}`} className={linkClass}>
                    {table.columns}
                  </Link>
                </td>
              </tr>
            ))}
          </ToolTable>
        )}
      </QueryStates>
    </DatabaseToolPage>
  )
}
