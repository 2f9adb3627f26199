import * as v from 'valibot'
import { SESSION_STORAGE_KEY } from '../constants'
import { changeListeners } from '../lib/change-listeners'
import { browserStorage, readStored, removeStored, writeStored } from '../lib/storage'

/** The signed-in session kept in local storage: what the bearer token of every call comes from. */
export const SessionSchema = v.object({
  accessToken: v.pipe(v.string(), v.minLength(1)),
  refreshToken: v.optional(v.string()),
  expiresAt: v.number(),
  user: v.object({ id: v.string(), email: v.string() }),
})
export type Session = v.InferOutput<typeof SessionSchema>

const listeners = changeListeners()

/** The stored session. One whose access token expired is gone, unless its refresh token can still renew it. */
export function getSession(): Session | null {
  const session = readStored(browserStorage('local'), SESSION_STORAGE_KEY, SessionSchema)
  if (session && !session.refreshToken && session.expiresAt * 1000 <= Date.now()) {
    removeStored(browserStorage('local'), SESSION_STORAGE_KEY)
    return null
  }
  return session
}

export function getAccessToken(): string | null {
  return getSession()?.accessToken ?? null
}

/** Whether the stored access token has expired (or is about to, within `marginMs`) and a refresh token can renew it. */
export function sessionNeedsRenewal(marginMs = 0): boolean {
  const session = getSession()
  return Boolean(session?.refreshToken) && session!.expiresAt * 1000 - marginMs <= Date.now()
}

export function setSession(session: Session): void {
  writeStored(browserStorage('local'), SESSION_STORAGE_KEY, session)
  listeners.notify()
}

export function clearSession(): void {
  removeStored(browserStorage('local'), SESSION_STORAGE_KEY)
  listeners.notify()
}

export const subscribeToSession = listeners.subscribe

/** How a renewal the client asked for ended: a new token stored, the session refused (ended), or the auth service unreachable. */
export type RenewalOutcome = 'renewed' | 'refused' | 'unavailable'

let renewer: (() => Promise<RenewalOutcome>) | null = null

/** The app's session renewal (src/app/session-renewal.ts) registers here; the client asks it for a fresh token. */
export function setSessionRenewer(renew: () => Promise<RenewalOutcome>): () => void {
  renewer = renew
  return () => {
    if (renewer === renew) renewer = null
  }
}

/** Asks for the stored session to be renewed now; without a renewal running there is nothing to renew. */
export function renewSession(): Promise<RenewalOutcome> {
  return renewer ? renewer() : Promise.resolve('refused')
}
