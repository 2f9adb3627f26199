import { ownValue } from '../own-record'
import { sqlIdent, sqlLiteral } from './quote'

/**
 * The table editor's row reads: windows found by keyset (never OFFSET), user sort and filters.
 * Rows are ordered by the sort columns and then the primary key, so every row has one place and a
 * window continues exactly after the previous one's last row, also with NULLs in sorted columns.
 */

export type SortDirection = 'asc' | 'desc'
export interface SortKey {
  column: string
  direction: SortDirection
}

export const FILTER_OPERATORS = ['=', '<>', '>', '<', '>=', '<=', 'like', 'ilike', 'in', 'is'] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]
/** `is` takes one of these as its value. */
export const IS_FILTER_VALUES = ['null', 'not null', 'true', 'false'] as const

export interface RowFilter {
  column: string
  operator: FilterOperator
  /** As typed: Postgres reads it as the column's type; `in` takes a comma-separated list. */
  value: string
}

export interface RowSource {
  schema: string
  table: string
  /** The primary key (or another unique, not-null key), in key order. */
  key: readonly string[]
  sort?: readonly SortKey[]
  filters?: readonly RowFilter[]
}

/** A value of an order column, as it came back in a row (JSON from pg-meta). */
export type CursorValue = unknown

export interface OrderColumn {
  column: string
  direction: SortDirection
  /** Key columns are not null; sorted ones may be. */
  nullable: boolean
}

/** The full order of a source: its sort, then whatever of the key the sort has not covered. */
export function orderColumns(source: RowSource): OrderColumn[] {
  const sorted = (source.sort ?? []).map((s) => ({ column: s.column, direction: s.direction, nullable: !source.key.includes(s.column) }))
  const rest = source.key.filter((k) => !sorted.some((s) => s.column === k)).map((column) => ({ column, direction: 'asc' as const, nullable: false }))
  if (sorted.length + rest.length === 0) throw new Error('A keyset needs a key: this relation has no primary key')
  return [...sorted, ...rest]
}

export function qualifiedName(schema: string, table: string): string {
  return `${sqlIdent(schema)}.${sqlIdent(table)}`
}

/** A value as it came back in a row, written so Postgres reads it as the column's own type (an untyped literal), JSON as its text. */
export function valueLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return sqlLiteral(value)
  if (typeof value === 'object') return sqlLiteral(JSON.stringify(value))
  return sqlLiteral(String(value))
}

export function filterCondition(filter: RowFilter): string {
  const column = sqlIdent(filter.column)
  switch (filter.operator) {
    case 'is': {
      const value = filter.value.trim().toLowerCase()
      if (!(IS_FILTER_VALUES as readonly string[]).includes(value)) throw new Error(`"is" takes null, not null, true or false, not "${filter.value}"`)
      return `${column} is ${value}`
    }
    case 'in': {
      const values = filter.value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
      return values.length === 0 ? 'false' : `${column} in (${values.map((v) => sqlLiteral(v)).join(', ')})`
    }
    case 'like':
    case 'ilike':
      return `${column}::text ${filter.operator} ${sqlLiteral(filter.value)}`
    default:
      return `${column} ${filter.operator} ${sqlLiteral(filter.value)}`
  }
}

export function whereClause(conditions: readonly string[]): string {
  return conditions.length === 0 ? '' : ` where ${conditions.map((c) => `(${c})`).join(' and ')}`
}

/** `c` comes strictly after `v` in this column's order (asc: nulls last; desc: nulls first, as Postgres sorts). */
function after(column: OrderColumn, value: CursorValue): string {
  const c = sqlIdent(column.column)
  if (column.direction === 'asc') {
    if (value === null) return 'false'
    return column.nullable ? `(${c} > ${valueLiteral(value)} or ${c} is null)` : `${c} > ${valueLiteral(value)}`
  }
  if (value === null) return `${c} is not null`
  return `${c} < ${valueLiteral(value)}`
}

function same(column: OrderColumn, value: CursorValue): string {
  const c = sqlIdent(column.column)
  return value === null ? `${c} is null` : `${c} = ${valueLiteral(value)}`
}

/**
 * Rows after the cursor (or at it, when inclusive) in the source's order: the lexicographic
 * expansion (c1 after v1) or (c1 = v1 and c2 after v2) or …, NULL-aware. Where it can, a plain
 * bound on the first column comes first (c1 >= v1 ascending, c1 <= v1 descending): every branch
 * implies it, and Postgres starts its index scan there. Without it the planner read the index from
 * the top and filtered the OR: a page near the end of a 1,000,000-row table took 247 ms (EXPLAIN
 * ANALYZE in the browser, 859,000 rows removed by the filter), and 1 ms with the bound.
 */
