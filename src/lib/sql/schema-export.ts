import type { GraphColumn, GraphForeignKey, GraphTable, SchemaGraph } from '../../api/schemas/schema-graph'
import { countOf } from '../sentence'
import { sqlIdent, sqlLiteral } from './quote'
import { qualifiedName } from './table-rows'

/**
 * The SQL that makes a schema as the diagram read it (pgAdmin's ERD "generate SQL"): its enums, its
 * tables with their keys and checks, then the foreign keys (so tables can come in any order), the
 * comments, and the views last, in the order they were made. Types, defaults, checks and view queries
 * are Postgres's own text (format_type, pg_get_expr, pg_get_constraintdef, pg_get_viewdef), so they
 * are quoted as Postgres quotes them; every name we write goes through sqlIdent.
 */

const SERIAL_TYPES = new Map([
  ['integer', 'serial'],
  ['bigint', 'bigserial'],
  ['smallint', 'smallserial'],
])
/** A default that takes the next value of the column's own sequence: written as serial, which makes it. */
const OWN_SEQUENCE_DEFAULT = /^nextval\('[^']+'::regclass\)$/

const columnList = (columns: readonly string[]) => columns.map(sqlIdent).join(', ')

function columnSql(column: GraphColumn): string {
  const serial = column.default !== null && OWN_SEQUENCE_DEFAULT.test(column.default) ? SERIAL_TYPES.get(column.type) : undefined
  const parts = [sqlIdent(column.name), serial ?? column.type]
  if (column.identity) parts.push(`generated ${column.identity} as identity`)
  if (column.generated !== null) parts.push(`generated always as (${column.generated}) stored`)
  if (column.default !== null && !serial) parts.push(`default ${column.default}`)
  if (!column.nullable && !column.identity) parts.push('not null')
  return parts.join(' ')
}

function tableSql(schema: string, table: GraphTable): string {
  const lines = table.columns.map(columnSql)
  if (table.primary_key.length > 0) lines.push(`primary key (${columnList(table.primary_key)})`)
  for (const constraint of table.constraints) lines.push(`constraint ${sqlIdent(constraint.name)} ${constraint.definition}`)
  return `create table ${qualifiedName(schema, table.name)} (\n${lines.map((line) => `  ${line}`).join(',\n')}\n);`
}

function foreignKeySql(schema: string, tables: ReadonlyMap<number, GraphTable>, key: GraphForeignKey): string | null {
  const source = tables.get(key.source_id)
  if (!source) return null
  const actions = [key.on_delete !== 'no action' ? ` on delete ${key.on_delete}` : '', key.on_update !== 'no action' ? ` on update ${key.on_update}` : ''].join('')
  return `alter table ${qualifiedName(schema, source.name)} add constraint ${sqlIdent(key.name)} foreign key (${columnList(key.source_columns)}) references ${qualifiedName(key.target_schema, key.target_name)} (${columnList(key.target_columns)})${actions};`
}

function commentsSql(schema: string, table: GraphTable): string[] {
  const kind = table.type === 'table' ? 'table' : table.type === 'view' ? 'view' : table.type === 'materialized_view' ? 'materialized view' : 'foreign table'
  const comments = table.comment !== null ? [`comment on ${kind} ${qualifiedName(schema, table.name)} is ${sqlLiteral(table.comment)};`] : []
  for (const column of table.columns) {
    if (column.comment !== null) comments.push(`comment on column ${qualifiedName(schema, table.name)}.${sqlIdent(column.name)} is ${sqlLiteral(column.comment)};`)
  }
  return comments
}

function viewSql(schema: string, view: GraphTable): string {
  const query = (view.definition ?? '').trim().replace(/;$/, '')
  const kind = view.type === 'materialized_view' ? 'materialized view' : 'view'
  return `create ${kind} ${qualifiedName(schema, view.name)} as\n${query};`
}

/** The statements that make `graph`'s schema in an empty database (foreign tables are named, not made: their server is the wrapper's). */
export function schemaDefinitionSql(graph: SchemaGraph): string {
  const { schema } = graph
  const tables = graph.tables.filter((t) => t.type === 'table')
  const views = graph.tables.filter((t) => t.type === 'view' || t.type === 'materialized_view').sort((a, b) => a.id - b.id)
  const foreign = graph.tables.filter((t) => t.type === 'foreign_table')
  const byId = new Map(graph.tables.map((t) => [t.id, t]))
  const sections: string[] = [`-- The schema ${sqlIdent(schema)}: ${[countOf(tables.length, 'table'), countOf(views.length, 'view'), countOf(graph.foreign_keys.length, 'foreign key'), countOf(graph.enums.length, 'enum')].join(', ')}.`]
  sections.push(`create schema if not exists ${sqlIdent(schema)};`)
  if (graph.enums.length > 0) sections.push(graph.enums.map((e) => `create type ${qualifiedName(schema, e.name)} as enum (${e.values.map((value) => sqlLiteral(value)).join(', ')});`).join('\n'))
  sections.push(...tables.map((table) => tableSql(schema, table)))
  const keys = graph.foreign_keys.map((key) => foreignKeySql(schema, byId, key)).filter((line): line is string => line !== null)
  if (keys.length > 0) sections.push(keys.join('\n'))
  sections.push(...views.map((view) => viewSql(schema, view)))
  const comments = [...tables, ...views].flatMap((table) => commentsSql(schema, table))
  if (comments.length > 0) sections.push(comments.join('\n'))
  if (foreign.length > 0) sections.push(foreign.map((table) => `-- foreign table ${qualifiedName(schema, table.name)}: made by its wrapper's server, not here`).join('\n'))
  return `${sections.join('\n\n')}\n`
}
