import { api } from '../../api/client'
import { CONSENT_STORAGE_KEY } from '../../constants'
import { browserStorage } from '../../lib/storage'
import { AuthTokenSchema, AuthUserSchema } from '../../api/schemas'
import { clearSession, setSession } from '../../api/session'
import type { ProviderSession, SignInCredentials } from '../../../machines/sign-in.machine'

/** Password sign-in against the auth service; the session is stored for the bearer token. */
export async function signInWithPassword({ email, password }: SignInCredentials): Promise<void> {
  const answer = await api.post('/token', {
    service: 'auth',
    query: { grant_type: 'password' },
    body: { email: email.trim(), password },
    schema: AuthTokenSchema,
  })
  setSession({
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: Math.floor(Date.now() / 1000) + answer.expires_in,
    user: { id: answer.user.id, email: answer.user.email },
  })
}

/** A provider sign-in came back with tokens: the auth service says whose they are, then the session is stored. */
export async function completeProviderSignIn({ accessToken, refreshToken, expiresIn }: ProviderSession): Promise<void> {
  const user = await api.get('/user', { service: 'auth', headers: { Authorization: `Bearer ${accessToken}` }, schema: AuthUserSchema })
  setSession({
    accessToken,
    refreshToken,
    expiresAt: Math.floor(Date.now() / 1000) + expiresIn,
    user: { id: user.id, email: user.email },
  })
}

/** Ends the session with the auth service; the local session is dropped whatever it answers. */
export async function endSession(): Promise<void> {
  try {
    await api.post('/logout', { service: 'auth' })
  } finally {
    clearSession()
  }
}

/**
 * SPEC §4: sign-out clears local storage (the cache is cleared beside it). The cookie-consent answer
 * belongs to the browser, not the account, so it stays: the next person is not asked again.
 */
export function clearLocalStorage(storage: Storage | undefined = browserStorage('local')): void {
  try {
    const consent = storage?.getItem(CONSENT_STORAGE_KEY) ?? null
    storage?.clear()
    if (consent !== null) storage?.setItem(CONSENT_STORAGE_KEY, consent)
  } catch {
    // Nothing to clear where storage is unavailable.
  }
}
