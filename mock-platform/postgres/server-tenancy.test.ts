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
