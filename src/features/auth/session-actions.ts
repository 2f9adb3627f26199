import { api } from '../../api/client'
import { AuthTokenSchema } from '../../api/schemas'
import { clearSession, setSession } from '../../api/session'
import type { SignInCredentials } from '../../../machines/sign-in.machine'

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

/** Ends the session with the auth service; the local session is dropped whatever it answers. */
export async function endSession(): Promise<void> {
  try {
    await api.post('/logout', { service: 'auth' })
  } finally {
    clearSession()
  }
}

/** SPEC §4: sign-out clears local storage (the cache is cleared beside it). */
export function clearLocalStorage(): void {
  try {
    localStorage.clear()
  } catch {
    // Nothing to clear where storage is unavailable.
  }
}
