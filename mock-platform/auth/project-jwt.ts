/**
 * A project's JWTs, as the platform signs them with the project's JWT secret (HS256): its API keys
 * (`anon`, `service_role`, shown in the project's settings) and the short-lived tokens the GraphQL
 * explorer's role picker asks for. The GraphQL endpoint takes a role claim from nothing else.
 *
 * Decisions:
 * - Each project has a secret of its own, derived from the platform's (served: STUDIO_SECRET through
 *   the access-token signing; embedded: a fixed key, see EMBEDDED_PROJECT_JWT_KEY), so a token of
 *   one project is no token of another and nothing per project needs keeping.
 * - The signature is checked before anything in the payload is believed; `alg: none` and every
 *   algorithm but HS256 are refused by name, never "verified" with no key.
 * - WebCrypto's HMAC (in node and in the browser's service worker alike); keys are imported once.
 */
import { EMBEDDED_PROJECT_JWT_KEY, GRAPHQL_MESSAGE, PLATFORM_API_ROLES } from '../../src/constants'
import { isApiRole, type TokenClaims } from '../../src/lib/graphql-token'
import type { PlatformContext } from '../context'

const encoder = new TextEncoder()

function base64UrlEncode(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** The bytes of a base64url text, or null when it is not one. */
function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4))
    return Uint8Array.from(binary, (char) => char.charCodeAt(0))
  } catch {
    return null
  }
}

function jsonOf(part: string): unknown {
  const bytes = base64UrlBytes(part)
  if (!bytes) return undefined
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return undefined
  }
}

/** The project's JWT secret (never answered to anyone: only tokens signed with it are); a rotation makes a new one. */
function projectJwtSecret(ctx: PlatformContext, ref: string): string {
  const version = ctx.db.projects.findFirst((q) => q.where({ ref }))?.jwt_secret_version ?? 0
  // Version 0 is the secret every project had before rotation existed: its keys stay valid.
  const label = version === 0 ? `project jwt secret\n${ref}` : `project jwt secret\n${ref}\n${version}`
  return ctx.tokenSigning ? ctx.tokenSigning.sign(label) : `${EMBEDDED_PROJECT_JWT_KEY}\n${label}`
}

// Keyed by the secret text (a Map: the keys come from refs, which are user data).
const importedKeys = new Map<string, Promise<CryptoKey>>()
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = importedKeys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
    importedKeys.set(secret, key)
  }
  return key
}

const HEADER = base64UrlEncode(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))

/** A JWT whose payload is `payload` as given (JSON, unless a test says otherwise), signed with the project's secret. */
export async function signProjectJwtPayload(ctx: PlatformContext, ref: string, payload: string): Promise<string> {
  const signed = `${HEADER}.${base64UrlEncode(encoder.encode(payload))}`
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(projectJwtSecret(ctx, ref)), encoder.encode(signed))
  return `${signed}.${base64UrlEncode(new Uint8Array(signature))}`
}

/** A JWT with `claims`, signed with the project's secret. */
export function signProjectJwt(ctx: PlatformContext, ref: string, claims: Record<string, unknown>): Promise<string> {
  return signProjectJwtPayload(ctx, ref, JSON.stringify(claims))
}

/** A role's token for the project: `sub` for a user (authenticated), `lifetimeSeconds` from `now`. */
export function signRoleToken(ctx: PlatformContext, ref: string, claims: { role: TokenClaims['role']; sub?: string }, lifetimeSeconds: number, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000)
  const user = claims.sub ? { sub: claims.sub, aud: 'authenticated' } : {}
  return signProjectJwt(ctx, ref, { iss: 'studio', ref, role: claims.role, ...user, iat: issuedAt, exp: issuedAt + lifetimeSeconds })
}

export type ReadRoleToken = { claims: TokenClaims | null; error?: never } | { claims?: never; error: string }

/**
 * The claims of an `x-graphql-authorization` value (`claims: null`: no header), or why it is
 * refused: not `Bearer <JWT>`, not HS256, not signed with this project's secret, no API role, expired.
 */
export async function readRoleToken(ctx: PlatformContext, ref: string, header: string | null, now = Date.now()): Promise<ReadRoleToken> {
  if (header === null || header.trim() === '') return { claims: null }
  const match = /^Bearer\s+([^.\s]+)\.([^.\s]+)\.([^.\s]*)$/.exec(header.trim())
  if (!match) return { error: GRAPHQL_MESSAGE.badHeader }
  const [, headerPart, payloadPart, signaturePart] = match as unknown as [string, string, string, string]
  const jose = jsonOf(headerPart)
  const alg = typeof jose === 'object' && jose !== null ? (jose as { alg?: unknown }).alg : undefined
  if (typeof alg === 'string' && alg.toLowerCase() === 'none') return { error: GRAPHQL_MESSAGE.unsigned }
  if (alg !== 'HS256') return { error: GRAPHQL_MESSAGE.algorithm }
  const signature = base64UrlBytes(signaturePart)
  const key = await hmacKey(projectJwtSecret(ctx, ref))
  if (!signature || !(await crypto.subtle.verify('HMAC', key, signature, encoder.encode(`${headerPart}.${payloadPart}`)))) {
    return { error: GRAPHQL_MESSAGE.badSignature }
  }
  const claims = jsonOf(payloadPart)
  if (claims === undefined) return { error: GRAPHQL_MESSAGE.notJson }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return { error: GRAPHQL_MESSAGE.notObject }
  const { role, exp } = claims as Record<string, unknown>
  if (!isApiRole(role)) return { error: GRAPHQL_MESSAGE.role(PLATFORM_API_ROLES) }
  if (typeof exp === 'number' && exp * 1000 <= now) return { error: GRAPHQL_MESSAGE.expired }
  return { claims: claims as TokenClaims }
}
