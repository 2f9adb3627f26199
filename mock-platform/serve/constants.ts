/** `npm run serve`'s own limits and header values, in one place (README: "Safe by default"). */

/** Request bodies over this are answered 413 (storage uploads are the largest the dashboard sends). */
export const DEFAULT_BODY_LIMIT_BYTES = 50 * 1024 * 1024

/**
 * Failed password sign-ins allowed per account (email) and per client address in one window; past
 * that, sign-ins of that account or from that address are answered 429 until the window ends.
 */
export const DEFAULT_SIGN_IN_LIMIT = { attempts: 20, windowMs: 5 * 60_000 }

/** Sign-ups per client address in one window (each one makes an account, so all are counted). */
export const DEFAULT_SIGN_UP_LIMIT = { attempts: 20, windowMs: 5 * 60_000 }

/** Past this many windows kept, the ended ones go, so a flood of addresses cannot keep memory. */
export const RATE_WINDOWS_PRUNE_AT = 10_000
