import { delay } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../../fixtures/platform'
import { createMockPlatform, type MockPlatform } from '../../../mock-platform/platform'
import { createMemoryDatabaseProvider } from '../../../mock-platform/postgres/pglite-memory'
import type { DatabaseProvider, ProjectDatabase } from '../../../mock-platform/postgres/types'
import { issueAccessToken } from '../../../mock-platform/auth/access-tokens'
import { TEST_API_BASE } from '../../../mock-platform/testing'
import { DATABASE_START_POLL_INTERVAL, PG_META_HEADERS, PG_META_TIMING } from '../../constants'
import { parseServerTiming } from '../../lib/server-timing'
import { signedInTestClient } from '../../test/signed-in-client'
import { databaseStatusQuery, type DatabaseStatus } from './databases'
import { executeTimedSql } from './sql'

/** Added to every database's real start, so the start is measurably longer than any statement here. */
const EXTRA_START_MS = 400

/** The node provider, with starts made slower on purpose: a cost the statements must never be charged. */
function slowStartingProvider(): DatabaseProvider {
  const inner = createMemoryDatabaseProvider()
  const opening = new Map<string, Promise<ProjectDatabase>>()
  return {
    open(ref) {
      let database = opening.get(ref)
      if (!database) opening.set(ref, (database = delay(EXTRA_START_MS).then(() => inner.open(ref))))
      return database
    },
    settled: (ref) => inner.settled(ref),
    closeAll: () => inner.closeAll(),
    drop: (ref) => inner.drop(ref),
  }
}

const fixtures = createPlatformFixtures()
const demo = fixtures.users[0]!
const [queried, asked] = fixtures.projects.filter((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')
const client = signedInTestClient(demo.id)
let platform: MockPlatform
const server = setupServer()

beforeAll(async () => {
  platform = await createMockPlatform({ databases: async () => slowStartingProvider() })
  server.use(...platform.handlers())
  server.listen({ onUnhandledRequest: 'error' })
})
afterAll(async () => {
  server.close()
  await platform.close()
})

const sql = (ref: string, query: string) => executeTimedSql({ ref, connectionString: platform.db.projects.findFirst((q) => q.where({ ref }))!.connectionString, query }, { client })

/** pg-meta's query call as the platform answers it, headers and all (the client reads only the body and timing). */
function postQuery(ref: string, query: string) {
  const project = platform.db.projects.findFirst((q) => q.where({ ref }))!
  return fetch(`${TEST_API_BASE}/platform/pg-meta/${ref}/query`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${issueAccessToken(demo.id, 3600)}`,
      'content-type': 'application/json',
      [PG_META_HEADERS.connection]: project.connectionString!,
    },
    body: JSON.stringify({ query }),
  })
}

describe('pg-meta timing: a statement is timed on its own, a database start apart', () => {
  it('the answers that waited for the start carry it; the statement time never includes it', async () => {
    const [first, second] = await Promise.all([sql(queried!.ref, 'select 1 as n'), sql(queried!.ref, 'select 2 as n')])
    for (const answer of [first, second]) {
      expect(answer.startupMs).toBeGreaterThanOrEqual(EXTRA_START_MS)
      expect(answer.executionMs).not.toBeNull()
      expect(answer.executionMs!).toBeLessThan(EXTRA_START_MS)
    }
    expect(first.rows).toEqual([{ n: 1 }])

    const warm = await sql(queried!.ref, 'select count(*)::int as n from generate_series(1, 1000)')
    expect(warm.rows).toEqual([{ n: 1000 }])
    expect(warm.startupMs).toBeNull()
    expect(warm.executionMs).toBeGreaterThanOrEqual(0)
  }, 60_000)

  it('a failed statement is timed too', async () => {
    const answer = await postQuery(queried!.ref, 'select nope')
    expect(answer.status).toBe(400)
    const timing = parseServerTiming(answer.headers.get(PG_META_TIMING.header))
    expect(timing.get(PG_META_TIMING.execution)).toBeGreaterThanOrEqual(0)
    expect(timing.has(PG_META_TIMING.startup)).toBe(false)
  })

  it("a statement's time is broken down: the database's calls and their decoding within it, the JSON body after it", async () => {
    const answer = await postQuery(queried!.ref, 'select g from generate_series(1, 1000) g')
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(await answer.json()).toHaveLength(1000)
    const timing = parseServerTiming(answer.headers.get(PG_META_TIMING.header))
    const [execution, database, decode, serialize] = [PG_META_TIMING.execution, PG_META_TIMING.database, PG_META_TIMING.decode, PG_META_TIMING.serialize].map((name) => timing.get(name))
    expect(database).toBeGreaterThan(0)
    expect(decode).toBeGreaterThanOrEqual(0)
    expect(database! + decode!).toBeLessThanOrEqual(execution! + 0.02)
    expect(serialize).toBeGreaterThanOrEqual(0)
  })

  it('the database status starts a stopped database, reads COMING_UP, then how long the start took', async () => {
    const status = databaseStatusQuery(asked!.ref, client)
    const read = () => status.queryFn({})
    const first = await read()
    expect(first).toEqual({ identifier: asked!.ref, status: 'COMING_UP' })
    expect(status.refetchInterval({ state: { data: first } })).toBe(DATABASE_START_POLL_INTERVAL)

    let current: DatabaseStatus | null = first
    for (let tries = 0; current?.status === 'COMING_UP' && tries < 600; tries++) {
      await delay(50)
      current = await read()
    }
    expect(current?.status).toBe('ACTIVE_HEALTHY')
    expect(current?.started_in_ms).toBeGreaterThanOrEqual(EXTRA_START_MS)
    expect(status.refetchInterval({ state: { data: current } })).toBe(false)

    // The start was paid before any statement: the first one is not charged for it.
    const answer = await sql(asked!.ref, 'select 1 as n')
    expect(answer.startupMs).toBeNull()
    expect(answer.executionMs!).toBeLessThan(EXTRA_START_MS)
  }, 60_000)

  it("a project without a running database is not started and says why: its own status", async () => {
    const paused = fixtures.projects.find((p) => !p.status.startsWith('ACTIVE_') && fixtures.permissions.some((m) => m.gotrue_id === demo.id && m.organization_slug === p.organization_slug))!
    expect(await databaseStatusQuery(paused.ref, client).queryFn({})).toEqual({ identifier: paused.ref, status: paused.status })
  })
})
