import { sqlIdent } from './quote'
import { excludedSchemasSql } from './table-catalog'
import { qualifiedName } from './table-rows'

/**
 * Indexes (the Database area's Indexes screen): each with its table, key columns or expressions
 * (as pg_get_indexdef writes them), method, size, the scans the statistics counted, and whether it
 * is unique, a primary key, valid, and which constraint it backs (a constraint's index is dropped
 * with the constraint, not on its own).
 */
export function indexesSql(excludedSchemas: readonly string[]): string {
  return `select coalesce(json_agg(i order by i.schema, i.table, i.name), '[]') as indexes from (
  select ci.oid::int8 as id, n.nspname as schema, ct.relname as table, ct.oid::int8 as table_id, ci.relname as name,
         am.amname as method, x.indisunique as is_unique, x.indisprimary as is_primary, x.indisvalid as is_valid,
         (select k.conname from pg_catalog.pg_constraint k where k.conindid = ci.oid and k.contype in ('p', 'u', 'x') order by k.conname limit 1) as constraint_name,
         coalesce((select json_agg(pg_catalog.pg_get_indexdef(ci.oid, k.ord::int, true) order by k.ord) from generate_series(1, x.indnkeyatts) as k(ord)), '[]') as columns,
         pg_catalog.pg_get_expr(x.indpred, x.indrelid, true) as predicate,
         pg_catalog.pg_get_indexdef(ci.oid) as definition,
         pg_catalog.pg_relation_size(ci.oid)::int8 as size_bytes,
         coalesce(s.idx_scan, 0)::int8 as scans
    from pg_catalog.pg_index x
    join pg_catalog.pg_class ci on ci.oid = x.indexrelid
    join pg_catalog.pg_class ct on ct.oid = x.indrelid
    join pg_catalog.pg_namespace n on n.oid = ct.relnamespace
    join pg_catalog.pg_am am on am.oid = ci.relam
    left join pg_catalog.pg_stat_all_indexes s on s.indexrelid = ci.oid
   where ${excludedSchemasSql(excludedSchemas)}
) i`
}

export const INDEX_METHODS = ['btree', 'hash', 'gin', 'gist', 'brin'] as const
export type IndexMethod = (typeof INDEX_METHODS)[number]

export interface IndexDefinition {
  schema: string
  table: string
  /** Empty: the name Postgres would choose is written for it (table_columns_idx). */
  name: string
  method: IndexMethod
  unique: boolean
  /** Key columns, in order; or else `expression`, an SQL expression the user typed (e.g. `lower(email)`). */
  columns: readonly string[]
  expression: string
  /** Only the rows where this holds (a partial index); empty for every row. */
  predicate: string
  /** Builds without locking writes out (not inside a transaction: the statement runs alone). */
  concurrently: boolean
}

/** Postgres's identifier limit (NAMEDATALEN - 1 bytes): a longer name is cut, as Postgres itself would. */
const NAME_MAX_BYTES = 63

function cutToBytes(text: string, max: number): string {
  const encoder = new TextEncoder()
  let cut = text
  while (encoder.encode(cut).length > max) cut = cut.slice(0, -1)
  return cut
}

/** The name an index gets when none is typed: its table and columns, then `idx` (`orders_customer_id_idx`). */
export function defaultIndexName(table: string, columns: readonly string[], expression: string): string {
  const parts = columns.length > 0 ? columns : [expression.replace(/[^\p{L}\p{N}_]+/gu, '_').replace(/^_+|_+$/g, '') || 'expr']
  return cutToBytes(`${table}_${parts.join('_')}`, NAME_MAX_BYTES - 4) + '_idx'
}

export function createIndexSql(index: IndexDefinition): string {
  if (index.table === '') throw new Error('Choose the table to index.')
  const expression = index.expression.trim()
  if (index.columns.length === 0 && expression === '') throw new Error('Choose the columns to index, or type an expression.')
  if (index.unique && index.method !== 'btree') throw new Error('Only a btree index can be unique.')
  if (index.method === 'hash' && index.columns.length + (expression ? 1 : 0) > 1) throw new Error('A hash index has one key: one column or one expression.')
  const name = index.name.trim() || defaultIndexName(index.table, index.columns, expression)
  const keys = index.columns.length > 0 ? index.columns.map(sqlIdent).join(', ') : `(${expression})`
  const where = index.predicate.trim() ? ` where ${index.predicate.trim()}` : ''
  return `create ${index.unique ? 'unique ' : ''}index ${index.concurrently ? 'concurrently ' : ''}${sqlIdent(name)} on ${qualifiedName(index.schema, index.table)} using ${index.method} (${keys})${where};`
}

export function dropIndexSql(schema: string, name: string, concurrently: boolean): string {
  return `drop index ${concurrently ? 'concurrently ' : ''}${qualifiedName(schema, name)};`
}
