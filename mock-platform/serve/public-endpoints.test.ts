import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, KEPT_REPORTS_LIMIT, PASSWORD_MESSAGE, PASSWORD_RULES, PG_META_HEADERS, REPORT_BODY_LIMIT_BYTES } from '../../src/constants'
import { issueAccessToken } from '../auth/access-tokens'
import { PUBLIC_BODY_LIMIT_BYTES, PUBLIC_CALL_LIMITS } from './constants'
import { requestFrom, useServedStudio } from './testing'

const databaseUrl = process.env['DATABASE_URL']
const MB = 1024 * 1024

/** Every call the served platform answers without a session that takes a body (sessions-required.test.ts lists them all). */
const PUBLIC_POSTS = [
  '/api/auth/v1/token?grant_type=password',
  '/api/auth/v1/token?grant_type=refresh_token',
  '/api/auth/v1/signup',
  '/api/auth/v1/callback',
  '/api/platform/profile/password-check',
  '/api/platform/telemetry/event',
  '/api/platform/error-reports',
  '/api/mock/echo',
]

describe.runIf(databaseUrl)('what the served platform takes and keeps from callers without a session', () => {
  // The default body limit (50 MB): what refuses below is the limit for callers without a session.
  const served = useServedStudio('public_endpoints')
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${served.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
  const tokenOfDemo = () => {
    const demo = served.server.platform.db.users.findFirst((q) => q.where({ email: DEMO_CREDENTIALS.email }))!
    return issueAccessToken(demo.id, 600, served.server.platform.ctx.tokenSigning)
  }

  it('refuses an 8 MB error report without a session (413) and keeps nothing of it', async () => {
    const kept = served.server.platform.records.errorReports.length
    const answer = await post('/api/platform/error-reports', JSON.stringify({ id: 'big', message: 'x'.repeat(8 * MB), tags: {} }))
    expect(answer.status).toBe(413)
    expect(await answer.json()).toEqual({ message: `Request body too large (over ${PUBLIC_BODY_LIMIT_BYTES} bytes)` })
    expect(served.server.platform.records.errorReports).toHaveLength(kept)
  })

  it('refuses a body over the limit without a session on every call that needs none, and on those that need one', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(PUBLIC_BODY_LIMIT_BYTES) })
    for (const path of [...PUBLIC_POSTS, '/api/platform/pg-meta/abcdefghijklmnopqrst/query']) {
      expect((await post(path, body)).status, path).toBe(413)
    }
    // A token that is not the server's is no session.
    expect((await post('/api/platform/error-reports', body, { authorization: 'Bearer mock.eyJzdWIiOiJ4IiwiZXhwIjo5OTk5OTk5OTk5fQ' })).status).toBe(413)
  })

  it('takes large bodies from a signed-in caller where they belong (SQL)', async () => {
    const auth = { authorization: `Bearer ${tokenOfDemo()}` }
    const { projects } = (await (await fetch(`${served.server.url}/api/platform/organizations/acme-corp/projects`, { headers: auth })).json()) as { projects: { ref: string; status: string }[] }
    const ref = projects.find((p) => p.status === 'ACTIVE_HEALTHY')!.ref
    const { connectionString } = (await (await fetch(`${served.server.url}/api/platform/projects/${ref}`, { headers: auth })).json()) as { connectionString: string }
    const text = 'x'.repeat(MB)
    const answer = await post(`/api/platform/pg-meta/${ref}/query`, JSON.stringify({ query: `select length('${text}') as size` }), { ...auth, [PG_META_HEADERS.connection]: connectionString })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual([{ size: MB }])
  }, 60_000)

  it('holds the calls that need no session to the small limit even for a signed-in caller', async () => {
    const auth = { authorization: `Bearer ${tokenOfDemo()}` }
    const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(PUBLIC_BODY_LIMIT_BYTES) })
    for (const path of PUBLIC_POSTS) expect((await post(path, body, auth)).status, path).toBe(413)
    expect((await post('/api//auth/v1/signup/', body, auth)).status).toBe(413)
  })

  it('refuses a report over its own limit from a signed-in caller too', async () => {
    const auth = { authorization: `Bearer ${tokenOfDemo()}` }
    const report = JSON.stringify({ id: 'big', message: 'x'.repeat(REPORT_BODY_LIMIT_BYTES), tags: {} })
    expect((await post('/api/platform/error-reports', report, auth)).status).toBe(413)
    expect((await post('/api/platform/telemetry/event', JSON.stringify({ action: 'x'.repeat(REPORT_BODY_LIMIT_BYTES) }), auth)).status).toBe(413)
  })

  it('keeps only the newest error reports and telemetry events', async () => {
    const { records } = served.server.platform
    // Signed in, so more than an address may send without a session: what is kept is bounded all the same.
    const auth = { authorization: `Bearer ${tokenOfDemo()}` }
    for (let n = 0; n < KEPT_REPORTS_LIMIT + 5; n += 1) {
      expect((await post('/api/platform/error-reports', JSON.stringify({ id: `report-${n}`, message: 'boom', tags: {} }), auth)).status).toBe(201)
      expect((await post('/api/platform/telemetry/event', JSON.stringify({ action: `event-${n}` }), auth)).status).toBe(201)
    }
    expect(records.errorReports).toHaveLength(KEPT_REPORTS_LIMIT)
    expect(records.errorReports.at(-1)).toMatchObject({ id: `report-${KEPT_REPORTS_LIMIT + 4}` })
    expect(records.errorReports[0]).toMatchObject({ id: 'report-5' })
    expect(records.telemetry).toHaveLength(KEPT_REPORTS_LIMIT)
    expect(records.telemetry.at(-1)).toMatchObject({ action: `event-${KEPT_REPORTS_LIMIT + 4}` })
  }, 60_000)

  it('counts the calls that need no session per address, when made without one', async () => {
    const auth = { authorization: `Bearer ${tokenOfDemo()}` }
    for (const { call, attempts } of PUBLIC_CALL_LIMITS) {
      const path = `/api${call}`
      const body = path.endsWith('password-check') ? JSON.stringify({ password: 'correct horse' }) : '{}'
      const from = (address: string, headers: Record<string, string> = {}) =>
        requestFrom(address, `${served.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
      const statuses = new Set<number>()
      for (let n = 0; n < attempts; n += 1) statuses.add((await from('127.0.0.6')).status)
      expect([...statuses].some((status) => status === 429), path).toBe(false)
      const refused = await from('127.0.0.6')
      expect(refused.status, path).toBe(429)
      expect(Number(refused.headers['retry-after']), path).toBeGreaterThan(0)
      // Nor by another spelling of the path that the handler answers all the same (any prefix, any case, a trailing slash).
      for (const spelled of [`/api/x${call}`, `/api${call.toUpperCase()}/`]) {
        const answer = await requestFrom('127.0.0.6', `${served.server.url}${spelled}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        expect(answer.status, spelled).toBe(429)
      }
      // Another address has its own count; a signed-in caller is not counted.
      expect((await from('127.0.0.7')).status, path).not.toBe(429)
      expect((await from('127.0.0.6', auth)).status, path).not.toBe(429)
    }
  }, 120_000)

  it('scores no password longer than the rule allows (each costs the server up to 2.5 s of CPU)', async () => {
    const answer = await post('/api/platform/profile/password-check', JSON.stringify({ password: 'x'.repeat(PASSWORD_RULES.maxLength + 1) }))
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ message: PASSWORD_MESSAGE.tooLong })
  })
})
