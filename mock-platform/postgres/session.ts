/**
 * pg-meta opens a connection per request, so a transaction left open or a `SET ROLE` in one SQL
 * editor run never leaks into the next. Our back ends keep sessions (PGlite has exactly one), so
 * after a run whose text could have changed session state we clean up: PGlite runs
 * `sessionResetSql`, node-postgres drops the connection.
 *
 * The test is deliberately loose (an `UPDATE … SET` matches too); a needless reset costs a
 * fraction of a millisecond, a missed one leaves the project stuck in an aborted transaction.
 */
import { sqlIdent } from '../../src/lib/sql/quote.ts'

const SESSION_WORDS = /\b(begin|start\s+transaction|savepoint|set|set_config|reset)\b/i

export function mayChangeSession(sql: string): boolean {
  return SESSION_WORDS.test(sql)
}

/**
 * Ends any transaction and undoes SET, SET ROLE and SET SESSION AUTHORIZATION. The user is named:
 * PGlite ignores `set session authorization default` (it has no login to go back to).
 */
export function sessionResetSql(sessionUser: string): string {
  return `rollback; set session authorization ${sqlIdent(sessionUser)}; reset role; reset all;`
}
