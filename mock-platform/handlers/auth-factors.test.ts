import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, TOTP } from '../../src/constants'
import { totpCode } from '../auth/totp-factors'
import { useNodeMockPlatform } from '../testing'

const platform = useNodeMockPlatform()
const { call } = platform

type TokenAnswer = { access_token: string; refresh_token: string; user: { id: string; factors: { id: string; status: string; friendly_name: string }[] } }
type Enrolment = { id: string; type: string; friendly_name: string; totp: { secret: string; uri: string } }

const send = (method: string, path: string, token: string, body?: unknown) =>
  call(path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { authorization: `Bearer ${token}` } }, false)
const signIn = async (): Promise<TokenAnswer> =>
  (await (await call('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify(DEMO_CREDENTIALS) }, false)).json()) as TokenAnswer
const now = () => Date.now() + platform.mock.platform.ctx.clockOffset
/** The next step's code: time moves on a step, as a person waits for the app's next code. */
const nextCode = (secret: string) => {
  platform.mock.platform.ctx.clockOffset += TOTP.periodSeconds * 1000
  return totpCode(secret, now())
}
const claimsOf = (token: string) => JSON.parse(atob(token.slice('mock.'.length))) as { aal: string }
const platformRead = (token: string) => send('GET', '/platform/profile/permissions', token)
async function challenge(token: string, factorId: string): Promise<string> {
  const answer = await send('POST', `/auth/v1/factors/${factorId}/challenge`, token)
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { id: string }).id
}
const verify = async (token: string, factorId: string, code: string, challengeId?: string) =>
  send('POST', `/auth/v1/factors/${factorId}/verify`, token, { challenge_id: challengeId ?? (await challenge(token, factorId)), code })

describe('two-factor sign-in with TOTP (GoTrue-shaped factors)', () => {
  let secret = ''
  let factorId = ''

  it('enrols a factor at aal1 (no factor yet), verifies it with a right code, and raises the session to aal2 with new tokens', async () => {
    const first = await signIn()
    const enrolled = await send('POST', '/auth/v1/factors', first.access_token, { factor_type: 'totp', friendly_name: 'Phone' })
    expect(enrolled.status).toBe(200)
    const enrolment = (await enrolled.json()) as Enrolment
    ;({ secret } = enrolment.totp)
    factorId = enrolment.id
    expect(enrolment).toMatchObject({ type: 'totp', friendly_name: 'Phone' })
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(enrolment.totp.uri).toBe(`otpauth://totp/${TOTP.issuer}:${encodeURIComponent(DEMO_CREDENTIALS.email)}?issuer=${TOTP.issuer}&secret=${secret}&algorithm=SHA1&digits=6&period=30`)
    // Unverified, it changes nothing: the first factor still acts.
    expect((await platformRead(first.access_token)).status).toBe(200)

    const wrong = await verify(first.access_token, factorId, '000000' === totpCode(secret, now()) ? '111111' : '000000')
    expect(wrong.status).toBe(422)
    expect(await wrong.json()).toMatchObject({ error_code: 'mfa_verification_failed' })

    const right = await verify(first.access_token, factorId, totpCode(secret, now()))
    expect(right.status).toBe(200)
    const raised = (await right.json()) as TokenAnswer
    expect(claimsOf(raised.access_token).aal).toBe('aal2')
    expect(raised.user.factors).toEqual([expect.objectContaining({ id: factorId, status: 'verified', friendly_name: 'Phone' })])
    expect(JSON.stringify(raised.user)).not.toContain(secret)
    expect((await platformRead(raised.access_token)).status).toBe(200)
    // The first factor's tokens no longer act on the platform, and its refresh token no longer renews.
    expect((await platformRead(first.access_token)).status).toBe(401)
    const oldRefresh = await call('/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: first.refresh_token }) }, false)
    expect(oldRefresh.status).toBe(400)
    // A renewal keeps the level.
    const renewed = await call('/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: raised.refresh_token }) }, false)
    expect(claimsOf(((await renewed.json()) as TokenAnswer).access_token).aal).toBe('aal2')
    // The account's own audit log names it.
    const audit = (await (await send('GET', '/platform/profile/audit', raised.access_token)).json()) as { result: { action: { name: string } }[] }
    expect(audit.result.map((e) => e.action.name)).toContain('Enrolled a second factor')
  })

  it('asks a new sign-in for the code: aal1 reads who it is and reaches the factor calls, nothing else', async () => {
    const session = await signIn()
    expect(claimsOf(session.access_token).aal).toBe('aal1')
    expect(session.user.factors).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })])
    expect((await platformRead(session.access_token)).status).toBe(401)
    expect((await send('GET', '/platform/organizations', session.access_token)).status).toBe(401)
    expect((await send('GET', '/auth/v1/user', session.access_token)).status).toBe(200)
    // What a second factor guards: another factor, removing this one.
    expect(await (await send('POST', '/auth/v1/factors', session.access_token, { factor_type: 'totp' })).json()).toMatchObject({ error_code: 'insufficient_aal' })
    expect((await send('DELETE', `/auth/v1/factors/${factorId}`, session.access_token)).status).toBe(403)

    const code = nextCode(secret)
    const raised = await verify(session.access_token, factorId, code)
    expect(raised.status).toBe(200)
    // The same code is good once, even with a new challenge.
    const again = await signIn()
    expect(await (await verify(again.access_token, factorId, code)).json()).toMatchObject({ error_code: 'mfa_verification_failed' })
  })

  it('refuses an expired or unknown challenge', async () => {
    const session = await signIn()
    const challengeId = await challenge(session.access_token, factorId)
    platform.mock.platform.ctx.clockOffset += (TOTP.challengeSeconds + 1) * 1000
    expect(await (await verify(session.access_token, factorId, totpCode(secret, now()), challengeId)).json()).toMatchObject({ error_code: 'mfa_challenge_expired' })
    expect(await (await verify(session.access_token, factorId, totpCode(secret, now()), 'made-up')).json()).toMatchObject({ error_code: 'mfa_challenge_expired' })
  })

  it(`counts wrong codes: guesses sent all at once get ${TOTP.failedCodes.attempts} tries, then even the right code waits`, async () => {
    const session = await signIn()
    const challengeId = await challenge(session.access_token, factorId)
    const right = totpCode(secret, now())
    const wrongCodes = Array.from({ length: 20 }, (_, i) => String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0'))
    const answers = await Promise.all(wrongCodes.map((code) => verify(session.access_token, factorId, code, challengeId)))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 422)).toHaveLength(TOTP.failedCodes.attempts)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - TOTP.failedCodes.attempts)
    const locked = await verify(session.access_token, factorId, right, challengeId)
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    platform.mock.platform.ctx.clockOffset += TOTP.failedCodes.windowMs
    expect((await verify(session.access_token, factorId, totpCode(secret, now()))).status).toBe(200)
  })

  it('removes the factor at aal2; then a password alone acts again', async () => {
    const session = await signIn()
    const raised = (await (await verify(session.access_token, factorId, nextCode(secret))).json()) as TokenAnswer
    expect((await send('DELETE', `/auth/v1/factors/${factorId}`, raised.access_token)).status).toBe(200)
    expect((await send('DELETE', `/auth/v1/factors/${factorId}`, raised.access_token)).status).toBe(404)
    const plain = await signIn()
    expect(plain.user.factors).toEqual([])
    expect((await platformRead(plain.access_token)).status).toBe(200)
  })

  it('refuses calls without a session token, a factor of someone else, and a type other than TOTP', async () => {
    const session = await signIn()
    expect((await send('POST', '/auth/v1/factors', 'nonsense', { factor_type: 'totp' })).status).toBe(401)
    expect(await (await send('POST', '/auth/v1/factors', session.access_token, { factor_type: 'phone' })).json()).toMatchObject({ error_code: 'validation_failed' })
    const other = (await (
      await call('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: 'newcomer@example.com', password: DEMO_CREDENTIALS.password }) }, false)
    ).json()) as TokenAnswer
    const theirs = (await (await send('POST', '/auth/v1/factors', other.access_token, { factor_type: 'totp' })).json()) as Enrolment
    expect(theirs.friendly_name).toBe(TOTP.defaultName)
    expect((await send('POST', `/auth/v1/factors/${theirs.id}/challenge`, session.access_token)).status).toBe(404)
    expect((await send('DELETE', `/auth/v1/factors/${theirs.id}`, session.access_token)).status).toBe(404)
  })
})
