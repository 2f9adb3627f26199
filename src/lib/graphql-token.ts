/**
 * The token the GraphQL endpoint reads from `x-graphql-authorization: Bearer <JWT>` (PLATFORM-API §7).
 *
 * Decisions:
 * - A JWT, not a bare role name: the platform's endpoint takes the caller's JWT, and its claims are
 *   what `request.jwt.claims` holds for `auth.uid()`, `auth.role()` and `auth.jwt()` in policies, so
 *   an `authenticated` token carries a `sub` and RLS can tell users apart.
 * - Unsigned (`alg: none`): the mock platform has no JWT secret to sign or check with; it reads the
 *   claims and trusts them, as it trusts its own access tokens. The role must be one of the API roles.
 * - No header means `service_role`: the platform's route calls the project with the service key when
 *   the explorer sends no user token.
 */
import { PLATFORM_API_ROLES } from '../constants'

export type ApiRole = (typeof PLATFORM_API_ROLES)[number]

export type TokenClaims = Record<string, unknown> & { role: ApiRole }

function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

function base64UrlDecode(text: string): string {
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4)
  const binary = atob(padded)
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
}

export const isApiRole = (value: unknown): value is ApiRole => (PLATFORM_API_ROLES as readonly unknown[]).includes(value)

/** An unsigned JWT for `role` (with `sub` for a signed-in user), valid for `lifetimeSeconds`. */
export function roleToken(role: ApiRole, options: { sub?: string; lifetimeSeconds: number; now?: number }): string {
  const issuedAt = Math.floor((options.now ?? Date.now()) / 1000)
  const claims: Record<string, unknown> = { role, iat: issuedAt, exp: issuedAt + options.lifetimeSeconds }
  if (options.sub) Object.assign(claims, { sub: options.sub, aud: 'authenticated' })
  return `${base64UrlEncode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64UrlEncode(JSON.stringify(claims))}.`
}

export type ReadToken = { claims: TokenClaims; error?: never } | { claims?: never; error: string }

/** The claims of an `x-graphql-authorization` value (null: no header), or why it is refused. */
export function readAuthorization(header: string | null, now = Date.now()): ReadToken {
  if (header === null || header.trim() === '') return { claims: { role: 'service_role' } }
  const match = /^Bearer\s+([^.\s]+)\.([^.\s]+)\.([^.\s]*)$/.exec(header.trim())
  if (!match) return { error: 'Invalid authorization header: expected "Bearer <JWT>"' }
  let claims: unknown
  try {
    claims = JSON.parse(base64UrlDecode(match[2]!))
  } catch {
    return { error: 'Invalid JWT: its payload is not JSON' }
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return { error: 'Invalid JWT: its payload is not an object' }
  const { role, exp } = claims as Record<string, unknown>
  if (!isApiRole(role)) return { error: `Invalid JWT: role must be one of ${PLATFORM_API_ROLES.join(', ')}` }
  if (typeof exp === 'number' && exp * 1000 <= now) return { error: 'JWT expired' }
  return { claims: claims as TokenClaims }
}
