/**
 * Two served replicas on one record store (issue 54): what one commits, the other answers at once;
 * sessions work on both; changes made on both at once all count; a replica left behind what the log
 * still holds reads everything again.
 */
import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../../src/constants'
import { api, signIn } from '../serve/testing'
import { useServedRecords } from '../serve/records-testing'

const databaseUrl = process.env['DATABASE_URL']
const SCHEMA_PREFIX = `studio_replica_test_${process.pid}_`
const DATABASE_PREFIX = 'studio_replica_test_'

describe.runIf(databaseUrl)('replicas over one record store (DATABASE_URL)', () => {
  const served = useServedRecords({ schemaPrefix: SCHEMA_PREFIX, databasePrefix: DATABASE_PREFIX })

  const twoReplicas = served.onReplicas

  it('answers on one replica what the other committed, at once, and a session works on both', () =>
    twoReplicas(async (a, b) => {
      const session = await signIn(a, DEMO_CREDENTIALS)
      const token = session.access_token
      expect((await api(b, '/platform/profile', { token })).status).toBe(200)
      const made = await api<{ slug: string }>(a, '/platform/organizations', { method: 'POST', token, body: { name: 'Made on A', tier: 'tier_free' } })
      expect(made.status).toBe(201)
      // The very next request, on the other replica.
      const listed = await api<{ slug: string }[]>(b, '/platform/organizations', { token })
      expect(listed.body.map((o) => o.slug)).toContain(made.body.slug)
      // The refresh token A handed out renews on B, and the one it swapped is then known as swapped on A.
      const renewed = await api<{ refresh_token: string }>(b, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: session.refresh_token } })
      expect(renewed.status).toBe(200)
      const again = await api<{ refresh_token: string }>(a, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: renewed.body.refresh_token } })
      expect(again.status).toBe(200)
      // Deleted on B: gone on A.
      expect((await api(b, `/platform/organizations/${made.body.slug}`, { method: 'DELETE', token })).status).toBeLessThan(300)
      expect((await api<{ slug: string }[]>(a, '/platform/organizations', { token })).body.map((o) => o.slug)).not.toContain(made.body.slug)
    }), 90_000)

  it('keeps every change made on both replicas at once, to the same record too (sign-ins share the sessions record)', () =>
    twoReplicas(async (a, b, schema) => {
      const sessions = await Promise.all(Array.from({ length: 16 }, (_, index) => signIn(index % 2 === 0 ? a : b, DEMO_CREDENTIALS)))
      // Every session was kept: each refresh token renews, on either replica.
      const renewals = await Promise.all(sessions.map((session, index) => api(index % 2 === 0 ? b : a, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: session.refresh_token } })))
      expect(renewals.map((answer) => answer.status)).toEqual(sessions.map(() => 200))
      const token = sessions[0]!.access_token
      const names = Array.from({ length: 8 }, (_, index) => `Both at once ${index}`)
      const made = await Promise.all(names.map((name, index) => api<{ slug: string }>(index % 2 === 0 ? a : b, '/platform/organizations', { method: 'POST', token, body: { name, tier: 'tier_free' } })))
      expect(made.map((answer) => answer.status)).toEqual(names.map(() => 201))
      for (const replica of [a, b]) {
        const listed = (await api<{ name: string }[]>(replica, '/platform/organizations', { token })).body.map((o) => o.name)
        for (const name of names) expect(listed).toContain(name)
      }
      // The log holds each commit once, numbered without a gap.
      const { rows } = await served.admin().query<{ version: string }>(`select version from "${schema}".record_changes order by version`)
      expect(rows.map((row) => Number(row.version))).toEqual(rows.map((_, index) => index + 1))
    }), 90_000)

  it('reads every record again when the log no longer holds what a replica missed', () =>
    twoReplicas(async (a, b, schema) => {
      const token = (await signIn(a, DEMO_CREDENTIALS)).access_token
      // B is made to have missed a commit the log no longer holds: A commits, the row is deleted, then the next one comes.
      const first = await api<{ slug: string }>(a, '/platform/organizations', { method: 'POST', token, body: { name: 'Pruned away', tier: 'tier_free' } })
      await served.admin().query(`delete from "${schema}".record_changes`)
      const second = await api<{ slug: string }>(a, '/platform/organizations', { method: 'POST', token, body: { name: 'After the prune', tier: 'tier_free' } })
      expect([first.status, second.status]).toEqual([201, 201])
      const listed = (await api<{ slug: string }[]>(b, '/platform/organizations', { token })).body.map((o) => o.slug)
      expect(listed).toEqual(expect.arrayContaining([first.body.slug, second.body.slug]))
    }), 90_000)
})