export function keysetCondition(order: readonly OrderColumn[], cursor: readonly CursorValue[], inclusive = false): string {
  if (cursor.length !== order.length) throw new Error(`The cursor has ${cursor.length} values for ${order.length} order columns`)
  const branches: string[] = []
  for (let i = 0; i < order.length; i++) {
    const equal = order.slice(0, i).map((column, j) => same(column, cursor[j]))
    branches.push([...equal, after(order[i]!, cursor[i])].join(' and '))
  }
  if (inclusive) branches.push(order.map((column, j) => same(column, cursor[j])).join(' and '))
  const expansion = branches.map((b) => `(${b})`).join(' or ')
  const bound = leadingBound(order[0], cursor[0])
  return bound ? `${bound} and (${expansion})` : expansion
}

/**
 * The first column's range every row at or after the cursor is in, when it is a plain comparison:
 * ascending NOT NULL from a value (a nullable one also has its NULLs after), or descending from a
 * value (its NULLs come first, before any value).
 */
function leadingBound(column: OrderColumn | undefined, value: CursorValue | undefined): string | null {
  if (!column || value === null || value === undefined) return null
  if (column.direction === 'asc') return column.nullable ? null : `${sqlIdent(column.column)} >= ${valueLiteral(value)}`
  return `${sqlIdent(column.column)} <= ${valueLiteral(value)}`
}

export function orderByClause(order: readonly OrderColumn[]): string {
  return ` order by ${order.map((o) => `${sqlIdent(o.column)} ${o.direction}`).join(', ')}`
}

/** The same order read from the other end: every direction flipped (asc nulls last ↔ desc nulls first, Postgres's defaults). */
export function reversedOrder(order: readonly OrderColumn[]): OrderColumn[] {
  return order.map((o) => ({ ...o, direction: o.direction === 'asc' ? 'desc' : 'asc' }))
}

/**
 * One window of rows: the first `limit` after `cursor` (from the start when null). `backward` reads
 * the rows before the cursor (from the end when null), nearest first: reverse them for display.
 * `offset` skips rows after an anchor; it is bounded by the anchor stride, never a position in the table.
 */
export function rowWindowSql(
  source: RowSource,
  options: { cursor: readonly CursorValue[] | null; limit: number; inclusive?: boolean; backward?: boolean; offset?: number; columns?: readonly string[] },
): string {
  if (!Number.isSafeInteger(options.limit) || options.limit <= 0) throw new RangeError(`rowWindowSql: bad limit ${options.limit}`)
  const offset = options.offset ?? 0
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`rowWindowSql: bad offset ${options.offset}`)
  const order = options.backward ? reversedOrder(orderColumns(source)) : orderColumns(source)
  const conditions = (source.filters ?? []).map(filterCondition)
  if (options.cursor) conditions.push(keysetCondition(order, options.cursor, options.inclusive))
  const columns = options.columns ? options.columns.map(sqlIdent).join(', ') : '*'
  return `select ${columns} from ${qualifiedName(source.schema, source.table)}${whereClause(conditions)}${orderByClause(order)} limit ${options.limit}${offset ? ` offset ${offset}` : ''}`
}

/**
 * A window of a relation without a key (a view): there is no keyset to continue from, so it is
 * read by position, in the user's sort when there is one.
 */
export function rowOffsetWindowSql(source: RowSource, offset: number, limit: number): string {
  if (!Number.isSafeInteger(limit) || limit <= 0 || !Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`rowOffsetWindowSql: bad range ${offset}+${limit}`)
  const sort = (source.sort ?? []).map((s) => ({ ...s, nullable: true }))
  const order = sort.length ? orderByClause(sort) : ''
  return `select * from ${qualifiedName(source.schema, source.table)}${whereClause((source.filters ?? []).map(filterCondition))}${order} limit ${limit} offset ${offset}`
}

/** The planner's row estimate for the filtered source (EXPLAIN, nothing read): one row, column "QUERY PLAN". */
export function rowEstimateSql(source: RowSource): string {
  return `explain (format json) select 1 from ${qualifiedName(source.schema, source.table)}${whereClause((source.filters ?? []).map(filterCondition))}`
}

/** The planner's row estimate in the answer of rowEstimateSql; past every limit when the answer holds none. */
export function estimatedRowsOf(row: Record<string, unknown> | undefined): number {
  const plan = row?.['QUERY PLAN']
  const rows = Array.isArray(plan) ? (plan[0] as { Plan?: { 'Plan Rows'?: number } } | undefined)?.Plan?.['Plan Rows'] : undefined
  return typeof rows === 'number' ? rows : Number.MAX_SAFE_INTEGER
}

