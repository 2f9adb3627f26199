/**
 * A query's selections as SQL, one statement per top-level field, like pg_graphql: each answers one
 * jsonb value keyed by the response keys (aliases included), so `execute` only reads it back.
 * Collections page by keyset (`first`/`after` forward, `last`/`before` backward, one row more than
 * the page tells whether another page follows); relationships are correlated subqueries.
 */
import { GraphQLError, type GraphQLObjectType } from 'graphql'
import { GRAPHQL_PAGE_SIZE } from '../../src/constants'
import { sqlIdent, sqlLiteral } from '../../src/lib/sql/quote.ts'
import { argumentsOf, collectFields, subSelections, type CollectedField, type OperationContext } from './fields.ts'
import type { RelationModel, TableModel } from './model.ts'
import { TYPE_KEY } from './scalars.ts'
import { planOf } from './schema.ts'
import { columnRef, columnValueSql, cursorSql, decodeNodeId, nodeIdSql } from './sql-values.ts'
import { afterCursorSql, decodeCursor, filterSql, nodeIdCondition, orderSql, orderTerms, reversed } from './sql-where.ts'

export interface CompileContext extends OperationContext {
  tablesByTypeName: ReadonlyMap<string, TableModel>
  /** The next table alias's number (t0, t1…): every scope gets its own, so correlations never mix. */
  aliases: { next: number }
}

export const nextAlias = (context: CompileContext) => `t${context.aliases.next++}`
export const qualifiedName = (table: TableModel) => `${sqlIdent(table.schema)}.${sqlIdent(table.name)}`

/** The row number column of a page's inner query (not a GraphQL name, so no column shares it). */
const ROW = '"__studio_row"'

/** `jsonb_build_object` takes at most 100 arguments: wide selections are built in parts and joined. */
export function jsonObjectSql(entries: readonly [string, string][]): string {
  if (entries.length === 0) return `'{}'::jsonb`
  const parts: string[] = []
  for (let i = 0; i < entries.length; i += 50) {
    parts.push(`jsonb_build_object(${entries.slice(i, i + 50).map(([key, value]) => `${sqlLiteral(key)}, ${value}`).join(', ')})`)
  }
  return parts.join(' || ')
}

const objectType = (context: CompileContext, table: TableModel) => context.schema.getType(table.typeName) as GraphQLObjectType

/** A record of `table` at `alias`, as the selection asks for it. */
export function recordSql(context: CompileContext, table: TableModel, alias: string, selection: readonly CollectedField[]): string {
  const entries: [string, string][] = [[TYPE_KEY, sqlLiteral(table.typeName)]]
  for (const field of selection) {
    const plan = field.definition && planOf(field.definition)
    if (!plan) continue
    if (plan.kind === 'nodeId') entries.push([field.responseKey, nodeIdSql(alias, table)])
    else if (plan.kind === 'column') entries.push([field.responseKey, columnValueSql(alias, plan.column)])
    else if (plan.kind === 'relation') entries.push([field.responseKey, relationSql(context, plan.relation, alias, field)])
  }
  return jsonObjectSql(entries)
}

function relationSql(context: CompileContext, relation: RelationModel, parentAlias: string, field: CollectedField): string {
  const join = (alias: string) => relation.targetColumns.map((column, i) => `${columnRef(alias, column)} = ${columnRef(parentAlias, relation.columns[i]!)}`).join(' and ')
  if (relation.collection) return connectionSql(context, relation.target, field, join)
  const alias = nextAlias(context)
  const selection = collectFields(context, objectType(context, relation.target), subSelections(field))
  return `(select ${recordSql(context, relation.target, alias, selection)} from ${qualifiedName(relation.target)} ${alias} where ${join(alias)} limit 1)`
}

function pageSize(args: Record<string, unknown>): { size: number; backward: boolean } {
  const { first, last, before, after } = args
  if (first != null && last != null) throw new GraphQLError('"first" and "last" may not be used together')
  if (before != null && after != null) throw new GraphQLError('"before" and "after" may not be used together')
  if (first != null && before != null) throw new GraphQLError('"first" may not be used with "before"')
  if (last != null && after != null) throw new GraphQLError('"last" may not be used with "after"')
  const asked = (first ?? last) as number | null | undefined
  if (asked != null && asked < 0) throw new GraphQLError('"first" and "last" must be at least 0')
  return { size: Math.min(asked ?? GRAPHQL_PAGE_SIZE, GRAPHQL_PAGE_SIZE), backward: last != null || before != null }
}

/**
 * A `<Table>Connection` as one jsonb value. `scope` adds the relationship's join (nested
 * collections) to the filter, for the page and for its counts alike.
 */
