import { CONSENT_STORAGE_KEY, TELEMETRY_COOKIE } from '../constants'
import * as v from 'valibot'
import { browserStorage, readStored, writeStored } from './storage'

export type ConsentDecision = 'accepted' | 'denied'

/**
 * The stored consent decision, or null while the user has not decided. The texts 'true' and 'false'
 * are JSON booleans, so the shared reader applies: anything else is discarded with a warning, and
 * the toast asks again.
 */
export function readConsentDecision(storage: Storage | undefined = browserStorage('local')): ConsentDecision | null {
  const accepted = readStored(storage, CONSENT_STORAGE_KEY, v.boolean())
  return accepted === null ? null : accepted ? 'accepted' : 'denied'
}

export function writeConsentDecision(decision: ConsentDecision, storage: Storage | undefined = browserStorage('local')): void {
  writeStored(storage, CONSENT_STORAGE_KEY, decision === 'accepted')
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
