/**
 * What the logs endpoint agrees to run: one SELECT (or WITH … SELECT) that reads log tables only.
 * The text is checked first (one statement, a query), then the plan Postgres makes of it: every
 * relation it scans must be a log table, and nothing in it may write. The reader role and the
 * read-only transaction stand behind both (log-store.ts).
 */
import { LOG_SOURCES, LOGS_MESSAGE } from '../../src/constants'
import { errorMessage } from '../../src/lib/error-message'
import { leadingKeyword, splitStatements } from '../../src/lib/sql/statements'
import { STORE_SCHEMA } from './log-store-schema'

/** A logs query the endpoint will not run, and why (told to the user as it is). */
export class LogQueryRefused extends Error {}

const LOG_TABLES: readonly string[] = LOG_SOURCES.map((s) => s.table)

export type LogSqlCheck = { ok: true; statement: string } | { ok: false; message: string }

/** The one statement to run, or why not. */
export function checkLogSql(sql: string): LogSqlCheck {
  const statements = splitStatements(sql)
  if (statements.length === 0) return { ok: false, message: LOGS_MESSAGE.sqlRequired }
  if (statements.length > 1) return { ok: false, message: LOGS_MESSAGE.multipleStatements }
  const statement = statements[0]!
  const first = statement.tokens.find((t) => !(t.kind === 'symbol' && t.text === '('))
  const keyword = first?.kind === 'word' ? first.text.toUpperCase() : leadingKeyword(statement)
  if (keyword !== 'SELECT' && keyword !== 'WITH') return { ok: false, message: LOGS_MESSAGE.notSelect }
  return { ok: true, statement: statement.text }
}

interface PlanNode {
  'Node Type'?: string
  'Relation Name'?: string
  Schema?: string
  Operation?: string
  Plans?: PlanNode[]
}

/** Why a plan (EXPLAIN (VERBOSE, FORMAT JSON)) may not run, or null when it reads log tables only. */
export function refusePlan(plan: unknown): string | null {
  const roots = Array.isArray(plan) ? (plan as { Plan?: PlanNode }[]).map((p) => p.Plan).filter((p): p is PlanNode => Boolean(p)) : []
  const visit = (node: PlanNode): string | null => {
    if (node['Node Type'] === 'ModifyTable' || node.Operation) return LOGS_MESSAGE.writes
    const relation = node['Relation Name']
    if (relation !== undefined && node.Schema !== STORE_SCHEMA) return LOGS_MESSAGE.notLogTable(node.Schema ? `${node.Schema}.${relation}` : relation)
    for (const child of node.Plans ?? []) {
      const refusal = visit(child)
      if (refusal) return refusal
    }
    return null
  }
  for (const root of roots) {
    const refusal = visit(root)
    if (refusal) return refusal
  }
  return null
}

/** What the reader's attempt at something else reads as. */
export function readerError(error: unknown): Error {
  const message = errorMessage(error)
  // Denied a log table: only a write is (the reader may select from every one).
  const denied = /permission denied for (?:schema|table|view|relation) (\S+)/.exec(message)
  if (denied) return new LogQueryRefused(LOG_TABLES.includes(denied[1]!) ? LOGS_MESSAGE.writes : LOGS_MESSAGE.notLogTable(denied[1]!))
  // The project's own tables are not here at all: say what is.
  const missing = /^relation "([^"]+)" does not exist/.exec(message)
  if (missing) return new LogQueryRefused(LOGS_MESSAGE.notLogTable(missing[1]!))
  if (/read-only transaction/.test(message)) return new LogQueryRefused(LOGS_MESSAGE.writes)
  return error instanceof Error ? error : new Error(message)
}
