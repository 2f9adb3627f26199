import { afterEach, describe, expect, it, vi } from 'vitest'
// Not a React hook (the name says it is used per test file): aliased so the hooks rule does not take it for one.
import { useNodeMockPlatform as nodeMockPlatformForThisFile } from '../../mock-platform/testing'
import { api } from '../api/client'
import { isApiError } from '../api/errors'
import { getSession, setSession } from '../api/session'
import { ACCESS_TOKEN_LIFETIME_SECONDS, DEMO_CREDENTIALS, SESSION_RENEWAL_MARGIN } from '../constants'
import { renewStoredSession, signInWithPassword } from '../features/auth/session-actions'
import { createSessionRenewal, type SessionRenewal } from './session-renewal'

/**
 * The dashboard's session renewal end to end in one page: the stored session, the renewal machine,
 * the API client and the platform's auth service (the node mock platform, in memory).
 */
const platform = nodeMockPlatformForThisFile()
let renewal: SessionRenewal | null = null
afterEach(() => {
  renewal?.stop()
  renewal = null
  platform.mock.platform.ctx.clockOffset = 0
})

function startRenewal() {
  const refreshSession = vi.fn(renewStoredSession)
  renewal = createSessionRenewal({ refreshSession })
  const ended = vi.fn()
  renewal.onEnded(ended)
  return { refreshSession, ended }
}
const readPermissions = () => api.get('/platform/profile/permissions')
const nowSeconds = () => Math.floor(Date.now() / 1000)

describe('session renewal in the page', () => {
  it('renews shortly before the access token expires, without the user noticing', async () => {
    await signInWithPassword(DEMO_CREDENTIALS)
    const signedIn = getSession()!
    expect(signedIn.refreshToken).toEqual(expect.any(String))
    // As if the hour had almost passed: one second before the renewal margin.
    setSession({ ...signedIn, expiresAt: nowSeconds() + SESSION_RENEWAL_MARGIN / 1000 + 1 })
    const { refreshSession, ended } = startRenewal()
    await vi.waitFor(() => expect(getSession()?.refreshToken).not.toBe(signedIn.refreshToken), { timeout: 5000 })
    expect(refreshSession).toHaveBeenCalledOnce()
    expect(getSession()!.expiresAt).toBeGreaterThanOrEqual(nowSeconds() + ACCESS_TOKEN_LIFETIME_SECONDS - 5)
    expect(await readPermissions()).toEqual(expect.any(Array))
    expect(ended).not.toHaveBeenCalled()
  })

  it('requests refused 401 at once share one renewal and all go through', async () => {
    await signInWithPassword(DEMO_CREDENTIALS)
    const { refreshSession } = startRenewal()
    // The platform's clock passes the hour; the page's does not know yet (a clock behind, a sleep).
    platform.mock.platform.ctx.clockOffset = (ACCESS_TOKEN_LIFETIME_SECONDS + 1) * 1000
    const answers = await Promise.all([readPermissions(), readPermissions(), api.get('/platform/organizations'), readPermissions()])
    expect(answers.every(Array.isArray)).toBe(true)
    expect(refreshSession).toHaveBeenCalledOnce()
    expect(refreshSession).toHaveBeenCalledWith({ forced: true }, expect.any(AbortSignal))
  })

  it('renews a session whose access token expired while the page was away, before the first request', async () => {
    await signInWithPassword(DEMO_CREDENTIALS)
    const stored = getSession()!
    platform.mock.platform.ctx.clockOffset = (ACCESS_TOKEN_LIFETIME_SECONDS + 1) * 1000
    setSession({ ...stored, expiresAt: nowSeconds() - 1 })
    // Still a session: its refresh token can renew it.
    expect(getSession()).not.toBeNull()
    const { refreshSession } = startRenewal()
    expect(await readPermissions()).toEqual(expect.any(Array))
    expect(refreshSession).toHaveBeenCalledOnce()
  })

  it('a session ended elsewhere: the renewal is refused, the request fails 401 and the page is told to sign out', async () => {
    await signInWithPassword(DEMO_CREDENTIALS)
    const { ended } = startRenewal()
    // Signed out everywhere from another device.
    const signOut = await fetch(`${location.origin}/api/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { authorization: `Bearer ${getSession()!.accessToken}` },
    })
    expect(signOut.status).toBe(204)
    const failure = await readPermissions().catch((error: unknown) => error)
    expect(isApiError(failure) && failure.code).toBe(401)
    expect(ended).toHaveBeenCalledOnce()
    expect(renewal!.actor.getSnapshot().value).toBe('signedOut')
  })
})
