/**
 * Values between GraphQL and SQL: a column's value as JSON in an answer (pg_graphql sends BigInt,
 * BigFloat and JSON as strings), an input value as a SQL constant of the column's type (written
 * with `sqlLiteral`, never spliced), and the two opaque ids, `nodeId` and cursors, which are
 * base64 of a JSON array (`["public", "customers", 1]`, `[1]`) as pg_graphql makes them.
 */
import { GraphQLError } from 'graphql'
import { sqlIdent, sqlLiteral, type SqlScalar } from '../../src/lib/sql/quote.ts'
import type { ColumnModel, TableModel } from './model.ts'

/** `alias.column`. */
export const columnRef = (alias: string, column: ColumnModel) => `${alias}.${sqlIdent(column.name)}`

/** Kinds JSON numbers cannot carry exactly: sent and kept as text. */
const AS_TEXT = new Set(['BigInt', 'BigFloat', 'JSON'])

/** The column's value as the answer's JSON. */
export function columnValueSql(alias: string, column: ColumnModel): string {
  const ref = columnRef(alias, column)
  if (AS_TEXT.has(column.kind)) return `to_jsonb(${ref}::text${column.isArray ? '[]' : ''})`
  return `to_jsonb(${ref})`
}

/** base64 of a jsonb array's text, on one line (Postgres breaks base64 every 76 characters). */
function base64JsonSql(elements: string[]): string {
  return `translate(encode(convert_to(jsonb_build_array(${elements.join(', ')})::text, 'UTF8'), 'base64'), E'\\n', '')`
}

/** The key's values, exact: big numbers as text (JSON.parse would round them). */
const keyValueSql = (alias: string, column: ColumnModel) => (AS_TEXT.has(column.kind) ? `${columnRef(alias, column)}::text` : columnRef(alias, column))

export function nodeIdSql(alias: string, table: TableModel): string {
  return base64JsonSql([sqlLiteral(table.schema), sqlLiteral(table.name), ...table.primaryKey.map((column) => keyValueSql(alias, column))])
}

export function cursorSql(alias: string, columns: readonly ColumnModel[]): string {
  return base64JsonSql(columns.map((column) => keyValueSql(alias, column)))
}

/** The JSON array inside a nodeId or cursor, or null when it is not one. */
export function decodeOpaqueId(text: string): unknown[] | null {
  try {
    const binary = atob(text)
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
    return Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

export interface DecodedNodeId {
  schema: string
  table: string
  key: unknown[]
}

export function decodeNodeId(text: string): DecodedNodeId | null {
  const parts = decodeOpaqueId(text)
  if (!parts || parts.length < 3 || typeof parts[0] !== 'string' || typeof parts[1] !== 'string') return null
  return { schema: parts[0], table: parts[1], key: parts.slice(2) }
}

function scalarLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'object') return sqlLiteral(JSON.stringify(value))
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return sqlLiteral(value as SqlScalar)
  throw new GraphQLError(`Cannot use ${String(value)} as a value`)
}

/** A GraphQL input value as a constant of the column's type (an array for array columns). */
export function columnLiteral(column: ColumnModel, value: unknown): string {
  if (value === null || value === undefined) return `NULL::${column.sqlType}`
  if (column.isArray) {
    if (!Array.isArray(value)) throw new GraphQLError(`${column.field} takes a list`)
    return `ARRAY[${value.map(scalarLiteral).join(', ')}]::${column.sqlType}`
  }
  return `${scalarLiteral(value)}::${column.sqlType}`
}

/** A list of values of the column's element type, as an array constant (the `in` operator's). */
export function elementArrayLiteral(column: ColumnModel, values: readonly unknown[]): string {
  return `ARRAY[${values.map(scalarLiteral).join(', ')}]::${column.sqlType}[]`
}

/** A key value out of a nodeId or cursor, as a constant of its column's type. */
export function keyLiteral(column: ColumnModel, value: unknown): string {
  if (value === null) return `NULL::${column.sqlType}`
  if (typeof value === 'object' && !column.isArray) return `${sqlLiteral(JSON.stringify(value))}::${column.sqlType}`
  return columnLiteral(column, value)
}
