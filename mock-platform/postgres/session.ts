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
 * PGlite ignores `set session authorization default` (it has no login to go back to). Then the
 * settings a new connection would start with (`applyDatabaseSettingsSql`).
 */
export function sessionResetSql(sessionUser: string): string {
  return `rollback; set session authorization ${sqlIdent(sessionUser)}; reset role; reset all; ${applyDatabaseSettingsSql()}`
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
