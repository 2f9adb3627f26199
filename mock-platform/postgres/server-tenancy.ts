/**
 * Projects on a shared PostgreSQL server (`DATABASE_URL`), kept apart the way the hosted platform
 * keeps them (DESIGN.md "Tenancy on a shared PostgreSQL"). DATABASE_URL's user is the platform's
 * admin and does platform work only; everything a user runs runs as one of the project's own roles:
 *
 * - `<database>_owner`: owns the project database and what is made in it (the user's "postgres").
 *   No superuser, cannot create roles or databases, a member of `anon`, `authenticated` and
 *   `service_role` (so it may act as them, as the dashboard's "run as" and GraphQL do). BYPASSRLS,
 *   as the platform's `postgres` has it.
 * - `<database>_read_only`: the SQL of a member who may only read (read-only.ts). It reads what the
 *   owner makes (default privileges, so tables made later too), never the platform's private
 *   schemas (`studio_meta`, `vault`: private-schema.ts), never other databases' statistics (no
 *   `pg_monitor` or `pg_read_all_stats`). A member of `anon` and `authenticated` (never
 *   `service_role`), in a read-only transaction. BYPASSRLS, so it sees the rows the owner's SQL
 *   editor shows.
 *
 * - `<database>_user`: the login a person connects with (psql, an app), with the database password
 *   they set in the dashboard; a member of the owner that becomes it on signing in.
 *
 * Only these roles may connect to the database (CONNECT is revoked from PUBLIC), and none may
 * connect to the platform's records database. The first two are the platform's: their passwords are
 * derived from DATABASE_URL (which holds the server's own credentials): every process with that URL
 * computes the same ones, nobody without it can, and the user is never told them.
 */
import { createHash } from 'node:crypto'
import pg from 'pg'
import { sqlIdent, sqlLiteral } from '../../src/lib/sql/quote.ts'
import { PLATFORM_ROLES_SQL, QUERY_STATISTICS_EXTENSION_SQL } from './platform-layer.ts'
import { adoptDatabaseSql } from './server-adoption.ts'
import { projectRoles, type ProjectRoles } from './server-address.ts'

export { projectRoles, type ProjectRoles }

/** Connections each project role may hold at once: a tenant cannot exhaust the server's (`max_connections`). */
export const PROJECT_ROLE_CONNECTION_LIMIT = { owner: 20, reader: 10, login: 10 } as const

/** A project role's password: the same for every process with this DATABASE_URL, unknown without it. */
export function projectRolePassword(databaseUrl: string, role: string): string {
  const server = new URL(databaseUrl)
  server.pathname = '/'
  server.search = ''
  return createHash('sha256').update(`studio project role\n${role}\n${server.toString()}`).digest('base64url')
}

/** `databaseUrl` as `role` (same server, database and options). */
export function roleUrl(databaseUrl: string, role: string): string {
  const url = new URL(databaseUrl)
  url.username = encodeURIComponent(role)
  url.password = encodeURIComponent(projectRolePassword(databaseUrl, role))
  return url.toString()
}

/** An admin connection (DATABASE_URL's user) to `database` on the same server; `use` gets it, it is closed after. */
export async function withAdmin<T>(databaseUrl: string, connectionTimeoutMillis: number, use: (admin: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(databaseUrl)
  if (database !== undefined) url.pathname = `/${encodeURIComponent(database)}`
  const admin = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis })
  admin.on('error', () => undefined) // a dropped connection shows up as the failing query instead
  await admin.connect()
  try {
    return await use(admin)
  } finally {
    await admin.end().catch(() => undefined)
  }
}

/**
 * The cluster's part: the platform's API roles (roles belong to the cluster) and the project's two,
 * brought to what they must be (also when someone changed them meanwhile), under the roles' lock.
 */
