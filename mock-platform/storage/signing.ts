/**
 * Signed URLs: a token `<payload>.<signature>` where the payload (base64url JSON) names the project,
 * bucket, object path and expiry (seconds since the epoch) and the signature is HMAC-SHA256 over it
 * with the project's signing secret, as storage-api signs its JWT-style URL tokens. The secret is
 * derived from the ref, so a URL signed before a reload of the mock still works until it expires.
 */
import { STORAGE_MESSAGES } from '../../src/constants'

export interface SignedObject {
  ref: string
  bucket: string
  path: string
  /** Expiry, seconds since the epoch. */
  exp: number
}

const encoder = new TextEncoder()

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

async function signingKey(ref: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(`studio-mock-storage-secret:${ref}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
}

export async function signObjectToken(object: SignedObject): Promise<string> {
  const payload = base64url(encoder.encode(JSON.stringify(object)))
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await signingKey(object.ref), encoder.encode(payload)))
  return `${payload}.${base64url(signature)}`
}

/** The signed object of a valid token for this ref, or the refusal's message (bad signature, another object, expired). */
export async function verifyObjectToken(ref: string, token: string, nowMs: number): Promise<SignedObject | string> {
  const [payload, signature, extra] = token.split('.')
  if (!payload || !signature || extra !== undefined) return STORAGE_MESSAGES.tokenInvalid
  let valid = false
  try {
    valid = await crypto.subtle.verify('HMAC', await signingKey(ref), fromBase64url(signature), encoder.encode(payload))
  } catch {
    valid = false
  }
  if (!valid) return STORAGE_MESSAGES.tokenInvalid
  const object = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as SignedObject
  if (object.ref !== ref) return STORAGE_MESSAGES.tokenInvalid
  if (object.exp * 1000 <= nowMs) return STORAGE_MESSAGES.tokenExpired
  return object
}

/** `{base}/projects/{ref}/storage/v1/object/{kind}/{bucket}/{path}`: each segment encoded, the folders' slashes kept. */
export function servedObjectUrl(base: string, ref: string, kind: 'sign' | 'public', bucket: string, path: string): string {
  const encodedPath = path.split('/').map(encodeURIComponent).join('/')
  return `${base}/projects/${encodeURIComponent(ref)}/storage/v1/object/${kind}/${encodeURIComponent(bucket)}/${encodedPath}`
}

/** The API base of a platform request (everything before `/platform/`), where the served URLs live too. */
export function apiBaseOf(request: Request): string {
  const url = new URL(request.url)
  const at = url.pathname.indexOf('/platform/')
  return `${url.origin}${at >= 0 ? url.pathname.slice(0, at) : ''}`
}

/** Parses a served URL's path back: the ref, kind, bucket and object path, or null. */
export function parseServedPath(pathname: string): { ref: string; kind: 'sign' | 'public'; bucket: string; path: string } | null {
  const match = /\/projects\/([^/]+)\/storage\/v1\/object\/(sign|public)\/([^/]+)\/(.+)$/.exec(pathname)
  if (!match) return null
  try {
    return {
      ref: decodeURIComponent(match[1]!),
      kind: match[2] as 'sign' | 'public',
      bucket: decodeURIComponent(match[3]!),
      path: match[4]!.split('/').map(decodeURIComponent).join('/'),
    }
  } catch {
    return null
  }
}
