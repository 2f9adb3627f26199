import type { TableColumn, TableEntity, TableSchema } from '../../api/schemas/table-editor'
import { schemasForPicker } from '../../lib/protected-schemas'
import { isSignificant, tokenizeSql } from '../../lib/sql/lexer'
import type { ColumnDefinition, ForeignKeyDefinition, ReferentialAction } from '../../lib/sql/table-structure'

/** Pure pieces of the table editor's structure dialogs: catalog columns as definitions, the type picker, create table rows. */

/** The types the type picker offers; anything else that reads as a type name can still be typed. */
export const COMMON_TYPES: readonly string[] = [
  'text',
  'varchar',
  'int2',
  'int4',
  'int8',
  'numeric',
  'float4',
  'float8',
  'bool',
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'interval',
  'uuid',
  'json',
  'jsonb',
  'bytea',
  'inet',
  'text[]',
  'int4[]',
  'int8[]',
  'uuid[]',
  'jsonb[]',
]

export const IDENTITY_KINDS = ['by default', 'always'] as const

/** A column as the database has it, for comparing with what the user makes of it. */
export function columnDefinitionOf(column: TableColumn, primaryKeys: readonly string[]): ColumnDefinition {
  const solePrimaryKey = primaryKeys.length === 1 && primaryKeys[0] === column.name
  return {
    name: column.name,
    type: column.data_type,
    defaultValue: column.default_value,
    nullable: column.is_nullable,
    // A lone primary key's index makes is_unique true without a unique constraint; that is not the "unique" option.
    // A unique index without a constraint still counts, so unticking it fails with a clear message instead of adding a second one.
    unique: column.unique_constraint !== null || (column.is_unique && !solePrimaryKey),
    // The catalog says whether a column is an identity, not which kind, and identity columns have no default to tell.
    // 'by default' is the usual kind; picking 'always' emits `set generated always`, harmless if it already was.
    identity: column.is_identity ? (/\bgenerated\s+always\b/i.test(column.default_value ?? '') ? 'always' : 'by default') : null,
    check: firstCheckExpression(column.check),
    primaryKey: primaryKeys.includes(column.name),
    uniqueConstraint: column.unique_constraint,
    checkConstraint: column.check_constraint,
  }
}

/**
 * The expression of the first `CHECK (…)` in the catalog's text (checks joined with ' and ' in
 * name order, so the first belongs to `check_constraint`), without the parentheses Postgres adds.
 */
export function firstCheckExpression(check: string | null): string | null {
  if (!check) return null
  const tokens = tokenizeSql(check).filter(isSignificant)
  const start = tokens.findIndex((t, i) => t.kind === 'word' && t.text.toLowerCase() === 'check' && tokens[i + 1]?.text === '(')
  if (start === -1) return check
  const open = tokens[start + 1]!
  const close = matchingClose(tokens, start + 1)
  if (close === -1) return check
  let inner = check.slice(open.end, tokens[close]!.start).trim()
  const innerTokens = tokenizeSql(inner).filter(isSignificant)
  if (innerTokens[0]?.text === '(' && matchingClose(innerTokens, 0) === innerTokens.length - 1) inner = inner.slice(1, -1).trim()
  return inner
}

function matchingClose(tokens: readonly { kind: string; text: string }[], openIndex: number): number {
  let depth = 0
  for (let i = openIndex; i < tokens.length; i++) {
    const token = tokens[i]!
    if (token.kind !== 'symbol') continue
    if (token.text === '(') depth++
    else if (token.text === ')' && --depth === 0) return i
  }
  return -1
}

/** The enum types the table's columns use, as the catalog names them, for the type picker. */
export function enumTypesOf(table: Pick<TableSchema, 'columns'>): string[] {
  const types = table.columns.filter((c) => c.type_category === 'E').map((c) => c.data_type)
  return [...new Set(types)].sort()
}

/** A type to offer: its name as a column definition writes it, and what kind of the database's own it is. */
export interface TypeChoice {
  name: string
  kind?: 'enum' | 'domain'
}

/** The types to offer: the common ones, then the given extra ones (the database's enums and domains), each once. */
export function typeChoices(extra: readonly (string | TypeChoice)[] = []): TypeChoice[] {
  const choices = new Map<string, TypeChoice>(COMMON_TYPES.map((name) => [name, { name }]))
  for (const item of extra) {
    const choice = typeof item === 'string' ? { name: item } : item
    if (!choices.has(choice.name)) choices.set(choice.name, choice)
  }
  return [...choices.values()]
}

/** Whether a written type is an array of its element type (`text[]`, `int4[][]`). */
export function isArrayType(type: string): boolean {
  return /\[\s*\]\s*$/.test(type)
}

/** The type as an array of itself, or its element type back: what the "Array" toggle writes. */
export function withArray(type: string, array: boolean): string {
  const element = type.replace(/(\s*\[\s*\])+\s*$/, '')
  return array ? `${element.trim()}[]` : element
}

export function emptyColumn(): ColumnDefinition {
  return { name: '', type: 'text', defaultValue: '', nullable: true, unique: false, identity: null, check: '', primaryKey: false }
}

/** The columns a new table starts with. */
export function initialTableColumns(): ColumnDefinition[] {
  return [
    { name: 'id', type: 'int8', defaultValue: '', nullable: false, unique: false, identity: 'by default', check: '', primaryKey: true },
    { name: 'created_at', type: 'timestamptz', defaultValue: 'now()', nullable: false, unique: false, identity: null, check: '', primaryKey: false },
  ]
}

/** Tables (not views) that a foreign key can reference. */
export function referenceableTables(entities: readonly TableEntity[]): TableEntity[] {
  return entities.filter((e) => e.type === 'table')
}

/** The schemas to create a table in: the user's in the entity list, 'public' always; never a protected one (auth, storage, …). */
export function schemaChoices(entities: readonly TableEntity[]): string[] {
  return schemasForPicker(['public', ...entities.map((e) => e.schema)]).user
}

/** One row of the create table dialog's foreign keys: a column of the new table and what it references. */
export interface ForeignKeyRow {
  column: string
  /** Id of the referenced table in the entity list; null until chosen. */
  targetId: number | null
  targetColumn: string
  onDelete: ReferentialAction
  onUpdate: ReferentialAction
}

export function emptyForeignKeyRow(): ForeignKeyRow {
  return { column: '', targetId: null, targetColumn: '', onDelete: 'no action', onUpdate: 'no action' }
}

/** The definition of a row, or an Error saying what is still missing. */
export function foreignKeyOfRow(row: ForeignKeyRow, entities: readonly TableEntity[]): ForeignKeyDefinition {
  if (row.column === '') throw new Error('Choose the column of each foreign key.')
  const target = entities.find((e) => e.id === row.targetId)
  if (!target) throw new Error(`Choose the table that "${row.column}" references.`)
  if (row.targetColumn === '') throw new Error(`Choose the column of ${target.schema}.${target.name} that "${row.column}" references.`)
  return {
    columns: [row.column],
    targetSchema: target.schema,
    targetTable: target.name,
    targetColumns: [row.targetColumn],
    onDelete: row.onDelete,
    onUpdate: row.onUpdate,
  }
}

/** The id of a table in the entity list by schema and name, e.g. to open it once created. */
export function entityIdOf(entities: readonly TableEntity[], schema: string, name: string): number | undefined {
  return entities.find((e) => e.schema === schema && e.name === name)?.id
}
