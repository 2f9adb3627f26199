import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, LOGS_ENDPOINT, LOGS_MESSAGE } from '../../src/constants'
import { SLOW } from '../postgres/suite-timeouts'
import { useNodeMockPlatform } from '../testing'

const fixtures = createPlatformFixtures()
const healthy = (slug: string) => fixtures.projects.find((p) => p.organization_slug === slug && p.status === 'ACTIVE_HEALTHY')!
const pro = healthy('acme-corp')
const free = healthy('demo-free')
const { call } = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })

const HOUR = 3600_000
const logs = (ref: string, sql: string, range: { start?: Date; end?: Date } = {}) => {
  const query = new URLSearchParams({ sql })
  if (range.start) query.set('iso_timestamp_start', range.start.toISOString())
  if (range.end) query.set('iso_timestamp_end', range.end.toISOString())
  return call(`${LOGS_ENDPOINT(ref)}?${query}`)
}

describe('GET /platform/projects/{ref}/analytics/endpoints/logs.all', () => {
  it(
    'records a failing statement as a Postgres event with its SQLSTATE and the request id of its gateway event',
    async () => {
      const requestId = crypto.randomUUID()
      const failed = await call(`/platform/pg-meta/${pro.ref}/query`, {
        method: 'POST',
        body: JSON.stringify({ query: 'select * from no_such_table' }),
        headers: { 'x-connection-encrypted': pro.connectionString!, 'x-request-id': requestId },
      })
      expect(failed.status).toBe(400)
      const quoted = `'${requestId}'`
      const statement = await logs(pro.ref, `select error_severity, sqlstate, query, level from postgres_logs where request_id = ${quoted}`)
      expect(statement.status).toBe(200)
      expect(await statement.json()).toEqual({ result: [{ error_severity: 'ERROR', sqlstate: '42P01', query: 'select * from no_such_table', level: 'error' }] })
      const gateway = await logs(pro.ref, `select method, status_code, path, role from edge_logs where request_id = ${quoted}`)
      expect(await gateway.json()).toEqual({ result: [{ method: 'POST', status_code: 400, path: `/api/platform/pg-meta/${pro.ref}/query`, role: 'authenticated' }] })
    },
    SLOW,
  )

  it(
    'has seeded history in every source, and the sign-in as an Auth event',
    async () => {
      const counts = await logs(pro.ref, "select (select count(*) from auth_logs where action = 'login' and user_email = 'demo@example.com')::int as logins, (select count(*) from pg_upgrade_logs)::int as upgrades", { start: new Date(Date.now() - 24 * HOUR) })
      const [row] = ((await counts.json()) as { result: { logins: number; upgrades: number }[] }).result
      expect(row!.logins).toBeGreaterThanOrEqual(1)
      expect(row!.upgrades).toBeGreaterThan(0)
    },
    SLOW,
  )

  it('refuses a range past the plan retention, saying how long the plan keeps logs', async () => {
    const beyondFree = await logs(free.ref, 'select count(*) from edge_logs', { start: new Date(Date.now() - 2 * 24 * HOUR) })
    expect(beyondFree.status).toBe(400)
    expect(await beyondFree.json()).toEqual({ message: LOGS_MESSAGE.retention(1, 'Free') })
    const withinPro = await logs(pro.ref, 'select count(*)::int as n from edge_logs', { start: new Date(Date.now() - 6 * 24 * HOUR) })
    expect(withinPro.status).toBe(200)
    const beyondPro = await logs(pro.ref, 'select 1', { start: new Date(Date.now() - 8 * 24 * HOUR) })
    expect(await beyondPro.json()).toEqual({ message: LOGS_MESSAGE.retention(7, 'Pro') })
  })

  it('refuses what is not a query of log tables, a bad range, and Postgres errors are said as they are', async () => {
    const refusals: [string, string][] = [
      ['drop table edge_logs', LOGS_MESSAGE.notSelect],
      ['select * from public.customers', LOGS_MESSAGE.notLogTable('public.customers')],
      ['select * from pg_class', LOGS_MESSAGE.notLogTable('pg_catalog.pg_class')],
      ['', LOGS_MESSAGE.sqlRequired],
    ]
    for (const [sql, message] of refusals) {
      const answer = await logs(pro.ref, sql)
      expect(answer.status).toBe(400)
      expect(await answer.json()).toEqual({ message })
    }
    const backwards = await logs(pro.ref, 'select 1', { start: new Date(), end: new Date(Date.now() - HOUR) })
    expect(await backwards.json()).toEqual({ message: LOGS_MESSAGE.badRange })
    const typo = await logs(pro.ref, 'select nope from edge_logs')
    expect(await typo.json()).toEqual({ message: 'column "nope" does not exist' })
  })
})
