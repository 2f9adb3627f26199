import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { readForeignRows } from '../../../api/queries/database-wrappers'
import { queryKeys } from '../../../api/queries/keys'
import { Callout } from '../../../ui/callout'
import { ViewDialog } from '../../../ui/dialog'
import { EmptyState, QueryStates } from '../../../ui/states'
import { TableHead } from '../../../ui/table-head'

const cellClass = css({ px: '2', py: '1', borderWidth: '1px', borderColor: 'border.default', fontFamily: 'mono', fontSize: 'xs', textAlign: 'left', verticalAlign: 'top', maxW: '64', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

function shown(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** A foreign table's first rows, and a clear word when the platform answered them itself. */
export function ForeignRowsPreview({
  projectRef,
  connectionString,
  table,
  onClose,
}: {
  projectRef: string
  connectionString: string | null | undefined
  table: { schema: string; name: string }
  onClose: () => void
}) {
  const rows = useQuery({
    queryKey: [...queryKeys.databaseWrappers(projectRef), 'rows', table.schema, table.name],
    queryFn: () => readForeignRows(projectRef, connectionString, table),
    enabled: Boolean(connectionString),
  })
  const columns = rows.data?.rows[0] ? Object.keys(rows.data.rows[0]) : []
  const sampled = rows.data?.sampled.includes(`${table.schema}.${table.name}`) ?? false
  return (
    <ViewDialog open title={`${table.schema}.${table.name}`} description="The first rows of this foreign table." onClose={onClose}>
      <QueryStates query={rows} loading="Reading rows…" failed="The rows could not be read">
        {(data) => (
          <div className={css({ display: 'flex', flexDir: 'column', gap: '3', minH: '0' })}>
            {sampled ? (
              <Callout tone="info" title="Sample rows from the mock platform">
                This wrapper has no handler here, so the service is not called: the platform made these rows from the table’s columns. The SQL editor answers this table the same way.
              </Callout>
            ) : null}
            {data.rows.length === 0 ? (
              <EmptyState title="No rows" />
            ) : (
              <div className={css({ overflow: 'auto', minH: '0' })}>
                <table aria-label={`Rows of ${table.schema}.${table.name}`} className={css({ borderCollapse: 'collapse' })}>
                  <TableHead columns={columns} cellClass={cellClass} />
                  <tbody>
                    {data.rows.map((row, index) => (
                      <tr key={index}>
                        {columns.map((column) => (
                          <td key={column} className={cellClass} title={shown(row[column])}>
                            {shown(row[column])}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
      </QueryStates>
    </ViewDialog>
  )
}
