import type { TableColumn } from '../../api/schemas/table-editor'
import { ownValue } from '../own-record'
import { sqlIdent, sqlLiteral } from './quote'
import { qualifiedName, valueLiteral } from './table-rows'

/**
 * Row changes as real SQL: inserts, updates and deletes from the grid and the row form, and the
 * batches of a CSV import. Values are typed text, written as literals cast to the column's type.
 */

/** NULL and the empty string differ: `{ kind: 'text', text: '' }` is the empty string. */
export type CellInput = { kind: 'null' } | { kind: 'default' } | { kind: 'text'; text: string }
export type EditableColumn = Pick<TableColumn, 'name' | 'data_type' | 'base_type' | 'type_category'>

const isJsonType = (baseType: string) => baseType === 'json' || baseType === 'jsonb'

/**
 * The type a literal is cast to. An explicit cast to varchar(n) or char(n) silently cuts longer text,
 * so those are cast without the length and the column itself reports a value that is too long.
 */
function castType(column: EditableColumn): string {
  const array = column.type_category === 'A' ? '[]' : ''
  const element = array ? column.base_type.replace(/^_/, '') : column.base_type
  if (element === 'varchar' || element === 'bpchar') return element + array
  return column.data_type
}

/** One element of a Postgres array literal: always quoted, so "NULL", "" and spaces stay strings. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`
  return quoteElement(typeof value === 'object' ? JSON.stringify(value) : String(value))
}

function quoteElement(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
}

/** A JSON array as Postgres array text (`["a", null]` → `{"a",NULL}`); other text unchanged (Postgres array syntax or an error for Postgres to report). */
function arrayText(text: string, column: EditableColumn): string {
  const trimmed = text.trim()
  if (!trimmed.startsWith('[')) return text
  let parsed: unknown
  try {
    parsed = JSON.parse(trimmed)
  } catch {
    return text // e.g. `[1:2]={1,2}`, Postgres's syntax for bounds
  }
  if (!Array.isArray(parsed)) return text
  // json[] items are JSON values, arrays too (as rows decode them): only the outer array is the Postgres array.
  if (isJsonType(column.base_type.replace(/^_/, ''))) return `{${parsed.map((v) => (v === null ? 'NULL' : quoteElement(JSON.stringify(v)))).join(',')}}`
  return arrayElement(parsed)
}

export function inputLiteral(input: CellInput, column: EditableColumn): string {
  if (input.kind === 'null') return 'NULL'
  if (input.kind === 'default') return 'DEFAULT'
  const text = column.type_category === 'A' ? arrayText(input.text, column) : input.text
  // sqlLiteral leads E'…' strings with a space; our callers put their own.
  return `${sqlLiteral(text).trimStart()}::${castType(column)}`
}

/** A value as it came back in a row, as the editor starts with it. */
export function valueToInput(value: unknown, column: EditableColumn): CellInput {
  if (value === null || value === undefined) return { kind: 'null' }
  // Every json value, a string too, is shown as JSON so it reads back as the same value.
  if (isJsonType(column.base_type)) return { kind: 'text', text: JSON.stringify(value, null, 2) }
  if (Array.isArray(value) || (typeof value === 'object' && !(value instanceof Date))) return { kind: 'text', text: JSON.stringify(value) }
  if (value instanceof Date) return { kind: 'text', text: value.toISOString() }
  return { kind: 'text', text: String(value) }
}

function columnByName(columns: EditableColumn[], name: string, table: string): EditableColumn {
  const column = columns.find((c) => c.name === name)
  if (!column) throw new Error(`Table "${table}" has no column "${name}"`)
  return column
}

export function insertRowSql(schema: string, table: string, columns: EditableColumn[], values: Record<string, CellInput>): string {
  for (const name of Object.keys(values)) columnByName(columns, name, table)
  const given = columns.filter((c) => {
    const input = values[c.name]
    return input !== undefined && input.kind !== 'default'
  })
  const target = qualifiedName(schema, table)
  if (given.length === 0) return `insert into ${target} default values returning *`
  const names = given.map((c) => sqlIdent(c.name)).join(', ')
  const literals = given.map((c) => inputLiteral(values[c.name]!, c)).join(', ')
  return `insert into ${target} (${names}) values (${literals}) returning *`
}

