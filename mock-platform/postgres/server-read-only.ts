/**
 * The login role a real server's project databases are read through for members who may only read
 * (read-only.ts). The URL's own user is a superuser (it creates databases and the platform's
 * roles), and a superuser reaches past a read-only transaction: COPY to a server file or program,
 * dblink without a password, `set session authorization` back to itself. This role is no superuser
 * and may only read: `pg_read_all_data` (every table, view and sequence, in every schema, also
 * those made later), `pg_monitor` (statistics and settings, as Query Performance reads them) and
 * BYPASSRLS, so it sees the rows the SQL editor shows anyone else.
 *
 * Roles belong to the cluster: one per database prefix, made once and kept. Its password is derived
 * from DATABASE_URL (which holds the server's own credentials), so every process with that URL
 * computes the same one and nobody without it can; setting it again is harmless.
 */
import { createHash } from 'node:crypto'
import pg from 'pg'
import { sqlIdent, sqlLiteral } from '../../src/lib/sql/quote.ts'

/** The read-only role of the databases named with `prefix` (server-postgres.ts). */
export function readOnlyRoleName(prefix = 'studio_'): string {
  return `${prefix}read_only`.toLowerCase().replace(/[^a-z0-9_]/g, '_')
}

/** The role's password: the same for every process with this DATABASE_URL, unknown without it. */
export function readOnlyRolePassword(databaseUrl: string, role: string): string {
  const server = new URL(databaseUrl)
  server.pathname = '/'
  server.search = ''
  return createHash('sha256').update(`studio read-only role\n${role}\n${server.toString()}`).digest('base64url')
}

/** `databaseUrl` as the read-only role (same server, database and options). */
export function readOnlyUrl(databaseUrl: string, role: string): string {
  const url = new URL(databaseUrl)
  url.username = encodeURIComponent(role)
  url.password = encodeURIComponent(readOnlyRolePassword(databaseUrl, role))
  return url.toString()
}

/**
 * Makes the role, or brings it to what it must be (login, no superuser, the password, its grants).
 * Under an advisory lock: two processes granting at once would meet "tuple concurrently updated".
 */
export async function ensureReadOnlyRole(databaseUrl: string, role: string, connectionTimeoutMillis: number): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis })
  admin.on('error', () => undefined) // a dropped connection shows up as the failing query instead
  await admin.connect()
  const name = sqlIdent(role)
  try {
    await admin.query('begin')
    await admin.query(`select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('studio read-only role'))`)
    const { rowCount } = await admin.query('select 1 from pg_catalog.pg_roles where rolname = $1', [role])
    if (!rowCount) await admin.query(`create role ${name}`)
    await admin.query(
      `alter role ${name} with login inherit nosuperuser nocreatedb nocreaterole noreplication bypassrls password ${sqlLiteral(readOnlyRolePassword(databaseUrl, role))}`,
    )
    await admin.query(`grant pg_read_all_data, pg_monitor to ${name}`)
    // Not what keeps it from writing (read-only.ts does), one more wall should anything else use it.
    await admin.query(`alter role ${name} set default_transaction_read_only = on`)
    await admin.query('commit')
  } catch (error) {
    await admin.query('rollback').catch(() => undefined)
    throw error
  } finally {
    await admin.end()
  }
}
