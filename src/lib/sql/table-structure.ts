import { tokenizeSql } from './lexer'
import { checkIdentifierLength } from './identifier'
import { sqlIdent, sqlLiteral } from './quote'
import { qualifiedName } from './table-rows'
import { ownValue } from '../own-record'

/**
 * DDL for the table editor's structure changes. Every function returns the SQL text the UI shows
 * before running it: one statement per line (a create table spans several), each ending with `;`.
 * Identifiers are always quoted; types are written as given once `validateTypeName` accepts them, so
 * a qualified type like `public.order_status` stays qualified.
 */

export type ReferentialAction = 'no action' | 'restrict' | 'cascade' | 'set null' | 'set default'
export const REFERENTIAL_ACTIONS: readonly ReferentialAction[] = ['no action', 'restrict', 'cascade', 'set null', 'set default']

export interface ColumnDefinition {
  name: string
  /** As the user picked or typed it: 'text', 'int8', 'numeric(10,2)', 'text[]', 'public.order_status', 'double precision'… */
  type: string
  /** A SQL expression as typed (now(), 'abc', 0); null or '' for none. */
  defaultValue: string | null
  nullable: boolean
  unique: boolean
  identity: 'always' | 'by default' | null
  /** A boolean SQL expression, e.g. price > 0. */
  check: string | null
  primaryKey?: boolean
  /** Names of the existing constraints (from the catalog), which alterColumnSql needs to drop them. */
  uniqueConstraint?: string | null
  checkConstraint?: string | null
}

export interface ForeignKeyDefinition {
  name?: string
  columns: string[]
  targetSchema: string
  targetTable: string
  targetColumns: string[]
  onDelete?: ReferentialAction
  onUpdate?: ReferentialAction
}

const WORD = '[A-Za-z_][A-Za-z0-9_$]*'
// Words that may follow the first one in a multi-word type name. Limiting them keeps `text not null`
// or `int primary key` from passing as a "type" and quietly adding constraints.
const LATER_WORD = '(?:precision|varying|with|without|time|zone|character|char|year|month|day|hour|minute|second|to)'
const MODIFIER = '\\(\\s*[+-]?\\d+\\s*(?:,\\s*[+-]?\\d+\\s*)?\\)'
const TYPE_NAME = new RegExp(`^${WORD}(?:\\.${WORD})?(?:\\s*${MODIFIER}|\\s+${LATER_WORD}(?![A-Za-z0-9_$]))*(?:\\s*\\[\\s*\\d*\\s*\\])*$`, 'i')

/** null when `type` reads as a type name; otherwise a message saying why not. */
export function validateTypeName(type: string): string | null {
  const trimmed = type.trim()
  if (trimmed === '') return 'The type is missing'
  return TYPE_NAME.test(trimmed) ? null : `Not a type name: "${type}"`
}

const INTEGER_TYPES = new Set(['smallint', 'int2', 'integer', 'int4', 'int', 'bigint', 'int8'])

/** Spellings of the same builtin type, so `int8` → `bigint` is not taken for a type change. */
const TYPE_ALIASES: Record<string, string> = {
  int8: 'bigint',
  int4: 'integer',
  int: 'integer',
  int2: 'smallint',
  float8: 'double precision',
  float4: 'real',
  bool: 'boolean',
  decimal: 'numeric',
  varchar: 'character varying',
  char: 'character',
  bpchar: 'character',
  timestamptz: 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  timetz: 'time with time zone',
  time: 'time without time zone',
  varbit: 'bit varying',
}

function normalizeType(type: string): string {
  let t = type
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*([()[\],])\s*/g, '$1')
    .replace(/^pg_catalog\./, '')
  // An alias may carry a modifier or brackets: varchar(20)[] → character varying(20)[].
  const match = /^([a-z0-9_ ]+?)((?:\(.*\))?(?:\[\d*\])*)$/.exec(t)
  if (match) {
    const [, base = '', rest = ''] = match
    const alias = ownValue(TYPE_ALIASES, base)
    if (alias) t = alias + rest
  }
  return t.replace(/\[\d+\]/g, '[]')
}

