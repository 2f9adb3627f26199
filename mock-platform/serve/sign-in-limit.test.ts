import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../../src/constants'
import { createSignInLimit } from './sign-in-limit'
import { requestFrom, signInFrom, useServedStudio } from './testing'

const databaseUrl = process.env['DATABASE_URL']
const LIMIT = 3
/** Another account of the demo world with the demo password, in no organization. */
const NEWCOMER = { email: 'newcomer@example.com', password: DEMO_CREDENTIALS.password }
const wrong = (email: string) => ({ email, password: 'not-the-password' })

describe('the sign-in limit, unit', () => {
  const signIn = (email: string) =>
    new Request('http://localhost/api/auth/v1/token?grant_type=password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'guess' }) })
  const refused = new Response(null, { status: 400 })

  it('lets no more guesses through than the limit when they are sent all at once', async () => {
    const limit = createSignInLimit({ attempts: LIMIT, windowMs: 60_000 })
    // All asked before any is answered, as a burst of parallel requests would be.
    const screens = Array.from({ length: 10 }, () => limit.screen('10.0.0.1'))
    const verdicts = await Promise.all(screens.map((screen) => screen.before(signIn('demo@example.com'))))
    expect(verdicts.map((verdict) => verdict?.status ?? 'checked')).toEqual([...Array.from({ length: LIMIT }, () => 'checked'), ...Array.from({ length: 10 - LIMIT }, () => 429)])
    screens.slice(0, LIMIT).forEach((screen) => screen.after(signIn('demo@example.com'), refused))
    expect((await limit.screen('10.0.0.2').before(signIn(' Demo@Example.com ')))?.status).toBe(429)
  })

  it('neither counts nor refuses any other request', async () => {
    const limit = createSignInLimit({ attempts: 1, windowMs: 60_000 })
    const refresh = new Request('http://localhost/api/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: '{"refresh_token":"x"}' })
    for (let n = 0; n < 3; n += 1) {
      const screen = limit.screen('10.0.0.1')
      expect(await screen.before(refresh)).toBeNull()
      screen.after(refresh, refused)
    }
    expect(await limit.screen('10.0.0.1').before(signIn('demo@example.com'))).toBeNull()
  })
})

describe.runIf(databaseUrl)('the served sign-in limit', () => {
  const served = useServedStudio('sign_in_limit', { signInLimit: { attempts: LIMIT, windowMs: 60_000 } })
  const url = () => served.server.url

  it('counts only failed sign-ins: the right password signs in again and again', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < LIMIT + 3; attempt += 1) statuses.push((await signInFrom('127.0.0.2', url())).status)
    expect(statuses).toEqual(Array.from({ length: LIMIT + 3 }, () => 200))
  })

  it('locks out the address and the account after the failed sign-ins, with Retry-After; the refresh grant is never refused', async () => {
    // A session of the demo account begun before the lockout, from the address about to be locked out.
    const session = JSON.parse((await signInFrom('127.0.0.3', url())).text) as { refresh_token: string }

    const failures: number[] = []
    for (let attempt = 0; attempt < LIMIT; attempt += 1) failures.push((await signInFrom('127.0.0.3', url(), wrong(DEMO_CREDENTIALS.email))).status)
    expect(failures).toEqual([400, 400, 400])

    // The locked-out address: even the right password is refused, for any account.
    const locked = await signInFrom('127.0.0.3', url())
    expect(locked.status).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    expect(JSON.parse(locked.text)).toMatchObject({ error_code: 'over_request_rate_limit' })
    expect((await signInFrom('127.0.0.3', url(), NEWCOMER)).status).toBe(429)
    // Nor by another spelling of the path that the auth handler answers all the same (any prefix, any case, a trailing slash).
    for (const path of ['/api//auth/v1/token', '/api/auth/v1/Token/', '/api/platform/auth/v1/token']) {
      const spelled = await requestFrom('127.0.0.3', `${url()}${path}?grant_type=password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CREDENTIALS) })
      expect(spelled.status, path).toBe(429)
    }

    // The locked-out account, from an address that failed nothing: refused; another account from there is answered.
    expect((await signInFrom('127.0.0.4', url())).status).toBe(429)
    expect((await signInFrom('127.0.0.4', url(), NEWCOMER)).status).toBe(200)

    // The signed-in user's renewals, from the locked-out address, go on (each swaps the refresh token).
    let refreshToken = session.refresh_token
    for (let renewal = 0; renewal < LIMIT + 2; renewal += 1) {
      const renewed = await requestFrom('127.0.0.3', `${url()}/api/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      })
      expect(renewed.status, `renewal ${renewal + 1}`).toBe(200)
      refreshToken = (JSON.parse(renewed.text) as { refresh_token: string }).refresh_token
    }
  })

  it('counts an unknown account per address too', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect((await signInFrom('127.0.0.5', url(), wrong(`nobody-${attempt}@example.com`))).status).toBe(400)
    }
    expect((await signInFrom('127.0.0.5', url(), NEWCOMER)).status).toBe(429)
  })
})
