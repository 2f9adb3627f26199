import * as v from 'valibot'
import { api } from '../../api/client'
import { ApiError, isApiError } from '../../api/errors'
import { CONSENT_STORAGE_KEY, MOCK_PLATFORM_STORAGE_PREFIX, SESSION_RENEWAL_MARGIN, SIGN_UP_MESSAGE, USER_ALREADY_EXISTS_CODE } from '../../constants'
import { browserStorage } from '../../lib/storage'
import { AuthTokenSchema, AuthUserSchema, FactorChallengeSchema, type AuthUser } from '../../api/schemas'
import { clearSession, getSession, setSession } from '../../api/session'
import type { FirstFactorOutcome, ProviderSession, SecondFactorAsked, SignInCredentials } from '../../../machines/sign-in.machine'
import { normalTotpCode } from '../../lib/totp-code'
import type { RenewedSession } from '../../../machines/session-renewal.machine'
import type { SignUpCredentials } from '../../lib/sign-up'

/**
 * Password sign-in against the auth service; the session is stored for the bearer token, unless the
 * user enrolled a second factor: then its code is asked for first (the first factor's tokens are held
 * by the sign-in, never stored).
 */
export async function signInWithPassword({ email, password }: SignInCredentials): Promise<FirstFactorOutcome> {
  const answer = await api.post('/token', {
    service: 'auth',
    query: { grant_type: 'password' },
    body: { email: email.trim(), password },
    schema: AuthTokenSchema,
  })
  const asked = secondFactorOf(answer.user, { accessToken: answer.access_token, refreshToken: answer.refresh_token, expiresIn: answer.expires_in })
  if (!asked) storeSession(answer)
  return asked
}

/** The verified factor whose code a new sign-in of `user` must give, with the first factor's tokens; null when the user has none. */
function secondFactorOf(user: AuthUser, tokens: Omit<SecondFactorAsked, 'factorId' | 'factorName'>): SecondFactorAsked | null {
  const factor = user.factors.find((f) => f.status === 'verified' && f.factor_type === 'totp')
  return factor ? { ...tokens, factorId: factor.id, factorName: factor.friendly_name } : null
}

/**
 * Answers a factor's challenge with a code (GoTrue's challenge, then verify): the session is raised
 * to aal2 and the new tokens are stored. `accessToken`: the first factor's, during a sign-in; without
 * it, the stored session's (enrolling from the account's security page).
 */
export async function answerFactorChallenge({ factorId, code, accessToken }: { factorId: string; code: string; accessToken?: string }, signal?: AbortSignal): Promise<void> {
  const auth = accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {}
  const path = `/factors/${encodeURIComponent(factorId)}`
  const challenge = await api.post(`${path}/challenge`, { service: 'auth', schema: FactorChallengeSchema, signal, ...auth })
  const answer = await api.post(`${path}/verify`, { service: 'auth', body: { challenge_id: challenge.id, code: normalTotpCode(code) }, schema: AuthTokenSchema, signal, ...auth })
  storeSession(answer)
}

/** The sign-in's second step: the code of the factor asked for; the raised session is stored. */
export async function verifySecondFactor({ asked, code }: { asked: SecondFactorAsked; code: string }, signal?: AbortSignal): Promise<void> {
  await answerFactorChallenge({ factorId: asked.factorId, code, accessToken: asked.accessToken }, signal)
}

/** Back from the code step: the first factor's session ends with the auth service (nothing was stored). */
export async function abandonSecondFactor(asked: SecondFactorAsked): Promise<void> {
  await api.post('/logout', { service: 'auth', query: { scope: 'local' }, headers: { Authorization: `Bearer ${asked.accessToken}` } }).catch(() => undefined)
}

function storeSession(answer: v.InferOutput<typeof AuthTokenSchema>): void {
  setSession({
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: Math.floor(Date.now() / 1000) + answer.expires_in,
    user: { id: answer.user.id, email: answer.user.email },
  })
}

/**
 * Sign-up against the auth service (`POST {auth}/signup`); with email confirmation off it answers a
 * session, stored like a sign-in's. An address already registered gets the form's own message.
 */
export async function signUpWithPassword({ email, password }: SignUpCredentials, signal?: AbortSignal): Promise<void> {
  try {
    storeSession(await api.post('/signup', { service: 'auth', body: { email: email.trim(), password }, schema: AuthTokenSchema, signal }))
  } catch (error) {
    if (isApiError(error) && error.details.error_code === USER_ALREADY_EXISTS_CODE) throw new Error(SIGN_UP_MESSAGE.accountExists, { cause: error })
    throw error
  }
}

/** A provider sign-in came back with tokens: the auth service says whose they are, then the session is stored (or the second factor's code asked for). */
export async function completeProviderSignIn({ accessToken, refreshToken, expiresIn }: ProviderSession): Promise<FirstFactorOutcome> {
  const user = await api.get('/user', { service: 'auth', headers: { Authorization: `Bearer ${accessToken}` }, schema: AuthUserSchema })
  const asked = secondFactorOf(user, { accessToken, refreshToken, expiresIn })
  if (asked) return asked
  setSession({
    accessToken,
    refreshToken,
    expiresAt: Math.floor(Date.now() / 1000) + expiresIn,
    user: { id: user.id, email: user.email },
  })
  return null
}

/**
 * Renews the stored session with its refresh token (the auth service rotates it) and stores the
 * answer; its new expiry goes back to the renewal machine. A session another tab renewed already
 * (they share the stored session) is taken as it is, unless a request was just refused with it.
 */
export async function renewStoredSession({ forced }: { forced: boolean }, signal?: AbortSignal): Promise<RenewedSession> {
  const session = getSession()
  if (!session?.refreshToken) throw new ApiError({ message: 'There is no session to renew', code: 401 })
  if (!forced && session.expiresAt * 1000 - SESSION_RENEWAL_MARGIN > Date.now()) return { expiresAt: session.expiresAt }
  const answer = await api.post('/token', {
    service: 'auth',
    query: { grant_type: 'refresh_token' },
    body: { refresh_token: session.refreshToken },
    schema: AuthTokenSchema,
    noRenewal: true,
    signal,
  })
  // Signed out while the renewal was on its way: the answer must not bring the session back.
  if (!getSession()) throw new ApiError({ message: 'Signed out during the renewal', code: 401 })
  storeSession(answer)
  return { expiresAt: getSession()?.expiresAt ?? 0 }
}

/** Ends the session with the auth service; the local session is dropped whatever it answers. */
export async function endSession(): Promise<void> {
  try {
    // Signed out already (a /logout opened with no session): nothing to end, and the auth service
    // would answer 401 to a call without a token.
    if (getSession()) await api.post('/logout', { service: 'auth' })
  } finally {
    clearSession()
  }
}

/**
 * SPEC §4: sign-out clears local storage (the cache is cleared beside it). The cookie-consent answer
 * belongs to the browser, not the account, so it stays: the next person is not asked again. The
 * embedded mock platform's records stay too: they are the server's (accounts, organizations,
 * snippets), which a real server would keep after a sign-out.
 */
export function clearLocalStorage(storage: Storage | undefined = browserStorage('local')): void {
  try {
    if (!storage) return
    const kept = new Map<string, string>()
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key !== null && (key === CONSENT_STORAGE_KEY || key.startsWith(MOCK_PLATFORM_STORAGE_PREFIX))) kept.set(key, storage.getItem(key) ?? '')
    }
    storage.clear()
    for (const [key, value] of kept) storage.setItem(key, value)
  } catch {
    // Nothing to clear where storage is unavailable.
  }
}
