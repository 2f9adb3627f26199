import { Secret, TOTP as Totp } from 'otpauth'
import { TOTP } from '../../src/constants'
import type { TotpFactor } from '../records/db'

/**
 * A user's TOTP factors, as GoTrue keeps them: enrolled unverified with a fresh secret, verified by
 * the first right code, each step's code good once (`last_used_step`). Wrong codes are counted per
 * factor (`failures`), so six digits cannot be guessed by asking quickly. The secret has to be read
 * back to check a code, so it is kept as it is (as GoTrue does without its optional encryption key).
 */
export const hasVerifiedFactor = (user: { totpFactors?: readonly TotpFactor[] }) => (user.totpFactors ?? []).some((f) => f.status === 'verified')

/** A new factor for `email` (unverified) and the otpauth URI an app scans. */
export function newTotpFactor(email: string, friendlyName: string, now: number): { factor: TotpFactor; uri: string } {
  const secret = new Secret({ size: TOTP.secretBytes }).base32
  const at = new Date(now).toISOString()
  const factor: TotpFactor = {
    id: crypto.randomUUID(),
    friendly_name: friendlyName,
    status: 'unverified',
    secret,
    created_at: at,
    updated_at: at,
    last_used_step: null,
    challenge: null,
    failures: [],
  }
  return { factor, uri: totpOf(secret, email).toString() }
}

function totpOf(secret: string, label: string) {
  return new Totp({ issuer: TOTP.issuer, label, algorithm: TOTP.algorithm, digits: TOTP.digits, period: TOTP.periodSeconds, secret: Secret.fromBase32(secret) })
}

/** The code an authenticator shows for the factor at `now` (tests; the e2e's stand-in for a phone). */
export function totpCode(secret: string, now: number): string {
  return totpOf(secret, '').generate({ timestamp: now })
}

export type CodeCheck = { ok: true; step: number } | { ok: false; reason: 'locked'; retryAfterMs: number } | { ok: false; reason: 'wrong' }

/** Wrong codes still counted at `now`. */
export const recentFailures = (factor: TotpFactor, now: number) => factor.failures.filter((at) => now - at < TOTP.failedCodes.windowMs)

/**
 * Checks a code against the factor at `now`: locked while too many wrong codes are recent; right
 * when it is the code of a step within the window that is later than the last one used.
 */
export function checkTotpCode(factor: TotpFactor, code: string, now: number): CodeCheck {
  const failures = recentFailures(factor, now)
  if (failures.length >= TOTP.failedCodes.attempts) return { ok: false, reason: 'locked', retryAfterMs: failures[0]! + TOTP.failedCodes.windowMs - now }
  if (!new RegExp(`^\\d{${TOTP.digits}}$`).test(code)) return { ok: false, reason: 'wrong' }
  const delta = totpOf(factor.secret, '').validate({ token: code, timestamp: now, window: TOTP.window })
  if (delta === null) return { ok: false, reason: 'wrong' }
  const step = Math.floor(now / 1000 / TOTP.periodSeconds) + delta
  if (factor.last_used_step !== null && step <= factor.last_used_step) return { ok: false, reason: 'wrong' }
  return { ok: true, step }
}

/** A factor as GoTrue lists it on the user: never its secret. */
export const factorAnswer = ({ id, friendly_name, status, created_at, updated_at }: TotpFactor) => ({ id, friendly_name, factor_type: 'totp', status, created_at, updated_at })
