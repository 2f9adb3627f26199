/**
 * Two-factor sign-in served (issue 52): the factor is kept in the records' PostgreSQL, the served
 * tokens are signed and carry their level, a first factor alone reaches only the factor calls, and
 * a forged level does not pass the signature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOTP } from '../../src/constants'
import { totpCode } from '../auth/totp-factors'
import { withAdmin } from '../postgres/server-tenancy'
import { api, apiAs, signIn, signUp, startTestServer, type TestServer } from './testing'

const databaseUrl = process.env['DATABASE_URL']
const PREFIX = 'studio_totp_test_'
const SCHEMA = `studio_totp_test_platform_${process.pid}`
const EMAIL = `totp-${process.pid}@example.com`
const PASSWORD = 'amber-Kettle-52-orchard!violin'

type Session = { access_token: string; refresh_token: string }

describe.runIf(databaseUrl)('two-factor sign-in, served', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(PREFIX, SCHEMA)
  }, 120_000)
  afterAll(() => server?.stop(), 60_000)

  it('keeps the factor in PostgreSQL and lets a guarded account act only after its code', async () => {
    const first = apiAs(server.running, await signUp(server.running, EMAIL, PASSWORD))
    const enrolled = await first.call('/auth/v1/factors', { method: 'POST', body: { factor_type: 'totp', friendly_name: 'Phone' } })
    expect(enrolled.status).toBe(200)
    const { id, totp } = enrolled.body as { id: string; totp: { secret: string } }
    const answer = async (token: string, code: string) => {
      const challenge = await api<{ id: string }>(server.running, `/auth/v1/factors/${id}/challenge`, { method: 'POST', token })
      return api<Session>(server.running, `/auth/v1/factors/${id}/verify`, { method: 'POST', token, body: { challenge_id: challenge.body.id, code } })
    }
    const firstToken = (await signIn(server.running, { email: EMAIL, password: PASSWORD })).access_token
    expect((await answer(firstToken, totpCode(totp.secret, Date.now()))).status).toBe(200)

    const kept = await withAdmin(databaseUrl!, 10_000, async (admin) =>
      (await admin.query<{ record: { totpFactors: { id: string; status: string; secret: string }[] } }>(`select record from ${SCHEMA}.users where record->>'email' = $1`, [EMAIL])).rows[0]?.record,
    )
    expect(kept?.totpFactors).toEqual([expect.objectContaining({ id, status: 'verified', secret: totp.secret })])

    const session = await signIn(server.running, { email: EMAIL, password: PASSWORD })
    expect((await api(server.running, '/platform/organizations', { token: session.access_token })).status).toBe(401)
    // A token whose level is rewritten to aal2 is no longer the platform's signature.
    const [body, signature] = [session.access_token.slice(0, session.access_token.lastIndexOf('.')), session.access_token.slice(session.access_token.lastIndexOf('.') + 1)]
    const payload = JSON.parse(atob(body.slice('mock.'.length))) as Record<string, unknown>
    const forged = `mock.${btoa(JSON.stringify({ ...payload, aal: 'aal2' })).replace(/=+$/, '')}.${signature}`
    expect((await api(server.running, '/platform/organizations', { token: forged })).status).toBe(401)

    const raised = await answer(session.access_token, totpCode(totp.secret, Date.now() + TOTP.periodSeconds * 1000))
    expect(raised.status).toBe(200)
    expect((await api(server.running, '/platform/organizations', { token: raised.body.access_token })).status).toBe(200)
    // Renewed (served refresh tokens are kept as digests), the session stays at aal2.
    const renewed = await api<Session>(server.running, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: raised.body.refresh_token } })
    expect(renewed.status).toBe(200)
    expect((await api(server.running, '/platform/organizations', { token: renewed.body.access_token })).status).toBe(200)
  }, 60_000)
})