export function connectionSql(context: CompileContext, table: TableModel, field: CollectedField, scope?: (alias: string) => string): string {
  const args = argumentsOf(context, field)
  const { size, backward } = pageSize(args)
  const terms = orderTerms(table, args['orderBy'])
  const pageTerms = backward ? reversed(terms) : terms
  const base = (alias: string) => [filterSql(table, alias, args['filter']), scope?.(alias)].filter(Boolean).join(' and ')
  const cursor = (backward ? args['before'] : args['after']) as string | null | undefined
  const cursorValues = cursor == null ? null : decodeCursor(cursor, terms)
  const beyondCursor = (alias: string) => (cursorValues ? afterCursorSql(pageTerms, alias, cursorValues) : 'true')

  const inner = nextAlias(context)
  const page = `select ${inner}.*, row_number() over (order by ${orderSql(pageTerms, inner)}) as ${ROW}
      from ${qualifiedName(table)} ${inner}
     where ${base(inner)} and ${beyondCursor(inner)}
     order by ${orderSql(pageTerms, inner)} limit ${size + 1}`
  const row = nextAlias(context)
  const inPage = `filter (where ${row}.${ROW} <= ${size})`
  const pageOrder = `order by ${row}.${ROW} ${backward ? 'desc' : 'asc'}`
  const cursorOf = cursorSql(row, terms.map((t) => t.column))
  const more = `count(*) > ${size}`
  // Rows on the other side of the cursor: there is a page before it (forward) or after it (backward).
  const behind = () => {
    if (!cursorValues) return 'false'
    const other = nextAlias(context)
    return `exists (select 1 from ${qualifiedName(table)} ${other} where ${base(other)} and not coalesce(${afterCursorSql(pageTerms, other, cursorValues)}, false))`
  }

  const type = context.schema.getType(table.names.connection) as GraphQLObjectType
  const entries: [string, string][] = []
  for (const part of collectFields(context, type, subSelections(field))) {
    const name = part.definition?.name
    if (name === 'edges') {
      const edgeType = context.schema.getType(table.names.edge) as GraphQLObjectType
      const edge: [string, string][] = []
      for (const edgeField of collectFields(context, edgeType, subSelections(part))) {
        if (edgeField.definition?.name === 'cursor') edge.push([edgeField.responseKey, cursorOf])
        if (edgeField.definition?.name === 'node') {
          edge.push([edgeField.responseKey, recordSql(context, table, row, collectFields(context, objectType(context, table), subSelections(edgeField)))])
        }
      }
      entries.push([part.responseKey, `coalesce(jsonb_agg(${jsonObjectSql(edge)} ${pageOrder}) ${inPage}, '[]'::jsonb)`])
    } else if (name === 'pageInfo') {
      const info: [string, string][] = []
      const cursors = `(jsonb_agg(${cursorOf} ${pageOrder}) ${inPage})`
      for (const infoField of collectFields(context, context.schema.getType('PageInfo') as GraphQLObjectType, subSelections(part))) {
        const infoName = infoField.definition?.name
        if (infoName === 'hasNextPage') info.push([infoField.responseKey, backward ? behind() : more])
        if (infoName === 'hasPreviousPage') info.push([infoField.responseKey, backward ? more : behind()])
        if (infoName === 'startCursor') info.push([infoField.responseKey, `${cursors} ->> 0`])
        if (infoName === 'endCursor') info.push([infoField.responseKey, `${cursors} ->> -1`])
      }
      entries.push([part.responseKey, jsonObjectSql(info)])
    } else if (name === 'totalCount') {
      const counted = nextAlias(context)
      entries.push([part.responseKey, `(select count(*)::int from ${qualifiedName(table)} ${counted} where ${base(counted)})`])
    }
  }
  // Grouped by nothing: one answer even for an empty page, or when nothing aggregates (only totalCount asked).
  return `(select ${jsonObjectSql(entries)} from (${page}) ${row} group by ())`
}

/** `node(nodeId:)`: the record of whichever table the id names, or null. */
function nodeSql(context: CompileContext, field: CollectedField): string {
  const nodeId = String(argumentsOf(context, field)['nodeId'])
  const decoded = decodeNodeId(nodeId)
  if (!decoded) throw new GraphQLError('Invalid nodeId')
  const table = [...context.tablesByTypeName.values()].find((t) => t.schema === decoded.schema && t.name === decoded.table)
  if (!table) return 'null::jsonb'
  const alias = nextAlias(context)
  const selection = collectFields(context, objectType(context, table), subSelections(field))
  return `(select ${recordSql(context, table, alias, selection)} from ${qualifiedName(table)} ${alias} where ${nodeIdCondition(table, alias, nodeId)} limit 1)`
}

/** The statement that answers one top-level query field, or null for the fields graphql-js answers itself. */
export function queryFieldSql(context: CompileContext, field: CollectedField): string | null {
  const plan = field.definition && planOf(field.definition)
  if (plan?.kind === 'collection') return `select ${connectionSql(context, plan.table, field)} as value`
  if (plan?.kind === 'node') return `select ${nodeSql(context, field)} as value`
  return null
}
