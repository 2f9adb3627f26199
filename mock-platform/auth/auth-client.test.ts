/**
 * The official auth client (@supabase/auth-js) against the platform's auth service over real HTTP,
 * unsigned as the embedded mock issues tokens and HMAC-signed as `npm run serve` does.
 */
import { AuthClient, type Session } from '@supabase/auth-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS } from '../../src/constants'
import { startMockPlatformServer } from '../server'
import { hmacTokenSigning } from '../serve/secret'

/** A password the platform's strength rule takes. */
const STRONG_PASSWORD = 'violet-harbour-lantern-1987-quartz'

describe.each([
  { mode: 'unsigned tokens (embedded)', signing: null },
  { mode: 'signed tokens (served)', signing: hmacTokenSigning('s'.repeat(43)) },
])('@supabase/auth-js against the auth service, $mode', ({ signing }) => {
  let running: Awaited<ReturnType<typeof startMockPlatformServer>>
  beforeAll(async () => {
    running = await startMockPlatformServer({ port: 0, tokenSigning: signing })
  })
  afterAll(() => running.close())

  /** A client as an app would make one, its session in memory; no timers (the test renews by hand). */
  function authClient() {
    const kept = new Map<string, string>()
    return new AuthClient({
      url: `${running.url}/auth/v1`,
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
      storage: { getItem: (key) => kept.get(key) ?? null, setItem: (key, value) => void kept.set(key, value), removeItem: (key) => void kept.delete(key) },
    })
  }
  const platformGet = (path: string, accessToken: string) => fetch(`${running.url}${path}`, { headers: { authorization: `Bearer ${accessToken}` } })
  /** Lets the platform's clock run past the refresh-token reuse interval. */
  const passReuseInterval = () => void (running.platform.ctx.clockOffset += (REFRESH_TOKEN_REUSE_INTERVAL_SECONDS + 1) * 1000)

  it('signs up a new account, and its session reaches the platform', async () => {
    const client = authClient()
    const email = `auth-js-${crypto.randomUUID().slice(0, 8)}@example.com`
    const { data, error } = await client.signUp({ email, password: STRONG_PASSWORD })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.session?.refresh_token).toEqual(expect.any(String))
    expect(data.session?.expires_in).toBe(3600)
    expect((await platformGet('/platform/profile/permissions', data.session!.access_token)).status).toBe(200)

    const again = await authClient().signUp({ email, password: STRONG_PASSWORD })
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' })
  })

  it('refuses a wrong password with 400 "Invalid login credentials"', async () => {
    const { data, error } = await authClient().signInWithPassword({ email: DEMO_CREDENTIALS.email, password: 'not-the-password' })
    expect(data.session).toBeNull()
    expect(error).toMatchObject({ status: 400, message: 'Invalid login credentials' })
  })

  it('signs in, reads the user, refreshes with a rotated token; a reused token is refused and revokes the family', async () => {
    const client = authClient()
    const signedIn = await client.signInWithPassword(DEMO_CREDENTIALS)
    expect(signedIn.error).toBeNull()
    const first = signedIn.data.session!
    expect(first.expires_at! - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590)

    const user = await client.getUser()
    expect(user.error).toBeNull()
    expect(user.data.user?.email).toBe(DEMO_CREDENTIALS.email)

    const refreshed = await client.refreshSession()
    expect(refreshed.error).toBeNull()
    const second = refreshed.data.session!
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect((await platformGet('/platform/profile/permissions', second.access_token)).status).toBe(200)
    expect((await client.getUser()).data.user?.id).toBe(user.data.user?.id)

    // Within the reuse interval (two tabs renewing at once) the swapped token answers the current one.
    const raced = await authClient().refreshSession({ refresh_token: first.refresh_token })
    expect(raced.error).toBeNull()
    expect(raced.data.session?.refresh_token).toBe(second.refresh_token)

    passReuseInterval()
    const reused = await authClient().refreshSession({ refresh_token: first.refresh_token })
    expect(reused.data.session).toBeNull()
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' })
    // The whole family is revoked: the current refresh token too, and the session's access tokens.
    const afterReuse = await authClient().refreshSession({ refresh_token: second.refresh_token })
    expect(afterReuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' })
    expect((await platformGet('/platform/profile/permissions', second.access_token)).status).toBe(401)
  })

  it('signs out: the refresh token is refused and the access token no longer acts', async () => {
    const client = authClient()
    const session: Session = (await client.signInWithPassword(DEMO_CREDENTIALS)).data.session!
    const elsewhere: Session = (await authClient().signInWithPassword(DEMO_CREDENTIALS)).data.session!

    expect((await client.signOut({ scope: 'local' })).error).toBeNull()
    expect((await client.getSession()).data.session).toBeNull()
    const refused = await authClient().refreshSession({ refresh_token: session.refresh_token })
    expect(refused.error).toMatchObject({ status: 400, code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' })
    expect((await platformGet('/platform/profile/permissions', session.access_token)).status).toBe(401)
    const gone = await authClient().getUser(session.access_token)
    expect(gone.error).toMatchObject({ name: 'AuthSessionMissingError' })

    // A local sign-out leaves the user's other sessions alone; a global one ends them all.
    const other = authClient()
    const renewed = await other.refreshSession({ refresh_token: elsewhere.refresh_token })
    expect(renewed.error).toBeNull()
    expect((await other.signOut()).error).toBeNull()
    expect((await authClient().refreshSession({ refresh_token: renewed.data.session!.refresh_token })).error).toMatchObject({ code: 'refresh_token_not_found' })
  })

  it('renews a session whose access token has expired', async () => {
    const client = authClient()
    const session = (await client.signInWithPassword(DEMO_CREDENTIALS)).data.session!
    running.platform.ctx.clockOffset += 3601 * 1000
    expect((await platformGet('/platform/profile/permissions', session.access_token)).status).toBe(401)
    const renewed = await client.refreshSession()
    expect(renewed.error).toBeNull()
    expect((await platformGet('/platform/profile/permissions', renewed.data.session!.access_token)).status).toBe(200)
  })
})