/** The order values of the last row of a window: the cursor for the next. */
export function cursorOf(source: RowSource, row: Record<string, unknown>): CursorValue[] {
  return orderColumns(source).map((o) => ownValue(row, o.column) ?? null)
}

/** How many rows the filters leave (exact). */
export function rowCountSql(source: RowSource): string {
  return `select count(*)::int8 as count from ${qualifiedName(source.schema, source.table)}${whereClause((source.filters ?? []).map(filterCondition))}`
}

/**
 * Anchors a grid jumps from to any position with one bounded keyset read (it starts at an anchor and
 * skips fewer than `stride` rows): the order values of every `stride`-th row, with its position
 * counted from the row at `cursor` (inclusive; null: the first row). `anchors` of them at most, read
 * with one bounded keyset scan of `(anchors - 1) × stride + 1` rows, so a long table is read in
 * slices, with other reads between them, never in one pass.
 */
export function rowAnchorsSql(source: RowSource, options: { cursor: readonly CursorValue[] | null; stride: number; anchors: number }): string {
  const { stride, anchors } = options
  if (!Number.isSafeInteger(stride) || stride <= 0) throw new RangeError(`rowAnchorsSql: bad stride ${stride}`)
  if (!Number.isSafeInteger(anchors) || anchors <= 0) throw new RangeError(`rowAnchorsSql: bad anchor count ${anchors}`)
  const order = orderColumns(source)
  if (anchorsHopAlongKey(source)) return keyHopAnchorsSql(source, order, options)
  const columns = order.map((o) => sqlIdent(o.column)).join(', ')
  const slice = rowWindowSql(source, { cursor: options.cursor, inclusive: true, limit: (anchors - 1) * stride + 1, columns: order.map((o) => o.column) })
  return `select studio_anchor_position as position, ${columns} from (
  select ${columns}, row_number() over (${orderByClause(order).trim()}) - 1 as studio_anchor_position from (${slice}) slice
) ranked where studio_anchor_position % ${stride} = 0 order by studio_anchor_position`
}

/** Whether a source's anchors hop along its key's index (its rows in the key's order, no user sort): cheaper per anchor. */
export function anchorsHopAlongKey(source: RowSource): boolean {
  return !source.sort?.length
}

/**
 * The anchors of rows in their key's order, which the primary key's index serves: each anchor is the
 * `stride`-th row after the one before, one hop along the index (`offset stride - 1 limit 1`) per
 * anchor in a recursive query, instead of numbering every row of the slice. Over 1,000,000 rows in
 * node's PGlite: 100 anchors 33 → 14 ms, 500 anchors 165 → 64 ms. A user's sort has no index to hop
 * along (each hop would sort the rest of the table), so its anchors are numbered.
 */
function keyHopAnchorsSql(source: RowSource, order: readonly OrderColumn[], options: { cursor: readonly CursorValue[] | null; stride: number; anchors: number }): string {
  const { stride, anchors } = options
  const names = order.map((o) => o.column)
  const idents = names.map(sqlIdent)
  const columns = idents.join(', ')
  const first = rowWindowSql(source, { cursor: options.cursor, inclusive: true, limit: 1, columns: names })
  // Key columns are not null and ascending: a row comparison is "after" in their order.
  const afterPrevious = `(${columns}) > (${idents.map((c) => `studio_anchor.${c}`).join(', ')})`
  const filters = (source.filters ?? []).map(filterCondition)
  const next = `select ${columns} from ${qualifiedName(source.schema, source.table)}${whereClause([...filters, afterPrevious])}${orderByClause(order)} offset ${stride - 1} limit 1`
  return `with recursive studio_anchor as (
  (select 0::int8 as studio_anchor_index, ${columns} from (${first}) first_row)
  union all
  (select studio_anchor.studio_anchor_index + 1, next_row.* from studio_anchor cross join lateral (${next}) next_row where studio_anchor.studio_anchor_index < ${anchors - 1})
)
select studio_anchor_index * ${stride} as position, ${columns} from studio_anchor order by studio_anchor_index`
}

/** The table a foreign key column points at, and the column there. */
export interface ReferenceTarget {
  schema: string
  table: string
  column: string
}

/**
 * Rows of a foreign key's target to pick a value from: those whose text holds `search` (any column,
 * case ignored; no LIKE wildcards to escape), by the referenced column, at most `limit`.
 */
export function referenceRowsSql(target: ReferenceTarget, search: string, limit: number): string {
  const needle = search.trim()
  const where = needle ? `\n where strpos(lower(r::text), lower(${sqlLiteral(needle)})) > 0` : ''
  return `select * from ${qualifiedName(target.schema, target.table)} as r${where}\n order by ${sqlIdent(target.column)}\n limit ${Math.max(1, Math.floor(limit))}`
}
