/**
 * Two-factor sign-in with a time-based one-time password (RFC 6238), as GoTrue's TOTP factors: the
 * authenticator apps' defaults (SHA-1, 6 digits, 30 s), a code of the step before or after accepted
 * for clocks a little apart, and each step's code good once.
 */
export const TOTP = {
  issuer: 'Studio',
  algorithm: 'SHA1',
  digits: 6,
  periodSeconds: 30,
  /** Steps either side of now whose code is accepted. */
  window: 1,
  /** Secret length in bytes (160 bits, RFC 4226's recommendation). */
  secretBytes: 20,
  /** How long a challenge may be answered (GoTrue's MFA challenge expiry). */
  challengeSeconds: 300,
  /** Wrong codes allowed per factor in one window; past that its codes are refused until the window ends. */
  failedCodes: { attempts: 5, windowMs: 5 * 60_000 },
  /** Verified factors per user (GoTrue's MFA_MAX_VERIFIED_FACTORS default). */
  maxVerifiedFactors: 10,
  defaultName: 'Authenticator app',
} as const

/** An access token's assurance level: aal1 after a password or a provider, aal2 after a second factor too. */
export type AssuranceLevel = 'aal1' | 'aal2'

export const TWO_FACTOR_MESSAGE = {
  codeShape: `Enter the ${TOTP.digits}-digit code from your authenticator app.`,
  codeWrong: 'That code is not right, or was used already. Wait for the next one and try again.',
  challengeExpired: 'The code request expired. Enter a new code.',
  tooManyCodes: (minutes: number) => `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  required: 'Two-factor authentication is required: sign in again with your code.',
  secondFactorNeeded: 'Enter the code of your enrolled factor first.',
  nameTaken: (name: string) => `You already have a factor named “${name}”.`,
  tooManyFactors: `An account may have at most ${TOTP.maxVerifiedFactors} verified factors.`,
  notFound: 'That factor does not exist (removed already?).',
  enrolled: 'Two-factor authentication is on: from now on, signing in asks for a code from your authenticator app.',
  removed: (name: string) => `The factor “${name}” was removed.`,
  removeConfirmTitle: (name: string) => `Remove “${name}”?`,
  removeConfirmBody: 'Signing in will no longer ask for its codes. Organizations that require two-factor authentication will refuse you until you enrol a factor again.',
} as const
