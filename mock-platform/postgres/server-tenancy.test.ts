import { afterAll, describe, expect, it } from 'vitest'
import { sqlIdent } from '../../src/lib/sql/quote'
import { prepareSharedServer, withAdmin } from './server-tenancy'

const databaseUrl = process.env['DATABASE_URL']
const PREFIX = `studio_prepare_test_${process.pid}_`
const RETIRED = `${PREFIX}read_only`
const TIMEOUT = 10_000

const admin = <T>(use: Parameters<typeof withAdmin<T>>[2]) => withAdmin(databaseUrl!, TIMEOUT, use)
const retiredRole = () => admin(async (client) => (await client.query('select rolcanlogin as login, pg_has_role(rolname, $2, $3) as all_data from pg_roles where rolname = $1', [RETIRED, 'pg_read_all_data', 'member'])).rows[0] ?? null)

describe.runIf(databaseUrl)('preparing a shared PostgreSQL server (DATABASE_URL)', () => {
  afterAll(() =>
    admin(async (client) => {
      await client.query('drop table if exists public.studio_prepare_test_kept')
      await client.query(`drop role if exists ${sqlIdent(RETIRED)}`)
    }),
  )

  it('runs in several processes at once without "tuple concurrently updated"', async () => {
    const starts = Array.from({ length: 8 }, () => prepareSharedServer(databaseUrl!, { databasePrefix: PREFIX, connectionTimeoutMillis: TIMEOUT }))
    await expect(Promise.all(starts)).resolves.toHaveLength(8)
  })

  it('retires the read-only role older Studios made: dropped, or kept without login or rights when something holds it', async () => {
    await admin((client) => client.query(`create role ${sqlIdent(RETIRED)} login in role pg_read_all_data, pg_monitor`))
    await prepareSharedServer(databaseUrl!, { databasePrefix: PREFIX, connectionTimeoutMillis: TIMEOUT })
    expect(await retiredRole()).toBeNull()

    await admin(async (client) => {
      await client.query(`create role ${sqlIdent(RETIRED)} login in role pg_read_all_data, pg_monitor`)
      await client.query(`create table public.studio_prepare_test_kept (id int); grant select on public.studio_prepare_test_kept to ${sqlIdent(RETIRED)}`)
    })
    // The failed drop leaves the rest of the preparation done, not rolled back with it.
    await prepareSharedServer(databaseUrl!, { databasePrefix: PREFIX, connectionTimeoutMillis: TIMEOUT })
    expect(await retiredRole()).toEqual({ login: false, all_data: false })
  })
})

describe.runIf(databaseUrl)("a deleted project's database on a PostgreSQL server", () => {
  it('is dropped with its three roles, its open connections ended; opened again it is a new database', async () => {
    const { createServerDatabaseProvider } = await import('./server-postgres')
    const { projectDatabaseName } = await import('./server-address')
    const prefix = `studio_drop_test_${process.pid}_`
    const provider = createServerDatabaseProvider(databaseUrl!, { databasePrefix: prefix, seed: false })
    const ref = 'droppedprojectref'
    const name = projectDatabaseName(ref, prefix)
    const leftOf = () =>
      admin(async (client) => ({
        databases: (await client.query('select datname from pg_database where datname = $1', [name])).rowCount,
        roles: (await client.query('select rolname from pg_roles where rolname like $1', [`${name}%`])).rows.map((row: { rolname: string }) => row.rolname).sort(),
      }))
    try {
      const db = await provider.open(ref)
      await db.exec('create table kept_until_deleted (id int); insert into kept_until_deleted values (1)')
      expect(await leftOf()).toEqual({ databases: 1, roles: [`${name}_owner`, `${name}_read_only`, `${name}_user`] })
      await provider.drop(ref)
      expect(await leftOf()).toEqual({ databases: 0, roles: [] })
      const again = await provider.open(ref)
      expect((await again.query("select to_regclass('public.kept_until_deleted') as kept")).rows).toEqual([{ kept: null }])
    } finally {
      await provider.drop(ref).catch(() => undefined)
      await provider.closeAll()
    }
  }, 60_000)
})

describe.runIf(databaseUrl)('a new project database opened by several replicas at once', () => {
  it('opens on each, set up and seeded once, with no "tuple concurrently updated"', async () => {
    const { createServerDatabaseProvider } = await import('./server-postgres')
    const prefix = `studio_replicas_test_${process.pid}_`
    const ref = 'openedtwiceref'
    // Each provider is what one replica of `npm run serve` holds; they share nothing but the server.
    const providers = Array.from({ length: 4 }, () => createServerDatabaseProvider(databaseUrl!, { databasePrefix: prefix }))
    try {
      const opened = await Promise.allSettled(providers.map(async (provider) => (await (await provider.open(ref)).query('select count(*)::int as n from public.customers')).rows[0]))
      expect(opened.map((result) => (result.status === 'fulfilled' ? 'opened' : String(result.reason)))).toEqual(['opened', 'opened', 'opened', 'opened'])
      const counts = opened.map((result) => (result as PromiseFulfilledResult<Record<string, unknown>>).value['n'])
      expect(new Set(counts).size).toBe(1)
      expect(counts[0]).toBeGreaterThan(0)
    } finally {
      await providers[0]!.drop(ref).catch(() => undefined)
      await Promise.all(providers.map((provider) => provider.closeAll()))
    }
  }, 90_000)
})
