/**
 * A personal access token on the served platform (issue 52): it lists the member's organizations
 * through the API, is kept only as its digest in PostgreSQL, and stops working once revoked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiAs, api, signUp, startTestServer, type TestServer } from './testing'
import { withAdmin } from '../postgres/server-tenancy'

const databaseUrl = process.env['DATABASE_URL']
const PREFIX = 'studio_pat_test_'
const SCHEMA = `studio_pat_test_platform_${process.pid}`

describe.runIf(databaseUrl)('a personal access token, served', () => {
  let server: TestServer
  let member: ReturnType<typeof apiAs>

  beforeAll(async () => {
    server = await startTestServer(PREFIX, SCHEMA)
    member = apiAs(server.running, await signUp(server.running, `pat-${process.pid}@example.com`, 'amber-Kettle-52-orchard!violin'))
    await member.call('/platform/profile', { method: 'POST' })
    await member.call('/platform/organizations', { method: 'POST', body: { name: 'Token Labs', tier: 'tier_free' } })
  }, 120_000)
  afterAll(() => server?.stop(), 60_000)

  it('lists the organizations as its member, is kept as a digest, and is refused once revoked', async () => {
    const made = await member.call('/platform/profile/access-tokens', { method: 'POST', body: { name: 'CLI' } })
    expect(made.status).toBe(201)
    const { token, id } = made.body as { token: string; id: number }
    const listed = await api(server.running, '/platform/organizations', { token })
    expect(listed.status).toBe(200)
    expect((listed.body as { name: string }[]).map((o) => o.name)).toEqual(['Token Labs'])
    const stored = await withAdmin(databaseUrl!, 10_000, async (admin) => (await admin.query(`select record::text as text from "${SCHEMA}".access_tokens`)).rows.map((row: { text: string }) => row.text).join('\n'))
    expect(stored).toContain('CLI')
    expect(stored).not.toContain(token)
    expect(((await member.call('/platform/profile/access-tokens')).body as { last_used_at: string | null }[])[0]!.last_used_at).not.toBeNull()

    expect((await member.call(`/platform/profile/access-tokens/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await api(server.running, '/platform/organizations', { token })).status).toBe(401)
  })
})
