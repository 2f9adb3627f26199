/**
 * SQL of a member who may only read the project's database (SPEC §6: the server decides, the
 * dashboard's `can()` is a courtesy), run so that Postgres itself refuses every write: no reading
 * of the text decides anything.
 *
 * How, and why it holds:
 * - Everything runs inside one `begin transaction read only` whose snapshot is taken at once (our
 *   `pg_current_xact_id()`). From then on Postgres refuses `set transaction read write`,
 *   `set_config('transaction_read_only', 'off', …)` and the same from a DO block ("must be set
 *   before any query"); `begin read write` is a no-op warning; `reset all` leaves the transaction's
 *   mode alone; a DO block or procedure that commits is "invalid transaction termination" inside a
 *   transaction block. `set default_transaction_read_only = off` only changes later transactions.
 * - The one way out is ending the transaction (COMMIT, ROLLBACK, END, ABORT, PREPARE TRANSACTION,
 *   … AND CHAIN), after which the next statement of a multi-statement text would run in a new,
 *   possibly read-write transaction. So the text is run one statement at a time, each by the
 *   extended protocol, where Postgres refuses a second command in one Parse ("cannot insert
 *   multiple commands into a prepared statement"): our splitter only decides where to cut, and a
 *   wrong cut fails, it never runs two statements. After each statement the transaction must still
 *   be ours: the xid Postgres assigned it, which no later transaction can have. If it is not, the
 *   run stops before the next statement. And it must still be read-only: Postgres 15 takes
 *   `reset transaction_read_only` inside it (the reset value is off), so that stops the run too.
 * - The caller ends with `rollback` and, where the session outlives the call, resets it: whatever a
 *   version of Postgres still lets a read-only transaction do (15 lets `lo_create` through) is undone.
 *
 * What a read-only transaction does not stop is a superuser's reach outside the database (COPY to
 * a server file or program, dblink without a password): on a real server (server-postgres.ts) the
 * statements run as a login role of their own, no superuser, that may only read. PGlite has one
 * session and one user, a superuser, whose files are the page's own (in the browser) or the test's.
 */
import { splitStatements } from '../../src/lib/sql/statements.ts'
import { SQL_READ_ONLY_MESSAGE } from '../../src/constants/messages.ts'
import type { RawResult } from './decode.ts'

/** Runs exactly one statement on the run's session, by the extended protocol. */
export type RunOneStatement = (sql: string, params?: unknown[]) => Promise<RawResult>

/** SQLSTATE of "cannot execute … in a read-only transaction". */
export const READ_ONLY_SQLSTATE = '25006'

/**
 * Where the run stopped because a statement left its read-only transaction: it ended it
 * (`transactionEnded`) or made it read-write (`madeReadWrite`). Shaped as the database's own error.
 */
export class ReadOnlyTransactionLeft extends Error {
  readonly code = READ_ONLY_SQLSTATE
  readonly severity = 'ERROR'
  readonly hint = SQL_READ_ONLY_MESSAGE.hint
  constructor(
    how: 'transactionEnded' | 'madeReadWrite',
    readonly position: string,
  ) {
    super(SQL_READ_ONLY_MESSAGE[how])
  }
}

/**
 * The statements of `sql` each inside the one read-only transaction, one result per statement run;
 * with `params` (even none), `sql` is one statement bound to them, as `ProjectDatabase.query` runs
 * it. The caller opens nothing and must end the transaction (`rollback`) whatever happens.
 */
export async function runReadOnly(runOne: RunOneStatement, sql: string, params: unknown[] | undefined): Promise<RawResult[]> {
  await runOne('begin transaction read only')
  const xid = await currentTransaction(runOne, 'pg_current_xact_id')
  const statements = params === undefined ? splitStatements(sql) : [{ text: sql, start: 0 }]
  const results: RawResult[] = []
  for (const [index, statement] of statements.entries()) {
    try {
      results.push(await runOne(statement.text, params))
    } catch (error) {
      throw withScriptPosition(error, sql, statement.start)
    }
    const next = statements[index + 1]
    const now = await transactionState(runOne)
    if (next && now.xid !== xid) throw new ReadOnlyTransactionLeft('transactionEnded', String(characterOffset(sql, next.start) + 1))
    // Postgres 15 lets `reset transaction_read_only` make the open transaction read-write again.
    if (now.xid === xid && !now.readOnly) throw new ReadOnlyTransactionLeft('madeReadWrite', String(characterOffset(sql, statement.start) + 1))
  }
  return results
}

async function currentTransaction(runOne: RunOneStatement, read: 'pg_current_xact_id' | 'pg_current_xact_id_if_assigned'): Promise<string | null> {
  const { rows } = await runOne(`select pg_catalog.${read}()::text`)
  return rows[0]?.[0] ?? null
}

async function transactionState(runOne: RunOneStatement): Promise<{ xid: string | null; readOnly: boolean }> {
  const { rows } = await runOne(`select pg_catalog.pg_current_xact_id_if_assigned()::text, pg_catalog.current_setting('transaction_read_only')`)
  return { xid: rows[0]?.[0] ?? null, readOnly: rows[0]?.[1] === 'on' }
}

/** Postgres counts characters (code points) from 1; the splitter's offsets are UTF-16 units. */
function characterOffset(sql: string, start: number): number {
  return [...sql.slice(0, start)].length
}

/** A statement's error position, moved from the statement's text to the whole script's. */
function withScriptPosition(error: unknown, sql: string, start: number): unknown {
  if (start === 0 || typeof error !== 'object' || error === null) return error
  const fields = error as { position?: unknown }
  const position = Number(fields.position)
  if (typeof fields.position === 'string' && Number.isInteger(position) && position > 0) {
    fields.position = String(characterOffset(sql, start) + position)
  }
  return error
}