async function ensureProjectRoles(admin: pg.Client, databaseUrl: string, roles: ProjectRoles): Promise<void> {
  const owner = sqlIdent(roles.owner)
  const reader = sqlIdent(roles.reader)
  const attributes = 'login inherit nosuperuser nocreatedb nocreaterole noreplication bypassrls'
  await underRolesLock(admin, async () => {
    await admin.query(PLATFORM_ROLES_SQL)
    for (const [role, limit] of [
      [roles.owner, PROJECT_ROLE_CONNECTION_LIMIT.owner],
      [roles.reader, PROJECT_ROLE_CONNECTION_LIMIT.reader],
    ] as const) {
      const { rowCount } = await admin.query('select 1 from pg_catalog.pg_roles where rolname = $1', [role])
      if (!rowCount) await admin.query(`create role ${sqlIdent(role)}`)
      await admin.query(`alter role ${sqlIdent(role)} with ${attributes} connection limit ${limit} password ${sqlLiteral(projectRolePassword(databaseUrl, role))}`)
    }
    await ensureLoginRole(admin, roles)
    await admin.query(`grant anon, authenticated, service_role to ${owner}`)
    // Run as anon or a signed-in user, as GraphQL's role picker and "run as" do (row-level security
    // decides which rows), never as service_role: it reads Vault. Those roles may write the public
    // tables, so what keeps this one from writing is its read-only transaction (read-only.ts).
    await admin.query(`grant anon, authenticated to ${reader}`)
    await admin.query(`revoke service_role from ${reader}`)
    // Not what keeps it from writing (read-only.ts does), one more wall should anything else use it.
    await admin.query(`alter role ${reader} set default_transaction_read_only = on`)
  })
}

/**
 * The login people connect with: a member of the owner that becomes it as it signs in (its default
 * `role`), so what it makes is the owner's, as the platform's `postgres` user. Its password is the
 * user's (setProjectLoginPassword) and is never touched here; until one is set it has none, so no
 * password sign-in succeeds.
 */
async function ensureLoginRole(admin: pg.Client, roles: ProjectRoles): Promise<void> {
  const login = sqlIdent(roles.login)
  const { rowCount } = await admin.query('select 1 from pg_catalog.pg_roles where rolname = $1', [roles.login])
  if (!rowCount) await admin.query(`create role ${login}`)
  await admin.query(`alter role ${login} with login inherit nosuperuser nocreatedb nocreaterole noreplication bypassrls connection limit ${PROJECT_ROLE_CONNECTION_LIMIT.login}`)
  await admin.query(`grant ${sqlIdent(roles.owner)} to ${login}`)
  await admin.query(`alter role ${login} set role = ${sqlLiteral(roles.owner)}`)
}

/**
 * The project's database password: the login role's, as a SCRAM verifier (scram-verifier.ts), so
 * the password itself never reaches the server or its statement log. The role is made first when
 * the database has not opened yet (a project's password is set as it is created).
 */
export async function setProjectLoginPassword(databaseUrl: string, name: string, verifier: string, connectionTimeoutMillis: number): Promise<void> {
  if (!/^SCRAM-SHA-256\$\d+:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/.test(verifier)) throw new TypeError('Not a SCRAM-SHA-256 verifier')
  const roles = projectRoles(name)
  await withAdmin(databaseUrl, connectionTimeoutMillis, (admin) =>
    underRolesLock(admin, async () => {
      await admin.query(PLATFORM_ROLES_SQL)
      const { rowCount } = await admin.query('select 1 from pg_catalog.pg_roles where rolname = $1', [roles.owner])
      if (!rowCount) await admin.query(`create role ${sqlIdent(roles.owner)} nologin`)
      await ensureLoginRole(admin, roles)
      await admin.query(`alter role ${sqlIdent(roles.login)} password ${sqlLiteral(verifier)}`)
    }),
  )
}

/**
 * One transaction under the advisory lock every change of the cluster's roles and grants takes: two
 * processes making the same change at once (two replicas starting, a parallel open) would meet
 * "tuple concurrently updated". Rolled back whole when `work` fails.
 */
