/** `npm run serve`'s own limits and header values, in one place (README: "Safe by default"). */

/** Request bodies over this are answered 413 (storage uploads are the largest the dashboard sends). */
export const DEFAULT_BODY_LIMIT_BYTES = 50 * 1024 * 1024

/**
 * The calls that need no session (sign-in, sign-up, the provider's callback, password check,
 * telemetry, error reports, the echo) take no more than this from anyone, and a caller without a
 * session may send no more anywhere: any other call would answer 401 after reading all of it.
 */
export const PUBLIC_BODY_LIMIT_BYTES = 64 * 1024

/** Sign-in and sign-up: with PUBLIC_CALL_LIMITS' calls below, the calls that need no session and take a body (limits.ts: `isCall`). */
export const SIGN_IN_AND_UP_CALLS = ['/auth/v1/token', '/auth/v1/signup'] as const

/**
 * Failed password sign-ins allowed per account (email) and per client address in one window; past
 * that, sign-ins of that account or from that address are answered 429 until the window ends.
 */
export const DEFAULT_SIGN_IN_LIMIT = { attempts: 20, windowMs: 5 * 60_000 }

/** Sign-ups per client address in one window (each one makes an account, so all are counted). */
export const DEFAULT_SIGN_UP_LIMIT = { attempts: 20, windowMs: 5 * 60_000 }

/** Past this many windows kept, the ended ones go, so a flood of addresses cannot keep memory. */
export const RATE_WINDOWS_PRUNE_AT = 10_000

/**
 * The calls that need no session, each counted per client address when made without one (beside
 * sign-in and sign-up, limited above): each keeps something or costs the server's CPU. The reads
 * that need no session (time, flags, consent categories, incident status, served storage objects)
 * keep nothing and are not counted.
 */
export const PUBLIC_CALL_LIMITS: readonly { call: string; attempts: number; windowMs: number }[] = [
  // Scoring one password takes up to 0.7 s of CPU (zxcvbn at the 99-character rule): the form asks a few times a sign-up.
  { call: '/platform/profile/password-check', attempts: 20, windowMs: 60_000 },
  { call: '/platform/error-reports', attempts: 30, windowMs: 60_000 },
  { call: '/platform/telemetry/event', attempts: 60, windowMs: 60_000 },
  { call: '/auth/v1/callback', attempts: 20, windowMs: 60_000 },
  { call: '/mock/echo', attempts: 60, windowMs: 60_000 },
]

/** On every answer, page and API alike. */
export const SECURITY_HEADERS = {
  // A file is what its content type says (an uploaded object served as text is never run as a script).
  'x-content-type-options': 'nosniff',
  // For browsers without CSP frame-ancestors: no other site may frame Studio (clickjacking).
  'x-frame-options': 'DENY',
  // Other sites learn only the origin, never a path (a project ref) or a query (a signed object URL's token).
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const

/**
 * The served page's policy: its own scripts, workers and calls only (the API is on this origin; the
 * run-time config's <script type="application/json"> is data, not run), framed by no one.
 * - style-src 'unsafe-inline': Monaco puts its theme and decorations in <style> elements it makes at
 *   run time, and Ark UI's positioning writes style attributes; neither takes a nonce.
 * - blob: for img, media, object and frame: storage objects' previews are blob URLs of bytes fetched
 *   with the session, a PDF's in an <object> (which Chromium's viewer loads as a frame).
 * - img-src https://github.com and its avatar host: the code-hosting avatar (SPEC §7); data: icons.
 * - worker-src 'self': Monaco's editor worker is a file of the build (a blob worker only when a build
 *   loads the editor from VITE_EDITOR_ASSETS_URL, which this policy does not allow).
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://github.com https://avatars.githubusercontent.com",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "media-src 'self' blob:",
  "object-src blob:",
  'frame-src blob:',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ')

/**
 * The API's answers load, run and frame nothing: JSON needs no more, and a served storage object of
 * any type (an uploaded HTML file opened by its URL) runs in a sandbox with no script and no origin.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox"

/** A load balancer's probe (GET): 200 once the records, stores and PostgreSQL answer; 503 while stopping or without PostgreSQL. */
export const HEALTH_PATH = '/api/health'

/** The longest a health probe waits for PostgreSQL's answer before saying it is unavailable. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000

/**
 * On SIGTERM the server takes no new connection and lets the requests in flight finish for this long
 * (a query, an upload); then it cuts what is left and exits.
 */
export const DEFAULT_STOP_GRACE_MS = 10_000
