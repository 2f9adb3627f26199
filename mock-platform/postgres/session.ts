/**
 * pg-meta opens a connection per request, so a transaction left open or a `SET ROLE` in one SQL
 * editor run never leaks into the next. Our back ends keep sessions (PGlite has exactly one), so
 * after a run whose text could have changed session state we clean up: PGlite runs
 * `sessionResetSql`, a server's pooled connection `pooledSessionResetSql` (one round trip; a new
 * connection costs ~30 ms on loopback). Not after every run: with 50 people on one project's three
 * connections, a reset after each `select` doubled the SQL editor's median answer.
 *
 * `mayChangeSession`'s test is deliberately loose (an `UPDATE … SET` matches too); a needless reset costs a
 * fraction of a millisecond, a missed one leaves the project stuck in an aborted transaction.
 */
import { sqlIdent } from '../../src/lib/sql/quote.ts'

// Transactions and settings; what else outlives a statement in its session: temporary tables,
// LISTEN, prepared statements, held cursors, session advisory locks, loaded libraries.
const SESSION_WORDS = /\b(begin|start\s+transaction|savepoint|set|set_config|reset|temp|temporary|listen|prepare|declare|pg_advisory_\w+|load)\b/i

export function mayChangeSession(sql: string): boolean {
  return SESSION_WORDS.test(sql)
}

/**
 * Ends any transaction and undoes SET, SET ROLE and SET SESSION AUTHORIZATION. The user is named:
 * PGlite ignores `set session authorization default` (it has no login to go back to). Then the
 * settings a new connection would start with (`applyDatabaseSettingsSql`).
 */
export function sessionResetSql(sessionUser: string): string {
  return `rollback; set session authorization ${sqlIdent(sessionUser)}; reset role; reset all; ${applyDatabaseSettingsSql()}`
}

/**
 * What `discard all` does, which Postgres refuses in a multi-statement text, so that the whole reset
 * is one round trip: cursors, SET SESSION AUTHORIZATION and SET ROLE, every setting, prepared
 * statements, LISTEN, advisory locks, cached plans, temporary tables, sequences' cached values; then
 * the database's and role's settings as they are now (a pooled connection may predate them).
 * `inTransaction`: a transaction is open or failed (it is rolled back first).
 */
export function pooledSessionResetSql(inTransaction: boolean): string {
  const discardAll = 'close all; set session authorization default; reset all; deallocate all; unlisten *; select pg_catalog.pg_advisory_unlock_all(); discard plans; discard temp; discard sequences;'
  return `${inTransaction ? 'rollback; ' : ''}${discardAll} ${applyDatabaseSettingsSql()}`
}

/**
 * A new connection starts with the settings of `alter database … set` and `alter role … set`
 * (pg_db_role_setting), in Postgres's order of precedence: global, database, role, both — the last
 * applied wins. `reset all` goes back to what the session started with, which in a long-lived
 * session (PGlite's only one) predates any such setting made since; this applies them as they are now.
 */
export function applyDatabaseSettingsSql(): string {
  return `select pg_catalog.set_config(split_part(setting, '=', 1), substr(setting, strpos(setting, '=') + 1), false)
  from pg_catalog.pg_db_role_setting s, unnest(s.setconfig) as setting
 where s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
   and s.setrole in (0, (select oid from pg_catalog.pg_roles where rolname = session_user))
 order by s.setrole <> 0, s.setdatabase <> 0;`
}
