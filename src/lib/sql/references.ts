import type { TableSchema } from '../../api/schemas/table-editor'
import { sqlIdent, sqlLiteral } from './quote'
import { qualifiedName } from './table-rows'

/**
 * The other side of a foreign key: the keys that point at a table (DBeaver's "references"), and
 * how many rows of each point at one row of it, counted in one statement.
 */
export interface IncomingKey {
  constraint: string
  schema: string
  table: string
  /** The referencing column and the column of this table it holds, in the key's order. */
  pairs: { source: string; target: string }[]
}

/** The foreign keys of other tables (and this one's own, a self-reference) that point at `table`. */
export function incomingKeys(table: TableSchema): IncomingKey[] {
  const keys = new Map<string, IncomingKey>()
  for (const r of table.relationships) {
    if (r.target_table_schema !== table.schema || r.target_table_name !== table.name) continue
    const id = JSON.stringify([r.source_schema, r.source_table_name, r.constraint_name])
    const key = keys.get(id) ?? { constraint: r.constraint_name, schema: r.source_schema, table: r.source_table_name, pairs: [] }
    key.pairs.push({ source: r.source_column_name, target: r.target_column_name })
    keys.set(id, key)
  }
  return [...keys.values()]
}

/** A value of the row as a literal the referencing column's type takes (unknown-typed text coerces to it). */
function literalOf(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return sqlLiteral(value)
  return sqlLiteral(typeof value === 'string' ? value : JSON.stringify(value))
}

/**
 * One row's counts, as `counts`: a JSON array with one count per key, in order; null for a key whose
 * columns are null in this row (nothing can point at it). Null when no key can be counted at all.
 */
export function referencingCountsSql(keys: readonly IncomingKey[], valueOf: (column: string) => unknown): string | null {
  const parts = keys.map((key) => {
    const values = key.pairs.map((pair) => valueOf(pair.target))
    if (values.some((value) => value === null || value === undefined)) return 'null'
    const where = key.pairs.map((pair, i) => `${sqlIdent(pair.source)} = ${literalOf(values[i])}`).join(' and ')
    return `(select count(*) from ${qualifiedName(key.schema, key.table)} where ${where})`
  })
  if (parts.every((part) => part === 'null')) return null
  return `select json_build_array(${parts.join(', ')}) as counts;`
}
