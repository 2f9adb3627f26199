/**
 * Reads of foreign tables whose wrapper has no handler (the `wrappers` extension's C handlers are
 * not in the mock's databases). Instead of Postgres's bare "has no handler" error, the statement is
 * run again inside a transaction that is always rolled back, in which each such foreign table is
 * stood in for by a table of the same name holding sample rows (fixtures/foreign-rows.ts). Any
 * statement shape works (joins, filters, aggregates) and nothing outlives the run; the answer says
 * which tables were sampled, and the screens say so.
 */
import { sqlIdent, sqlJson, sqlLiteral } from '../../src/lib/sql/quote.ts'
import { toJsonValue } from '../postgres/query.ts'
import type { ProjectDatabase } from '../postgres/types.ts'

/** Postgres's own refusal (SQLSTATE 55000, object not in prerequisite state). */
const NO_HANDLER = /foreign-data wrapper "(.+)" has no handler/

export function isMissingWrapperHandler(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '55000' && NO_HANDLER.test(String((error as { message?: unknown }).message))
}

/** Transaction control of the user's own would end the stand-in transaction early (and keep the stand-ins). */
const TRANSACTION_CONTROL = /\b(begin|commit|end|rollback|abort|savepoint|release|prepare\s+transaction)\b/i

interface HandlerlessTable {
  schema: string
  name: string
  wrapper: string
  columns: { name: string; type: string }[]
}

const HANDLERLESS_TABLES_SQL = `select n.nspname as schema, c.relname as name, w.fdwname as wrapper,
       coalesce((select json_agg(json_build_object('name', a.attname, 'type', pg_catalog.format_type(a.atttypid, a.atttypmod)) order by a.attnum)
                   from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json) as columns
  from pg_catalog.pg_foreign_table ft
  join pg_catalog.pg_class c on c.oid = ft.ftrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_foreign_server s on s.oid = ft.ftserver
  join pg_catalog.pg_foreign_data_wrapper w on w.oid = s.srvfdw
 where w.fdwhandler = 0
 order by 1, 2`

function literal(value: unknown, type: string): string {
  if (value !== null && typeof value === 'object') return `${sqlJson(value)}::${type}`
  return `${sqlLiteral(value as string | number | boolean | null)}::${type}`
}

type SampleForeignRows = typeof import('../../fixtures/foreign-rows.ts').sampleForeignRows

/** The statements that put sample tables in place of the handler-less foreign tables (three per table). */
function standInSql(table: HandlerlessTable, sampleForeignRows: SampleForeignRows): string[] {
  const target = `${sqlIdent(table.schema)}.${sqlIdent(table.name)}`
  const rows = sampleForeignRows(`${table.schema}.${table.name}`, table.columns)
  const values = rows.map((row) => `(${row.map((value, index) => literal(value, table.columns[index]!.type)).join(', ')})`).join(', ')
  return [
    `alter foreign table ${target} rename to ${sqlIdent(`${table.name}__studio_foreign`)};`,
    `create table ${target} (${table.columns.map((column) => `${sqlIdent(column.name)} ${column.type}`).join(', ')});`,
    `insert into ${target} values ${values};`,
  ]
}

export interface SampledAnswer {
  rows: Record<string, unknown>[]
  /** The foreign tables answered with sample rows, as schema.name. */
  sampled: string[]
}

/**
 * Runs `query` again with sample rows in the handler-less foreign tables; null when it cannot be
 * done safely (it has parameters or transaction control of its own), so the caller keeps the error.
 */
export async function answerWithSampleRows(db: ProjectDatabase, query: string, parameters: unknown[] | undefined, signal?: AbortSignal): Promise<SampledAnswer | null> {
  if ((parameters && parameters.length > 0) || TRANSACTION_CONTROL.test(query)) return null
  const tables = (await db.query(HANDLERLESS_TABLES_SQL)).rows as unknown as HandlerlessTable[]
  if (tables.length === 0) return null
  // The rows' drawer and word lists load at the first such read, not with the mock platform.
  const { sampleForeignRows } = await import('../../fixtures/foreign-rows.ts')
  const standIns = tables.flatMap((table) => standInSql(table, sampleForeignRows))
  const body = query.trim().replace(/;\s*$/, '')
  const results = await db.exec(['begin;', ...standIns, `${body};`, 'rollback;'].join('\n'), { signal })
  const own = results.slice(1 + standIns.length, -1)
  const last = [...own].reverse().find((result) => result.rows.length !== 0)
  const rows = (last?.rows ?? []).map((row) => toJsonValue(row) as Record<string, unknown>)
  // Named as the statement names them, so the note speaks of what the user asked for.
  const named = tables.filter((table) => query.includes(table.name))
  return { rows, sampled: (named.length > 0 ? named : tables).map((table) => `${table.schema}.${table.name}`) }
}

/** Why a read of a handler-less foreign table could not be answered (in place of Postgres's bare refusal). */
export function sampleRowsRefusal(message: string): string {
  const wrapper = NO_HANDLER.exec(message)?.[1] ?? 'this wrapper'
  return `The wrapper ${wrapper} has no handler on the mock platform, so its foreign tables answer sample rows, but only to a statement run on its own: not inside BEGIN … COMMIT, and not with bound parameters.`
}
