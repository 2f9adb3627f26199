/** The limits counted in the records database: what replicas behind a load balancer count together. */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, withStoreLock } from '../records/migrations'
import { postgresRateCounters } from './shared-limits'
import { createSignInLimit } from './sign-in-limit'

const databaseUrl = process.env['DATABASE_URL']
const SCHEMA = `studio_shared_limits_test_${process.pid}`
const LIMIT = 3

const guess = (email: string) =>
  new Request('http://localhost/api/auth/v1/token?grant_type=password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'guess' }) })
const wrongPassword = new Response(null, { status: 400 })

describe.runIf(databaseUrl)('limits shared by replicas (DATABASE_URL)', () => {
  // Two pools: what two replicas hold.
  let pools: [pg.Pool, pg.Pool]
  beforeAll(async () => {
    pools = [new pg.Pool({ connectionString: databaseUrl, max: 2 }), new pg.Pool({ connectionString: databaseUrl, max: 2 })]
    const client = await pools[0].connect()
    try {
      await withStoreLock(client, SCHEMA, () => migrate(client, SCHEMA))
    } finally {
      client.release()
    }
  })
  afterAll(async () => {
    await pools[0].query(`drop schema if exists "${SCHEMA}" cascade`)
    await Promise.all(pools.map((pool) => pool.end()))
  })

  it("locks an address out after its failed sign-ins on both replicas together, not on each", async () => {
    const [a, b] = pools.map((pool) => createSignInLimit({ attempts: LIMIT, windowMs: 60_000 }, postgresRateCounters(pool, SCHEMA)))
    const statuses: (number | string)[] = []
    for (let n = 0; n < LIMIT + 2; n++) {
      const screen = (n % 2 === 0 ? a : b)!.screen('10.9.0.1')
      const verdict = await screen.before(guess(`someone-${n}@example.com`))
      if (!verdict) screen.after(guess(''), wrongPassword)
      statuses.push(verdict?.status ?? 'checked')
    }
    expect(statuses).toEqual(['checked', 'checked', 'checked', 429, 429])
    // And on the other replica too; another address is not touched.
    expect((await b!.screen('10.9.0.1').before(guess('new@example.com')))?.status).toBe(429)
    expect(await a!.screen('10.9.0.2').before(guess('new@example.com'))).toBeNull()
  })

  it('lets no more guesses through than the limit when sent to both replicas at once', async () => {
    const [a, b] = pools.map((pool) => createSignInLimit({ attempts: LIMIT, windowMs: 60_000 }, postgresRateCounters(pool, SCHEMA)))
    const screens = Array.from({ length: 12 }, (_, n) => (n % 2 === 0 ? a : b)!.screen('10.9.0.3'))
    const verdicts = await Promise.all(screens.map((screen) => screen.before(guess('target@example.com'))))
    expect(verdicts.filter((verdict) => verdict === null)).toHaveLength(LIMIT)
    expect(verdicts.filter((verdict) => verdict?.status === 429)).toHaveLength(12 - LIMIT)
    const retryAfter = Number(verdicts.find((verdict) => verdict !== null)!.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
  })

  it('opens a new window once the last one ended', async () => {
    const counter = postgresRateCounters(pools[0], SCHEMA)('short', { attempts: 1, windowMs: 300 })
    expect((await counter.hit('k')).count).toBe(1)
    expect((await counter.hit('k')).count).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect((await counter.hit('k')).count).toBe(1)
    await counter.release('k')
    expect((await counter.hit('k')).count).toBe(1)
  })
})