/** A key column's value as a literal. A null key part would match nothing (or, with `is null`, too much): refuse it. */
function keyValue(key: Record<string, unknown>, column: string, what: string): string {
  const value = ownValue(key, column)
  if (value === null || value === undefined) throw new Error(`${what} has no value for its key column "${column}"`)
  return valueLiteral(value)
}

export function updateRowSql(
  schema: string,
  table: string,
  key: Record<string, unknown>,
  changes: Record<string, CellInput>,
  columns: EditableColumn[],
): string {
  const keyColumns = Object.keys(key)
  if (keyColumns.length === 0) throw new Error(`Cannot update a row of "${table}" without its key: the table needs a primary key`)
  const changed = Object.keys(changes)
  if (changed.length === 0) throw new Error('There are no changes to save')
  const assignments = changed.map((name) => `${sqlIdent(name)} = ${inputLiteral(changes[name]!, columnByName(columns, name, table))}`)
  const where = keyColumns.map((name) => `${sqlIdent(name)} = ${keyValue(key, name, 'The row to update')}`).join(' and ')
  return `update ${qualifiedName(schema, table)} set ${assignments.join(', ')} where ${where} returning *`
}

export function deleteRowsSql(schema: string, table: string, keyColumns: string[], keys: Record<string, unknown>[]): string {
  if (keyColumns.length === 0) throw new Error(`Cannot delete rows of "${table}" without a key: the table needs a primary key`)
  if (keys.length === 0) throw new Error('There are no rows to delete')
  return `delete from ${qualifiedName(schema, table)} where ${keysCondition(keyColumns, keys, 'A row to delete')}`
}

/** Which of these rows (by key) are still there: their key columns, one row each. */
export function existingKeysSql(schema: string, table: string, keyColumns: string[], keys: Record<string, unknown>[]): string {
  if (keyColumns.length === 0) throw new Error(`Rows of "${table}" cannot be looked up without a key: the table needs a primary key`)
  if (keys.length === 0) throw new Error('There are no rows to look up')
  return `select ${keyColumns.map(sqlIdent).join(', ')} from ${qualifiedName(schema, table)} where ${keysCondition(keyColumns, keys, 'A row to look up')}`
}

function keysCondition(keyColumns: string[], keys: Record<string, unknown>[], what: string): string {
  const valueOf = (key: Record<string, unknown>, column: string) => keyValue(key, column, what)
  if (keyColumns.length === 1) {
    const [column] = keyColumns as [string]
    return `${sqlIdent(column)} in (${keys.map((k) => valueOf(k, column)).join(', ')})`
  }
  const tuples = keys.map((k) => `(${keyColumns.map((c) => valueOf(k, c)).join(', ')})`)
  return `(${keyColumns.map(sqlIdent).join(', ')}) in (${tuples.join(', ')})`
}

/** A CSV import batch as one insert; `rows` hold one value per column, null for NULL. */
/** What a CSV import knows of a column beyond its type: whether an empty field may be NULL. */
export type ImportedColumn = EditableColumn & Partial<Pick<TableColumn, 'is_nullable' | 'default_value' | 'is_identity'>>

/** An empty field: NULL, except in a NOT NULL column that has a default (or is an identity), which takes it. */
function emptyFieldSql(column: ImportedColumn): string {
  const hasDefault = (column.default_value !== null && column.default_value !== undefined) || column.is_identity === true
  return column.is_nullable === false && hasDefault ? 'DEFAULT' : 'NULL'
}

export function insertRowsSql(schema: string, table: string, columns: ImportedColumn[], rows: (string | null)[][]): string {
  if (columns.length === 0) throw new Error('Choose at least one column to import')
  if (rows.length === 0) throw new Error('There are no rows to import')
  const values = rows.map((row, index) => {
    if (row.length !== columns.length) throw new Error(`Row ${index + 1} has ${row.length} values, but ${columns.length} columns are imported`)
    return `(${row.map((value, i) => (value === null ? emptyFieldSql(columns[i]!) : inputLiteral({ kind: 'text', text: value }, columns[i]!))).join(', ')})`
  })
  return `insert into ${qualifiedName(schema, table)} (${columns.map((c) => sqlIdent(c.name)).join(', ')}) values\n  ${values.join(',\n  ')}`
}
