import { CONSENT_STORAGE_KEY, TELEMETRY_COOKIE } from '../constants'
import { browserStorage } from './storage'

export type ConsentDecision = 'accepted' | 'denied'

/**
 * The stored consent decision, or null while the user has not decided. Anything other than the
 * texts 'true' and 'false' is discarded with a warning, so the toast asks again.
 */
export function readConsentDecision(storage: Storage | undefined = browserStorage('local')): ConsentDecision | null {
  let raw: string | null = null
  try {
    raw = storage?.getItem(CONSENT_STORAGE_KEY) ?? null
  } catch {
    return null
  }
  if (raw === 'true') return 'accepted'
  if (raw === 'false') return 'denied'
  if (raw !== null) {
    console.warn(`Discarded invalid "${CONSENT_STORAGE_KEY}" in browser storage: expected true or false`)
    try {
      storage?.removeItem(CONSENT_STORAGE_KEY)
    } catch {
      // Nothing to remove where storage cannot be written.
    }
  }
  return null
}

export function writeConsentDecision(decision: ConsentDecision, storage: Storage | undefined = browserStorage('local')): void {
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, decision === 'accepted' ? 'true' : 'false')
  } catch (error) {
    console.warn(`Could not write "${CONSENT_STORAGE_KEY}" to browser storage`, error)
  }
}

/** Telemetry is sent only with consent (PLATFORM-API §12). */
export function hasTelemetryConsent(storage?: Storage): boolean {
  return readConsentDecision(storage) === 'accepted'
}

/** The anonymous telemetry id from its cookie, if one is set. */
export function readTelemetryId(cookies: string = globalThis.document?.cookie ?? ''): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === TELEMETRY_COOKIE) return decodeURIComponent(value.join('='))
  }
  return null
}

const YEAR_SECONDS = 365 * 24 * 60 * 60

/** Accepting sets the anonymous id cookie (kept a year); denying deletes it (SPEC §4). */
export function setTelemetryCookie(id: string): void {
  if (globalThis.document) document.cookie = `${TELEMETRY_COOKIE}=${encodeURIComponent(id)}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`
}

export function deleteTelemetryCookie(): void {
  if (globalThis.document) document.cookie = `${TELEMETRY_COOKIE}=; path=/; max-age=0; samesite=lax`
}
