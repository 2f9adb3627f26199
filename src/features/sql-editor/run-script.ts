import type { SqlRunFailure, SqlRunOutcome, SqlRunRequest, StatementResult } from '../../../machines/sql-run.machine'
import { isApiError } from '../../api/errors'
import type { TimedRows } from '../../api/queries/sql'
import { SQL_RESULT_PROGRESS_INTERVAL } from '../../constants'
import { applyRowLimit, trimToLimit } from '../../lib/sql/row-limit'
import { splitStatements, type SqlStatement } from '../../lib/sql/statements'
import { errorMessage } from '../../lib/error-message'

/**
 * Runs one statement: its rows and, where the server says, its own time and a database start it
 * waited for. A big result may arrive in parts: `onRows` gets the rows so far after each.
 */
export type RunStatement = (sql: string, signal: AbortSignal, onRows: (rows: readonly Record<string, unknown>[]) => void) => Promise<TimedRows>

export interface RunScriptOptions {
  /** The results so far while a big result arrives in parts: the statements run, then the rows of the one running. */
  onProgress?: (results: StatementResult[]) => void
  now?: () => number
  /** What goes before each statement (running it as another role: lib/sql/run-as); throws when a statement cannot run so. */
  prefix?: (statement: string) => string
  /** Said with the results: "ran as authenticated (ana@example.com)". */
  ranAs?: string | null
}

/** An error that carries what the editor shows: the message, the SQLSTATE, where it happened and Postgres's hint. */
export class SqlRunError extends Error implements SqlRunFailure {
  constructor(
    message: string,
    readonly results: StatementResult[],
    readonly code?: string,
    readonly offset?: number,
    readonly hint?: string,
  ) {
    super(message)
  }
}

function columnsOf(rows: Record<string, unknown>[]): string[] {
  const seen = new Set<string>()
  for (const row of rows.slice(0, 50)) for (const key of Object.keys(row)) seen.add(key)
  return [...seen]
}

function statementResult(statement: SqlStatement, limit: number | null, rows: readonly Record<string, unknown>[], executionMs: number | null): StatementResult {
  const trimmed = trimToLimit(rows, limit)
  return { statement: statement.text, rows: trimmed.rows, columns: columnsOf(trimmed.rows), hasMore: trimmed.hasMore, limit, executionMs }
}

/**
 * Runs each statement of the request in turn (so each has its own result), applying the row
 * limit without touching the user's text. A failure stops the script and points at the
 * character Postgres blamed, in editor coordinates.
 */
export async function runScript(request: SqlRunRequest, run: RunStatement, signal: AbortSignal, options: RunScriptOptions = {}): Promise<SqlRunOutcome> {
  const { onProgress, now = () => performance.now(), prefix: prefixOf = () => '' } = options
  const started = now()
  const results: StatementResult[] = []
  let startupMs: number | null = null
  for (const statement of splitStatements(request.sql)) {
    const limited = applyRowLimit(statement, request.limit)
    let shownAt: number | null = null
    const onRows = (rows: readonly Record<string, unknown>[]) => {
      // The first part at once; later ones no more often than a person reads them (each is a render).
      if (!onProgress || (shownAt !== null && now() - shownAt < SQL_RESULT_PROGRESS_INTERVAL)) return
      shownAt = now()
      onProgress([...results, statementResult(statement, limited.limit, rows, null)])
    }
    let prefix = ''
    try {
      prefix = prefixOf(limited.sql)
      const answer = await run(prefix + limited.sql, signal, onRows)
      // A database start is paid once, by whichever statement met it; it is no statement's time.
      startupMs ??= answer.startupMs
      results.push({
        ...statementResult(statement, limited.limit, answer.rows, answer.executionMs),
        ...(answer.sampled.length > 0 ? { sampled: answer.sampled } : {}),
      })
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error
      const message = errorMessage(error)
      const details = isApiError(error) ? error.details : {}
      const code = typeof details.code === 'string' ? details.code : undefined
      const hint = typeof details.hint === 'string' && details.hint !== '' ? details.hint : undefined
      const position = Number(details.position)
      // Postgres positions are 1-based in the text sent, which may carry the limit wrapper.
      const offset = Number.isInteger(position) && position > 0 ? request.offset + statement.start + Math.max(0, position - 1 - limited.prefixLength - prefix.length) : undefined
      throw new SqlRunError(message, results, code, offset, hint)
    }
  }
  return { results, elapsedMs: Math.round(now() - started), startupMs, ...(options.ranAs ? { ranAs: options.ranAs } : {}) }
}
