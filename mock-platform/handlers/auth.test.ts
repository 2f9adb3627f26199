import { describe, expect, it } from 'vitest'
import { ACCESS_TOKEN_LIFETIME_SECONDS, DEMO_CREDENTIALS, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS, SESSIONS_PER_USER_LIMIT } from '../../src/constants'
import { useNodeMockPlatform } from '../testing'
import { issueAccessToken } from '../auth/access-tokens'

const platform = useNodeMockPlatform()
const { call } = platform

type TokenAnswer = { access_token: string; refresh_token: string; expires_in: number; expires_at: number; user: { id: string } }

const post = (path: string, body: unknown, token?: string) =>
  call(path, { method: 'POST', body: JSON.stringify(body), headers: token ? { authorization: `Bearer ${token}` } : {} }, false)
const signIn = async (): Promise<TokenAnswer> => (await (await post('/auth/v1/token?grant_type=password', DEMO_CREDENTIALS)).json()) as TokenAnswer
const refresh = (refreshToken: unknown) => post('/auth/v1/token?grant_type=refresh_token', { refresh_token: refreshToken })
const permissions = (token: string) => call('/platform/profile/permissions', { headers: { authorization: `Bearer ${token}` } }, false)
const logout = (token: string, scope?: string) => post(`/auth/v1/logout${scope === undefined ? '' : `?scope=${scope}`}`, {}, token)
const passTime = (ms: number) => void (platform.mock.platform.ctx.clockOffset += ms)

