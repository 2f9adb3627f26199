import * as v from 'valibot'
import { SESSION_STORAGE_KEY } from '../constants'
import { browserStorage, readStored, removeStored, writeStored } from '../lib/storage'

/** The signed-in session kept in local storage: what the bearer token of every call comes from. */
export const SessionSchema = v.object({
  accessToken: v.pipe(v.string(), v.minLength(1)),
  refreshToken: v.optional(v.string()),
  expiresAt: v.number(),
  user: v.object({ id: v.string(), email: v.string() }),
})
export type Session = v.InferOutput<typeof SessionSchema>

const listeners = new Set<() => void>()

export function getSession(): Session | null {
  const session = readStored(browserStorage('local'), SESSION_STORAGE_KEY, SessionSchema)
  if (session && session.expiresAt * 1000 <= Date.now()) {
    removeStored(browserStorage('local'), SESSION_STORAGE_KEY)
    return null
  }
  return session
}

export function getAccessToken(): string | null {
  return getSession()?.accessToken ?? null
}

export function setSession(session: Session): void {
  writeStored(browserStorage('local'), SESSION_STORAGE_KEY, session)
  listeners.forEach((listener) => listener())
}

export function clearSession(): void {
  removeStored(browserStorage('local'), SESSION_STORAGE_KEY)
  listeners.forEach((listener) => listener())
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