async function underRolesLock(admin: pg.Client, work: () => Promise<void>): Promise<void> {
  await admin.query('begin')
  try {
    await admin.query(`select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('studio project roles'))`)
    await work()
    await admin.query('commit')
  } catch (error) {
    await admin.query('rollback').catch(() => undefined)
    throw error
  }
}

/**
 * `work` while this process alone sets up project database `name`: replicas of one platform opening
 * a new project at once would otherwise both alter its default privileges, make its layer's schemas
 * and seed it ("tuple concurrently updated", duplicate keys). A session lock on a connection of its
 * own, in DATABASE_URL's database, released when `work` ends (or the process dies with it).
 */
export async function whileSettingUpAlone<T>(databaseUrl: string, name: string, connectionTimeoutMillis: number, work: () => Promise<T>): Promise<T> {
  return withAdmin(databaseUrl, connectionTimeoutMillis, async (admin) => {
    await admin.query('select pg_catalog.pg_advisory_lock(pg_catalog.hashtext($1))', [`studio project setup ${name}`])
    return work()
  })
}

/** Creates the database owned by the owner role; true when an existing one was owned by someone else (made by an older Studio). */
async function ensureOwnedDatabase(admin: pg.Client, name: string, roles: ProjectRoles): Promise<boolean> {
  const { rows } = await admin.query<{ owner: string }>('select pg_catalog.pg_get_userbyid(datdba) as owner from pg_catalog.pg_database where datname = $1', [name])
  let adopted = false
  if (rows.length === 0) {
    await admin.query(`create database ${sqlIdent(name)} owner ${sqlIdent(roles.owner)}`).catch((error: unknown) => {
      // Someone else (another process, a parallel open) created it in between: fine. A race can
      // also surface as a unique violation on pg_database's name index.
      if (!(error instanceof pg.DatabaseError && (error.code === '42P04' || error.code === '23505'))) throw error
    })
  } else if (rows[0]!.owner !== roles.owner) {
    await admin.query(`alter database ${sqlIdent(name)} owner to ${sqlIdent(roles.owner)}`)
    adopted = true
  }
  // Only the project's own roles may connect (the platform's admin is a superuser).
  await admin.query(`revoke all on database ${sqlIdent(name)} from public`)
  await admin.query(`grant connect on database ${sqlIdent(name)} to ${sqlIdent(roles.reader)}, ${sqlIdent(roles.login)}`)
  return adopted
}

/**
 * Inside the database, as the admin: what the reader may read from now on, the platform's own
 * extension, and for a database an older Studio made as the admin, its objects handed to the owner.
 */
function databaseSetupSql(roles: ProjectRoles, adopted: boolean): string {
  const owner = sqlIdent(roles.owner)
  const reader = sqlIdent(roles.reader)
  return `
alter default privileges for role ${owner} grant select on tables to ${reader};
alter default privileges for role ${owner} grant select on sequences to ${reader};
alter default privileges for role ${owner} grant usage on schemas to ${reader};
${adopted ? adoptDatabaseSql(roles) : ''}
create schema if not exists extensions authorization ${owner};
${QUERY_STATISTICS_EXTENSION_SQL}
`
}

/**
 * Everything the platform makes for a project database before its owner's first statement (its
 * layer and demo data then come as the owner: provider-cache.ts). Safe to run again: each open of
 * a database runs it, and it brings a changed role or grant back.
 */
export async function provisionProjectDatabase(databaseUrl: string, name: string, connectionTimeoutMillis: number): Promise<ProjectRoles> {
  const roles = projectRoles(name)
  const adopted = await withAdmin(databaseUrl, connectionTimeoutMillis, async (admin) => {
    await ensureProjectRoles(admin, databaseUrl, roles)
    return ensureOwnedDatabase(admin, name, roles)
  })
  await withAdmin(databaseUrl, connectionTimeoutMillis, (admin) => admin.query(databaseSetupSql(roles, adopted)), name)
  return roles
}

