/**
 * `insertInto…`, `update…` and `deleteFrom…Collection` as one data-modifying statement each,
 * answering `{affectedCount, records}` from its RETURNING rows. `atMost` is pg_graphql's guard: an
 * update or delete that touched more rows fails, and with it the whole request's transaction.
 */
import { getNamedType, GraphQLError, type GraphQLObjectType } from 'graphql'
import { sqlIdent, sqlLiteral } from '../../src/lib/sql/quote.ts'
import { argumentsOf, collectFields, subSelections, type CollectedField } from './fields.ts'
import type { ColumnModel, TableModel } from './model.ts'
import { planOf } from './schema.ts'
import { jsonObjectSql, nextAlias, qualifiedName, recordSql, type CompileContext } from './sql-select.ts'
import { columnLiteral } from './sql-values.ts'
import { filterSql } from './sql-where.ts'

export interface MutationStatements {
  /** Answers the field's value as `value`. */
  statement: string
  /** Runs after it; fails the transaction when the statement touched more rows than allowed. */
  guard: string | null
}

const AFFECTED = '"__studio_affected"'
/** Where the statement leaves its row count for the guard (a placeholder setting, local to the transaction). */
const countSetting = (index: number) => `studio_graphql.affected_${index}`

type InputObject = Record<string, unknown>

/** `{affectedCount, records}` over the statement's RETURNING rows. */
function responseSql(context: CompileContext, table: TableModel, field: CollectedField): string {
  const named = getNamedType(field.definition!.type) as GraphQLObjectType
  const entries: [string, string][] = []
  for (const part of collectFields(context, named, subSelections(field))) {
    if (part.definition?.name === 'affectedCount') entries.push([part.responseKey, `(select count(*)::int from ${AFFECTED})`])
    if (part.definition?.name === 'records') {
      const alias = nextAlias(context)
      const selection = collectFields(context, context.schema.getType(table.typeName) as GraphQLObjectType, subSelections(part))
      entries.push([part.responseKey, `coalesce((select jsonb_agg(${recordSql(context, table, alias, selection)}) from ${AFFECTED} ${alias}), '[]'::jsonb)`])
    }
  }
  return jsonObjectSql(entries)
}

/** The columns an input object sets, by field name, in the table's order. */
function setColumns(columns: readonly ColumnModel[], object: InputObject): ColumnModel[] {
  return columns.filter((column) => Object.prototype.hasOwnProperty.call(object, column.field) && object[column.field] !== undefined)
}

function insertSql(table: TableModel, args: InputObject): string {
  const objects = (args['objects'] as InputObject[] | undefined) ?? []
  if (objects.length === 0) throw new GraphQLError('At least one record must be provided to objects')
  const insertable = table.columns.filter((c) => c.insertable)
  const used = insertable.filter((column) => objects.some((object) => setColumns([column], object).length))
  // Every value defaulted: one column named with DEFAULT, so several rows still fit one VALUES.
  const columns = used.length ? used : insertable.slice(0, 1)
  const rows = objects.map((object) => `(${columns.map((column) => (setColumns([column], object).length ? columnLiteral(column, object[column.field]) : 'DEFAULT')).join(', ')})`)
  return `insert into ${qualifiedName(table)} (${columns.map((c) => sqlIdent(c.name)).join(', ')}) values ${rows.join(', ')} returning *`
}

function updateSql(context: CompileContext, table: TableModel, args: InputObject): string {
  const set = (args['set'] as InputObject | undefined) ?? {}
  const columns = setColumns(
    table.columns.filter((c) => c.updatable),
    set,
  )
  if (columns.length === 0) throw new GraphQLError('At least one field must be given in set')
  const alias = nextAlias(context)
  const assignments = columns.map((column) => `${sqlIdent(column.name)} = ${columnLiteral(column, set[column.field])}`)
  return `update ${qualifiedName(table)} ${alias} set ${assignments.join(', ')} where ${filterSql(table, alias, args['filter'])} returning ${alias}.*`
}

function deleteSql(context: CompileContext, table: TableModel, args: InputObject): string {
  const alias = nextAlias(context)
  return `delete from ${qualifiedName(table)} ${alias} where ${filterSql(table, alias, args['filter'])} returning ${alias}.*`
}

/** The statements of one top-level mutation field; `index` keeps each field's row count apart. */
export function mutationFieldSql(context: CompileContext, field: CollectedField, index: number): MutationStatements | null {
  const plan = field.definition && planOf(field.definition)
  if (!plan || (plan.kind !== 'insert' && plan.kind !== 'update' && plan.kind !== 'delete')) return null
  const args = argumentsOf(context, field)
  const change = plan.kind === 'insert' ? insertSql(plan.table, args) : plan.kind === 'update' ? updateSql(context, plan.table, args) : deleteSql(context, plan.table, args)
  const response = responseSql(context, plan.table, field)
  if (plan.kind === 'insert') return { statement: `with ${AFFECTED} as (${change}) select ${response} as value`, guard: null }
  const atMost = Number(args['atMost'])
  const setting = countSetting(index)
  return {
    statement: `with ${AFFECTED} as (${change}) select ${response} as value, set_config(${sqlLiteral(setting)}, (select count(*) from ${AFFECTED})::text, true) as affected`,
    guard: `do $guard$ begin
  if current_setting(${sqlLiteral(setting)})::int > ${atMost} then raise exception '${plan.kind} impacts too many records'; end if;
end $guard$`,
  }
}
