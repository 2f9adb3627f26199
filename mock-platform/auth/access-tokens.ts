import type { AssuranceLevel } from '../../src/constants'

/**
 * The platform's access tokens: self-contained (so a reload of the mock platform keeps sessions
 * valid), naming their session like GoTrue's JWTs, signed with the server's secret when it has one.
 */

const TOKEN_PREFIX = 'mock.'

/**
 * Signs access tokens when the platform has a secret (`npm run serve`: STUDIO_SECRET); the embedded
 * mock has none, its tokens stay unsigned (it trusts the page it runs in anyway).
 */
export interface TokenSigning {
  sign(body: string): string
  verify(body: string, signature: string): boolean
}

/**
 * Mock access tokens are self-contained, so a reload of the mock platform keeps sessions valid. Like
 * GoTrue's JWTs they name their session (`session_id`), which sign-out and a revoked family end.
 */
export function issueAccessToken(
  userId: string,
  expiresInSeconds: number,
  signing: TokenSigning | null = null,
  now = Date.now(),
  sessionId: string | null = null,
  aal: AssuranceLevel = 'aal1',
): string {
  const payload = { sub: userId, exp: Math.floor(now / 1000) + expiresInSeconds, aal, ...(sessionId ? { session_id: sessionId } : {}) }
  const body = TOKEN_PREFIX + btoa(JSON.stringify(payload)).replace(/=+$/, '')
  return signing ? `${body}.${signing.sign(body)}` : body
}

export interface AccessTokenClaims {
  userId: string
  /** Null when it names none (a personal access token, or one made by tests). */
  sessionId: string | null
  /** What signing in proved: a token from before levels were named is aal1. */
  aal: AssuranceLevel
}

/** Whose a token is, its session and assurance level, or null when it is malformed, expired or not signed by this platform. */
export function readAccessTokenClaims(token: string, signing: TokenSigning | null = null, now = Date.now()): AccessTokenClaims | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null
  const separator = token.indexOf('.', TOKEN_PREFIX.length)
  const body = separator === -1 ? token : token.slice(0, separator)
  if (signing && (separator === -1 || !signing.verify(body, token.slice(separator + 1)))) return null
  try {
    const payload = JSON.parse(atob(body.slice(TOKEN_PREFIX.length))) as { sub?: unknown; exp?: unknown; session_id?: unknown; aal?: unknown }
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null
    if (payload.exp * 1000 <= now) return null
    return { userId: payload.sub, sessionId: typeof payload.session_id === 'string' ? payload.session_id : null, aal: payload.aal === 'aal2' ? 'aal2' : 'aal1' }
  } catch {
    return null
  }
}

/** The user id a token names, or null when it is malformed, expired, or (with signing) not signed by this platform. */
export function readAccessToken(token: string, signing: TokenSigning | null = null, now = Date.now()): string | null {
  return readAccessTokenClaims(token, signing, now)?.userId ?? null
}