function isIntegerType(type: string): boolean {
  return INTEGER_TYPES.has(
    type
      .trim()
      .toLowerCase()
      .replace(/^pg_catalog\./, ''),
  )
}

function checkType(column: ColumnDefinition): string {
  if (column.type.trim() === '') throw new Error(`Column "${column.name}" needs a type`)
  const message = validateTypeName(column.type)
  if (message) throw new Error(`Column "${column.name}" has a bad type. ${message}`)
  return column.type.trim().replace(/\s+/g, ' ')
}

/** A default or check as one SQL expression: trimmed, or null when empty. */
function expression(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

/**
 * Throws unless `text` is one self-contained expression. It is spliced into a statement, so a `;`,
 * a comment, an unclosed quote or bracket, or a top-level comma would change what the statement does.
 */
function checkExpression(text: string, what: string): string {
  const tokens = tokenizeSql(`${text}\n0`)
  const last = tokens[tokens.length - 1]
  // The sentinel `0` is only its own token when every quote and comment in `text` was closed.
  if (!last || last.kind !== 'symbol' || last.start !== text.length + 1) throw new Error(`${what} has an unclosed quote or comment: ${text}`)
  let depth = 0
  for (const token of tokens) {
    if (token.kind === 'semicolon') throw new Error(`${what} must be a single expression without ";": ${text}`)
    if (token.kind === 'comment') throw new Error(`${what} cannot contain a comment: ${text}`)
    if (token.kind !== 'symbol') continue
    if (token.text === '(' || token.text === '[') depth++
    else if (token.text === ')' || token.text === ']') {
      depth--
      if (depth < 0) throw new Error(`${what} has a closing bracket without an opening one: ${text}`)
    } else if (token.text === ',' && depth === 0) throw new Error(`${what} must be a single expression, not a list: ${text}`)
  }
  if (depth !== 0) throw new Error(`${what} has an opening bracket that is never closed: ${text}`)
  return text
}

function defaultOf(column: ColumnDefinition): string | null {
  const value = expression(column.defaultValue)
  return value === null ? null : checkExpression(value, `The default of column "${column.name}"`)
}

function checkOf(column: ColumnDefinition): string | null {
  const value = expression(column.check)
  return value === null ? null : checkExpression(value, `The check of column "${column.name}"`)
}

function checkIdentity(column: ColumnDefinition, type: string): void {
  if (!column.identity) return
  if (column.identity !== 'always' && column.identity !== 'by default') throw new Error(`Column "${column.name}": unknown identity kind "${column.identity}"`)
  if (!isIntegerType(type)) throw new Error(`Column "${column.name}" cannot be an identity column: identity needs smallint, integer or bigint, not ${type}`)
  if (expression(column.defaultValue) !== null) throw new Error(`Column "${column.name}" cannot have both a default value and identity: remove one of them`)
}

function checkColumnName(name: string): void {
  if (name.trim() === '') throw new Error('Every column needs a name')
  checkIdentifierLength(name, 'column name')
}

/** Identity and primary key columns are never null, whatever `nullable` says. */
function isNotNull(column: ColumnDefinition): boolean {
  return !column.nullable || column.identity !== null || column.primaryKey === true
}

/** One column as it appears in create table or add column. */
function columnSql(column: ColumnDefinition, options: { inlinePrimaryKey: boolean; skipUnique: boolean }): string {
  checkColumnName(column.name)
  const type = checkType(column)
  checkIdentity(column, type)
  const parts = [sqlIdent(column.name), type]
  if (column.identity) parts.push(`generated ${column.identity} as identity`)
  const defaultValue = defaultOf(column)
  if (defaultValue !== null) parts.push(`default ${defaultValue}`)
  if (options.inlinePrimaryKey && column.primaryKey) parts.push('primary key')
  else if (!column.nullable) parts.push('not null')
  if (column.unique && !options.skipUnique) parts.push('unique')
  const check = checkOf(column)
  if (check !== null) parts.push(`check (${check})`)
  return parts.join(' ')
}

function action(value: ReferentialAction | undefined, what: string): string {
  if (value === undefined || value === 'no action') return ''
  if (!REFERENTIAL_ACTIONS.includes(value)) throw new Error(`Unknown ${what} action "${value}": use ${REFERENTIAL_ACTIONS.join(', ')}`)
  return ` ${what} ${value}`
}

function foreignKeySql(fk: ForeignKeyDefinition): string {
  if (fk.columns.length === 0) throw new Error('A foreign key needs at least one column')
  if (fk.columns.length !== fk.targetColumns.length)
    throw new Error(
      `A foreign key needs as many referenced columns as columns: ${fk.columns.length} column(s) reference ${fk.targetColumns.length} column(s) of "${fk.targetTable}"`,
    )
  if (fk.targetTable.trim() === '') throw new Error('A foreign key needs a referenced table')
  if (fk.name?.trim()) checkIdentifierLength(fk.name, 'constraint name')
  const name = fk.name?.trim() ? `constraint ${sqlIdent(fk.name)} ` : ''
  const columns = fk.columns.map(sqlIdent).join(', ')
  const targets = fk.targetColumns.map(sqlIdent).join(', ')
  return `${name}foreign key (${columns}) references ${qualifiedName(fk.targetSchema, fk.targetTable)} (${targets})${action(fk.onDelete, 'on delete')}${action(fk.onUpdate, 'on update')}`
}

function checkTableName(name: string): void {
  if (name.trim() === '') throw new Error('The table needs a name')
  checkIdentifierLength(name, 'table name')
}

/**
 * `rowLevelSecurity`: enabled in the same run, as the hosted platform does for a table in a schema
 * its API serves (no policy yet: the API's keys read and write nothing until one is added).
 */
export function createTableSql(
  schema: string,
  name: string,
  columns: ColumnDefinition[],
  foreignKeys: ForeignKeyDefinition[] = [],
  { rowLevelSecurity = false }: { rowLevelSecurity?: boolean } = {},
): string {
  checkTableName(name)
  if (columns.length === 0) throw new Error(`Table "${name}" needs at least one column`)
  const seen = new Set<string>()
  for (const column of columns) {
    checkColumnName(column.name)
    if (seen.has(column.name)) throw new Error(`There are two columns named "${column.name}": column names must be different`)
    seen.add(column.name)
  }
  for (const fk of foreignKeys) {
    const missing = fk.columns.find((c) => !seen.has(c))
    if (missing !== undefined) throw new Error(`The foreign key uses column "${missing}", which is not a column of this table`)
  }
  const primaryKey = columns.filter((c) => c.primaryKey).map((c) => c.name)
  const lines = columns.map((column) =>
    // A lone primary key column is unique already; a second unique index would only cost writes.
    columnSql(column, { inlinePrimaryKey: false, skipUnique: primaryKey.length === 1 && primaryKey[0] === column.name }),
  )
  if (primaryKey.length > 0) lines.push(`primary key (${primaryKey.map(sqlIdent).join(', ')})`)
  for (const fk of foreignKeys) lines.push(foreignKeySql(fk))
  const create = `create table ${qualifiedName(schema, name)} (\n${lines.map((l) => `  ${l}`).join(',\n')}\n);`
  return rowLevelSecurity ? `${create}\nalter table ${qualifiedName(schema, name)} enable row level security;` : create
}

export function renameTableSql(schema: string, from: string, to: string): string {
  checkTableName(to)
  if (from === to) return ''
  return `alter table ${qualifiedName(schema, from)} rename to ${sqlIdent(to)};`
}

export function dropTableSql(schema: string, name: string, options: { cascade?: boolean } = {}): string {
  return `drop table ${qualifiedName(schema, name)}${options.cascade ? ' cascade' : ''};`
}

export function addColumnSql(schema: string, table: string, column: ColumnDefinition): string {
  return `alter table ${qualifiedName(schema, table)} add column ${columnSql(column, { inlinePrimaryKey: true, skipUnique: column.primaryKey === true })};`
}

/**
 * The statements that turn `before` into `after`, in an order that keeps each one valid: what the
 * new type or identity would conflict with (identity, check, unique, a default that changes) goes
 * first, the new type next, then defaults, nullability and the new constraints.
 */
export function alterColumnSql(schema: string, table: string, before: ColumnDefinition, after: ColumnDefinition): string {
  checkColumnName(after.name)
  const target = qualifiedName(schema, table)
  const statements: string[] = []
  const alter = (action: string) => statements.push(`alter table ${target} ${action};`)
  const column = sqlIdent(after.name)

  const typeChanged = normalizeType(before.type) !== normalizeType(after.type)
  const type = typeChanged ? checkType(after) : after.type.trim()
  checkIdentity(after, type)
  const beforeDefault = expression(before.defaultValue)
  const afterDefault = defaultOf(after)
  const defaultChanged = beforeDefault !== afterDefault
  const beforeCheck = expression(before.check)
  const afterCheck = checkOf(after)
  const checkChanged = beforeCheck !== afterCheck

  if (before.name !== after.name) alter(`rename column ${sqlIdent(before.name)} to ${column}`)

  // An identity column takes no default and its sequence follows its type: drop it before either changes.
  if (before.identity && !after.identity) alter(`alter column ${column} drop identity if exists`)
  else if (before.identity && after.identity && before.identity !== after.identity) alter(`alter column ${column} set generated ${after.identity}`)

  // The old check and a changing default are checked against the new type; drop them first.
  if (checkChanged && beforeCheck !== null) {
    if (!before.checkConstraint) throw new Error(`Cannot drop the check of column "${before.name}": its constraint name is not known`)
    alter(`drop constraint ${sqlIdent(before.checkConstraint)}`)
  }
  if (before.unique && !after.unique) {
    if (!before.uniqueConstraint) throw new Error(`Cannot drop the unique constraint of column "${before.name}": its constraint name is not known`)
    alter(`drop constraint ${sqlIdent(before.uniqueConstraint)}`)
  }
  if (beforeDefault !== null && (afterDefault === null || (defaultChanged && typeChanged))) alter(`alter column ${column} drop default`)

  if (typeChanged) alter(`alter column ${column} type ${type} using ${column}::${type}`)

  if (afterDefault !== null && defaultChanged) alter(`alter column ${column} set default ${afterDefault}`)

  const wasNotNull = isNotNull(before)
  const isNowNotNull = isNotNull(after)
  if (wasNotNull && !isNowNotNull) alter(`alter column ${column} drop not null`)
  else if (!wasNotNull && isNowNotNull) alter(`alter column ${column} set not null`)

  if (!before.unique && after.unique) alter(`add unique (${column})`)
  // Adding identity needs the column not null, done just above.
  if (!before.identity && after.identity) alter(`alter column ${column} add generated ${after.identity} as identity`)
  if (checkChanged && afterCheck !== null) alter(`add check (${afterCheck})`)

  return statements.join('\n')
}

export function dropColumnSql(schema: string, table: string, column: string, options: { cascade?: boolean } = {}): string {
  return `alter table ${qualifiedName(schema, table)} drop column ${sqlIdent(column)}${options.cascade ? ' cascade' : ''};`
}

export function addForeignKeySql(schema: string, table: string, fk: ForeignKeyDefinition): string {
  return `alter table ${qualifiedName(schema, table)} add ${foreignKeySql(fk)};`
}

/**
 * What Postgres would refuse to drop a column for (views, other tables' foreign keys, policies): the
 * normal dependencies on it, named as Postgres names them; a view by its name, not its rewrite rule.
 * What goes with the column on its own (its indexes, its table's constraints on it) is not listed.
 */
export function columnDependentsSql(schema: string, table: string, column: string): string {
  return `select coalesce(json_agg(name order by name), '[]') as dependents from (
  select distinct coalesce(
           (select pg_catalog.pg_describe_object('pg_catalog.pg_class'::regclass, r.ev_class, 0)
              from pg_catalog.pg_rewrite r where d.classid = 'pg_catalog.pg_rewrite'::regclass and r.oid = d.objid),
           pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid)) as name
    from pg_catalog.pg_depend d
    join pg_catalog.pg_class c on c.oid = d.refobjid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
   where d.refclassid = 'pg_catalog.pg_class'::regclass and d.deptype = 'n'
     and n.nspname = ${sqlLiteral(schema)} and c.relname = ${sqlLiteral(table)} and a.attname = ${sqlLiteral(column)}
) found`
}
