import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { TableSchema } from '../../api/schemas'
import { ownValue, type OwnRecord } from '../../lib/own-record'
import { incomingKeys, referencingCountsSql } from '../../lib/sql/references'
import { gridQuerySearch } from './grid-url'

/**
 * A row's "referenced by": for each foreign key that points at its table, how many rows point at
 * this one (counted when the row's form opens), and a link that opens them (the referencing table,
 * filtered to this row's key, in its schema).
 */
export function ReferencedBy({
  projectRef,
  table,
  row,
  run,
  tableIdOf,
}: {
  projectRef: string
  table: TableSchema
  row: OwnRecord<unknown>
  run: (sql: string) => Promise<OwnRecord<unknown>[]>
  tableIdOf: (schema: string, name: string) => number | undefined
}) {
  const keys = incomingKeys(table)
  const sql = referencingCountsSql(keys, (column) => ownValue(row, column))
  const counts = useQuery({
    queryKey: ['projects', projectRef, 'tables', table.id, 'referenced-by', sql],
    queryFn: async () => {
      const [answer] = await run(sql!)
      const counts = ownValue(answer ?? {}, 'counts')
      return Array.isArray(counts) ? counts.map((n) => (n === null ? null : Number(n))) : []
    },
    enabled: sql !== null,
    staleTime: 0,
  })
  if (keys.length === 0) return null
  return (
    <section aria-label="Referenced by" className={css({ borderTopWidth: '1px', borderColor: 'border.default', pt: '3', display: 'flex', flexDir: 'column', gap: '1.5' })}>
      <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>Referenced by</h3>
      {counts.isError ? <p className={css({ fontSize: 'sm', color: 'danger.default' })}>{`The rows that point at this one could not be counted: ${counts.error.message}`}</p> : null}
      <ul className={css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm' })}>
        {keys.map((key, index) => {
          const count = counts.data?.[index]
          const id = tableIdOf(key.schema, key.table)
          const filters = key.pairs.map((pair) => ({ column: pair.source, operator: '=' as const, value: String(ownValue(row, pair.target) ?? '') }))
          return (
            <li key={`${key.schema}.${key.table}.${key.constraint}`} className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap' })}>
              <span className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{`${key.schema}.${key.table} (${key.pairs.map((p) => p.source).join(', ')})`}</span>
              <span className={css({ color: 'fg.muted' })}>{count === undefined ? (sql === null ? 'none: this row’s key is empty' : 'counting…') : count === null ? 'none: this row’s key is empty' : `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`}</span>
              {count && id !== undefined ? (
                <Link href={`/project/${projectRef}/editor/${id}${gridQuerySearch({ sort: [], filters })}`} aria-label={`Open ${count === 1 ? 'it' : 'them'} (${key.schema}.${key.table})`} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
                  {`Open ${count === 1 ? 'it' : 'them'}`}
                </Link>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