describe('the auth service: sessions that renew', () => {
  it('answers a sign-in with a 1-hour access token naming a session and an opaque refresh token', async () => {
    // The platform's clock in whole seconds, read on both sides of the call: the answer may cross a second.
    const platformSeconds = () => Math.floor((Date.now() + platform.mock.platform.ctx.clockOffset) / 1000)
    const before = platformSeconds()
    const answer = await signIn()
    const after = platformSeconds()
    expect(answer.expires_in).toBe(ACCESS_TOKEN_LIFETIME_SECONDS)
    expect(answer.expires_at).toBeGreaterThanOrEqual(before + ACCESS_TOKEN_LIFETIME_SECONDS)
    expect(answer.expires_at).toBeLessThanOrEqual(after + ACCESS_TOKEN_LIFETIME_SECONDS)
    expect(answer.refresh_token).toMatch(/^[\w-]{22}$/)
    const claims = JSON.parse(atob(answer.access_token.slice('mock.'.length))) as Record<string, unknown>
    expect(claims).toEqual({ sub: answer.user.id, exp: answer.expires_at, aal: 'aal1', session_id: expect.any(String) })
  })

  it(`keeps at most ${SESSIONS_PER_USER_LIMIT} sessions a user: a sign-in past that ends the oldest`, async () => {
    // Sign-ins that succeed are not counted by the served sign-in limit: each must not keep a session for ever.
    const sessions: TokenAnswer[] = []
    for (let n = 0; n <= SESSIONS_PER_USER_LIMIT; n += 1) sessions.push(await signIn())
    const [oldest, next] = sessions as [TokenAnswer, TokenAnswer]
    expect((await permissions(oldest.access_token)).status).toBe(401)
    expect(await (await refresh(oldest.refresh_token)).json()).toMatchObject({ error_code: 'refresh_token_not_found' })
    expect((await permissions(next.access_token)).status).toBe(200)
    expect((await permissions(sessions.at(-1)!.access_token)).status).toBe(200)
    await logout(sessions.at(-1)!.access_token, 'global')
  }, 60_000)

  it('keeps the wrong-password and unknown-grant answers', async () => {
    const wrong = await post('/auth/v1/token?grant_type=password', { ...DEMO_CREDENTIALS, password: 'nope' })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid login credentials' })
    const unknown = await post('/auth/v1/token?grant_type=pkce', {})
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ error: 'unsupported_grant_type' })
  })

  it('refuses a refresh without a token, with an unknown one, and with a non-string one', async () => {
    expect(await (await refresh(undefined)).json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' })
    const unknown = await refresh('never-issued')
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({ code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' })
    const notText = await refresh(42)
    expect(notText.status).toBe(400)
    expect(await notText.json()).toMatchObject({ error: 'invalid_request' })
  })

  it('rotates: each refresh swaps the token, and the new access token acts', async () => {
    const { refresh_token: first } = await signIn()
    const second = (await (await refresh(first)).json()) as TokenAnswer
    const third = (await (await refresh(second.refresh_token)).json()) as TokenAnswer
    expect(new Set([first, second.refresh_token, third.refresh_token]).size).toBe(3)
    expect((await permissions(third.access_token)).status).toBe(200)
  })

  it('answers a token swapped moments ago with the current one; later, refuses it and revokes the family', async () => {
    const { refresh_token: first } = await signIn()
    const second = (await (await refresh(first)).json()) as TokenAnswer
    passTime(REFRESH_TOKEN_REUSE_INTERVAL_SECONDS * 1000 - 1000)
    const raced = (await (await refresh(first)).json()) as TokenAnswer
    expect(raced.refresh_token).toBe(second.refresh_token)

    passTime(2000)
    const reused = await refresh(first)
    expect(reused.status).toBe(400)
    expect(await reused.json()).toEqual({ code: 400, error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' })
    expect((await refresh(second.refresh_token)).status).toBe(400)
    expect((await permissions(second.access_token)).status).toBe(401)
    const user = await call('/auth/v1/user', { headers: { authorization: `Bearer ${second.access_token}` } }, false)
    expect(user.status).toBe(403)
    expect(await user.json()).toMatchObject({ error_code: 'session_not_found' })
  })

  it('signs out by scope: local ends this session, others the rest, global all', async () => {
    const [a, b, c] = [await signIn(), await signIn(), await signIn()]
    expect((await logout(a.access_token, 'others')).status).toBe(204)
    expect((await refresh(b.refresh_token)).status).toBe(400)
    expect((await refresh(c.refresh_token)).status).toBe(400)
    const stillA = (await (await refresh(a.refresh_token)).json()) as TokenAnswer
    expect((await permissions(stillA.access_token)).status).toBe(200)

    const d = await signIn()
    expect((await logout(stillA.access_token, 'local')).status).toBe(204)
    expect((await refresh(stillA.refresh_token)).status).toBe(400)
    expect((await refresh(d.refresh_token)).status).toBe(200)

    const e = await signIn()
    const f = await signIn()
    expect((await logout(e.access_token)).status).toBe(204)
    expect(await (await refresh(f.refresh_token)).json()).toMatchObject({ error_code: 'refresh_token_not_found' })
  })

  it('refuses a sign-out without a valid token or with an unknown scope', async () => {
    expect((await logout('not-a-token')).status).toBe(401)
    const { access_token } = await signIn()
    const unknownScope = await logout(access_token, 'everyone')
    expect(unknownScope.status).toBe(400)
    expect(await unknownScope.json()).toMatchObject({ error_code: 'validation_failed' })
    // A token from before sessions (no session_id) signs out every session of its user.
    const { refresh_token } = await signIn()
    const users = (await (await call('/auth/v1/user', { headers: { authorization: `Bearer ${access_token}` } }, false)).json()) as { id: string }
    expect((await logout(issueAccessToken(users.id, 60))).status).toBe(204)
    expect((await refresh(refresh_token)).status).toBe(400)
  })

  it('lets an access token lapse after an hour of the platform clock, and a refresh brings a fresh one', async () => {
    const { access_token, refresh_token } = await signIn()
    passTime(ACCESS_TOKEN_LIFETIME_SECONDS * 1000)
    expect((await permissions(access_token)).status).toBe(401)
    const renewed = (await (await refresh(refresh_token)).json()) as TokenAnswer
    expect((await permissions(renewed.access_token)).status).toBe(200)
  })
})
