/**
 * `filter`, `orderBy` and cursors as SQL: pg_graphql's operators per column (and/or/not nest, empty
 * ones are ignored), an order that always ends in the primary key (so a cursor names one position),
 * and keyset conditions for `after`/`before` that respect each term's direction and null placement.
 */
import { GraphQLError } from 'graphql'
import { sqlLiteral } from '../../src/lib/sql/quote.ts'
import type { ColumnModel, TableModel } from './model.ts'
import { ORDER_DIRECTIONS, type OrderDirection } from './scalars.ts'
import { columnLiteral, columnRef, decodeNodeId, decodeOpaqueId, elementArrayLiteral, keyLiteral } from './sql-values.ts'

type InputObject = Record<string, unknown>

const COMPARISON: Readonly<Record<string, string>> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }
const ARRAY_COMPARISON: Readonly<Record<string, string>> = { eq: '=', contains: '@>', containedBy: '<@', overlaps: '&&' }
const PATTERN: Readonly<Record<string, string>> = { like: 'like', ilike: 'ilike', regex: '~', iregex: '~*' }

const isObject = (value: unknown): value is InputObject => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The primary key equal to a nodeId's key, or false when the nodeId is another table's. */
export function nodeIdCondition(table: TableModel, alias: string, nodeId: string): string {
  const decoded = decodeNodeId(nodeId)
  if (!decoded) throw new GraphQLError('Invalid nodeId')
  if (decoded.schema !== table.schema || decoded.table !== table.name || decoded.key.length !== table.primaryKey.length) return 'false'
  return table.primaryKey.map((column, i) => `${columnRef(alias, column)} = ${keyLiteral(column, decoded.key[i])}`).join(' and ')
}

function columnConditions(column: ColumnModel, alias: string, ops: InputObject): string[] {
  const ref = columnRef(alias, column)
  const conditions: string[] = []
  for (const [op, value] of Object.entries(ops)) {
    if (value === undefined || value === null) continue
    if (op === 'is') conditions.push(`${ref} is ${value === 'NULL' ? '' : 'not '}null`)
    else if (column.isArray && ARRAY_COMPARISON[op]) conditions.push(`${ref} ${ARRAY_COMPARISON[op]} ${columnLiteral(column, value)}`)
    else if (COMPARISON[op]) conditions.push(`${ref} ${COMPARISON[op]} ${columnLiteral(column, value)}`)
    else if (op === 'in') conditions.push(Array.isArray(value) && value.length ? `${ref} = any(${elementArrayLiteral(column, value)})` : 'false')
    else if (op === 'startsWith') conditions.push(`starts_with(${ref}::text, ${sqlLiteral(String(value))})`)
    else if (PATTERN[op]) conditions.push(`${ref}::text ${PATTERN[op]} ${sqlLiteral(String(value))}`)
    else throw new GraphQLError(`Unknown filter operator ${op}`)
  }
  return conditions
}

/** A `<Table>Filter` as a condition on `alias`; no filter (or an empty one) is `true`. */
export function filterSql(table: TableModel, alias: string, filter: unknown): string {
  if (!isObject(filter)) return 'true'
  const conditions: string[] = []
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue
    if (key === 'and' || key === 'or') {
      const parts = (Array.isArray(value) ? value : [value]).map((inner) => filterSql(table, alias, inner))
      if (parts.length) conditions.push(`(${parts.join(key === 'and' ? ' and ' : ' or ')})`)
    } else if (key === 'not') {
      if (isObject(value) && Object.values(value).some((inner) => inner !== undefined && inner !== null)) conditions.push(`not (${filterSql(table, alias, value)})`)
    } else if (key === 'nodeId') {
      const eq = isObject(value) ? value['eq'] : undefined
      if (typeof eq === 'string') conditions.push(`(${nodeIdCondition(table, alias, eq)})`)
    } else {
      const column = table.columns.find((c) => c.field === key)
      if (!column || !isObject(value)) throw new GraphQLError(`Unknown filter field ${key}`)
      conditions.push(...columnConditions(column, alias, value))
    }
  }
  return conditions.length ? conditions.join(' and ') : 'true'
}

export interface OrderTerm {
  column: ColumnModel
  descending: boolean
  nullsFirst: boolean
}

/** The requested order, then the primary key ascending (pg_graphql's default order is the key's). */
export function orderTerms(table: TableModel, orderBy: unknown): OrderTerm[] {
  const terms: OrderTerm[] = []
  for (const entry of Array.isArray(orderBy) ? orderBy : []) {
    const pairs = isObject(entry) ? Object.entries(entry).filter(([, direction]) => direction !== undefined && direction !== null) : []
    if (pairs.length !== 1) throw new GraphQLError('Each orderBy entry must name exactly one column')
    const [[field, direction]] = pairs as [[string, OrderDirection]]
    const column = table.columns.find((c) => c.field === field)
    if (!column) throw new GraphQLError(`Unknown orderBy field ${field}`)
    if (!terms.some((term) => term.column === column)) terms.push({ column, ...direction })
  }
  for (const column of table.primaryKey) {
    if (!terms.some((term) => term.column === column)) terms.push({ column, ...ORDER_DIRECTIONS.AscNullsLast })
  }
  return terms
}

export const reversed = (terms: readonly OrderTerm[]): OrderTerm[] => terms.map((t) => ({ column: t.column, descending: !t.descending, nullsFirst: !t.nullsFirst }))

export function orderSql(terms: readonly OrderTerm[], alias: string): string {
  return terms.map((t) => `${columnRef(alias, t.column)} ${t.descending ? 'desc' : 'asc'} nulls ${t.nullsFirst ? 'first' : 'last'}`).join(', ')
}

/** A cursor's values, one per order term; a cursor made under another order is refused. */
export function decodeCursor(cursor: string, terms: readonly OrderTerm[]): unknown[] {
  const values = decodeOpaqueId(cursor)
  if (!values || values.length !== terms.length) throw new GraphQLError('Invalid cursor')
  return values
}

/** Rows strictly after the cursor's position in `terms`' order. */
export function afterCursorSql(terms: readonly OrderTerm[], alias: string, values: readonly unknown[]): string {
  const equal = (i: number) => {
    const ref = columnRef(alias, terms[i]!.column)
    return values[i] === null ? `${ref} is null` : `${ref} = ${keyLiteral(terms[i]!.column, values[i])}`
  }
  const after = (i: number) => {
    const { column, descending, nullsFirst } = terms[i]!
    const ref = columnRef(alias, column)
    if (values[i] === null) return nullsFirst ? `${ref} is not null` : 'false'
    const beyond = `${ref} ${descending ? '<' : '>'} ${keyLiteral(column, values[i])}`
    return nullsFirst ? beyond : `(${beyond} or ${ref} is null)`
  }
  const alternatives = terms.map((_, i) => [...terms.slice(0, i).map((__, j) => equal(j)), after(i)].join(' and '))
  return `(${alternatives.map((a) => `(${a})`).join(' or ')})`
}
