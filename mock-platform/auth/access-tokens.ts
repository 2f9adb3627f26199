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
): string {
  const payload = { sub: userId, exp: Math.floor(now / 1000) + expiresInSeconds, ...(sessionId ? { session_id: sessionId } : {}) }
  const body = TOKEN_PREFIX + btoa(JSON.stringify(payload)).replace(/=+$/, '')
  return signing ? `${body}.${signing.sign(body)}` : body
}

/** Whose a token is and which session it belongs to (null when it names none), or null when it is malformed, expired or not signed by this platform. */
export function readAccessTokenClaims(token: string, signing: TokenSigning | null = null, now = Date.now()): { userId: string; sessionId: string | null } | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null
  const separator = token.indexOf('.', TOKEN_PREFIX.length)
  const body = separator === -1 ? token : token.slice(0, separator)
  if (signing && (separator === -1 || !signing.verify(body, token.slice(separator + 1)))) return null
  try {
    const payload = JSON.parse(atob(body.slice(TOKEN_PREFIX.length))) as { sub?: unknown; exp?: unknown; session_id?: unknown }
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null
    if (payload.exp * 1000 <= now) return null
    return { userId: payload.sub, sessionId: typeof payload.session_id === 'string' ? payload.session_id : null }
  } catch {
    return null
  }
}

/** The user id a token names, or null when it is malformed, expired, or (with signing) not signed by this platform. */
export function readAccessToken(token: string, signing: TokenSigning | null = null, now = Date.now()): string | null {
  return readAccessTokenClaims(token, signing, now)?.userId ?? null
}