/**
 * A deleted project's database and its three roles, gone from the server: its sessions are ended
 * first (WITH (FORCE)). A role that still holds something elsewhere stays, without login, and says so.
 */
export async function dropProjectDatabase(databaseUrl: string, name: string, connectionTimeoutMillis: number): Promise<void> {
  const roles = projectRoles(name)
  await withAdmin(databaseUrl, connectionTimeoutMillis, async (admin) => {
    await admin.query(`drop database if exists ${sqlIdent(name)} with (force)`)
    await underRolesLock(admin, async () => {
      for (const role of [roles.login, roles.reader, roles.owner]) {
        await admin.query('savepoint drop_project_role')
        try {
          await admin.query(`drop role if exists ${sqlIdent(role)}`)
        } catch (error) {
          await admin.query('rollback to savepoint drop_project_role')
          await admin.query(`alter role ${sqlIdent(role)} nologin`)
          console.warn(`The role ${role} of the dropped database ${name} still holds something elsewhere: kept without login`, error)
        }
      }
    })
  })
}

/** What start-up says when DATABASE_URL's user cannot do the platform's work. */
export function platformAdminRequiredMessage(user: string): string {
  return (
    `DATABASE_URL's user ${user} is not a superuser. The platform needs one: it makes a database and two roles per project ` +
    '(roles with BYPASSRLS, as the hosted platform gives them), installs the extensions a project role may not (pg_stat_statements, dblink…) ' +
    'and keeps project roles out of other databases. Use a superuser such as postgres, or STUDIO_MODE=self-hosted to serve one database as its own user.'
  )
}

/** DATABASE_URL's user must be a superuser (start-up says so before anything is changed); answers its database's name. */
async function assertPlatformAdmin(admin: pg.Client): Promise<string> {
  const { rows } = await admin.query<{ name: string; super: boolean; database: string }>(
    'select current_user as name, rolsuper as super, current_database() as database from pg_catalog.pg_roles where rolname = current_user',
  )
  const me = rows[0]!
  if (!me.super) throw new Error(platformAdminRequiredMessage(me.name))
  return me.database
}

/** Start-up's check: nothing changed yet. */
export function checkPlatformAdmin(databaseUrl: string, connectionTimeoutMillis: number): Promise<void> {
  return withAdmin(databaseUrl, connectionTimeoutMillis, async (admin) => void (await assertPlatformAdmin(admin)))
}

/**
 * Once per server, before the first project: DATABASE_URL's user must be a superuser; no project role
 * may connect to the platform's own database (its records); and the one read-only role older
 * Studios read every project through (`pg_read_all_data`, `pg_monitor`: other tenants' running SQL)
 * is retired.
 */
export async function prepareSharedServer(databaseUrl: string, options: { databasePrefix?: string; connectionTimeoutMillis: number }): Promise<void> {
  await withAdmin(databaseUrl, options.connectionTimeoutMillis, async (admin) => {
    const database = await assertPlatformAdmin(admin)
    await underRolesLock(admin, async () => {
      await admin.query(`revoke connect, temporary on database ${sqlIdent(database)} from public`)
      await retireReadOnlyRole(admin, `${options.databasePrefix ?? 'studio_'}read_only`.toLowerCase().replace(/[^a-z0-9_]/g, '_'))
    })
  })
}

async function retireReadOnlyRole(admin: pg.Client, retired: string): Promise<void> {
  const { rowCount } = await admin.query('select 1 from pg_catalog.pg_roles where rolname = $1', [retired])
  if (!rowCount) return
  await admin.query(`revoke pg_read_all_data, pg_monitor from ${sqlIdent(retired)}`)
  await admin.query(`alter role ${sqlIdent(retired)} nologin`)
  // Dropped where nothing depends on it (a grant in some database would keep it: then it stays, without login or rights).
  await admin.query('savepoint drop_retired')
  await admin.query(`drop role ${sqlIdent(retired)}`).catch(() => admin.query('rollback to savepoint drop_retired'))
}
