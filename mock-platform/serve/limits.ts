/** What `npm run serve` refuses before any handler runs: oversized bodies, sign-up floods, foreign origins. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { PUBLIC_CALL_LIMITS, RATE_WINDOWS_PRUNE_AT } from './constants'

/**
 * Whether a request path makes the call named by `suffix` (`/auth/v1/token`) as the handlers'
 * patterns (a wildcard, then the call) match it: after any prefix, in any case, with or without a
 * trailing slash, dot segments resolved. A limit that matched the path exactly would let
 * `/api//auth/v1/Token/` pass uncounted.
 */
export function isCall(url: string | undefined, suffix: string): boolean {
  let pathname: string
  try {
    pathname = new URL(url ?? '/', 'http://localhost').pathname
  } catch {
    return false
  }
  return pathname.toLowerCase().replace(/\/+$/, '').endsWith(suffix)
}

/** The answer to a key over its limit: the whole seconds until its window ends. */
export interface RateRefusal {
  retryAfterSeconds: number
}

/** A fixed-window counter per key (a client address, an account). */
export function createRateLimiter(options: { attempts: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now
  const windows = new Map<string, { count: number; endsAt: number }>()

  function liveWindow(key: string, at: number) {
    const window = windows.get(key)
    return window && window.endsAt > at ? window : undefined
  }
  const refusalOf = (window: { endsAt: number }, at: number): RateRefusal => ({ retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - at) / 1000)) })

  /** Counts one attempt of the key (a window begins with its first). */
  function count(key: string): void {
    const at = now()
    if (windows.size > RATE_WINDOWS_PRUNE_AT) for (const [other, window] of windows) if (window.endsAt <= at) windows.delete(other)
    let window = liveWindow(key, at)
    if (!window) windows.set(key, (window = { count: 0, endsAt: at + options.windowMs }))
    window.count += 1
  }
  /** Takes back one attempt counted in the current window (one that turned out not to count). */
  function release(key: string): void {
    const window = liveWindow(key, now())
    if (window && window.count > 0) window.count -= 1
  }
  /** Refused when the key has used its attempts in the current window; null while it may go on. Counts nothing. */
  function refusal(key: string): RateRefusal | null {
    const at = now()
    const window = liveWindow(key, at)
    return window && window.count >= options.attempts ? refusalOf(window, at) : null
  }
  /** Counts one attempt: allowed, or refused with the whole seconds until the window ends. */
  function take(key: string): { allowed: true } | ({ allowed: false } & RateRefusal) {
    const refused = refusal(key)
    count(key)
    return refused ? { allowed: false, ...refused } : { allowed: true }
  }
  return { count, release, refusal, take }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>

/** GoTrue's answer to too many attempts (its error shape: the sign-in and sign-up forms show `msg`). */
export function tooManyAttempts(refusal: RateRefusal): { status: 429; headers: Record<string, string>; body: string } {
  return {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': String(refusal.retryAfterSeconds) },
    body: JSON.stringify({ code: 429, error_code: 'over_request_rate_limit', msg: `Too many sign-in attempts. Try again in ${refusal.retryAfterSeconds} seconds.` }),
  }
}

/** Answers 429 with Retry-After for a sign-up over the address's limit; true when it answered. */
export function refuseSignUpFlood(limiter: RateLimiter, incoming: IncomingMessage, outgoing: ServerResponse, headers: Record<string, string>, address: string): boolean {
  if (incoming.method !== 'POST' || !isCall(incoming.url, '/auth/v1/signup')) return false
  const verdict = limiter.take(address)
  if (verdict.allowed) return false
  const refused = tooManyAttempts(verdict)
  outgoing.writeHead(refused.status, { ...headers, ...refused.headers }).end(refused.body)
  return true
}

/** The per-address counters of the calls that need no session (PUBLIC_CALL_LIMITS), one per call. */
export function createPublicCallLimits(limits = PUBLIC_CALL_LIMITS) {
  const limiters = limits.map(({ call, ...limit }) => ({ call, limiter: createRateLimiter(limit) }))
  /** Answers 429 with Retry-After for such a call, made without a session, over the address's limit; true when it answered. */
  return function refusePublicFlood(incoming: IncomingMessage, outgoing: ServerResponse, headers: Record<string, string>, signedIn: boolean, address: string): boolean {
    const limiter = limiters.find(({ call }) => isCall(incoming.url, call))?.limiter
    if (!limiter || signedIn || incoming.method === 'GET' || incoming.method === 'HEAD') return false
    const verdict = limiter.take(address)
    if (verdict.allowed) return false
    outgoing.writeHead(429, { ...headers, 'content-type': 'application/json', 'retry-after': String(verdict.retryAfterSeconds) })
    outgoing.end(JSON.stringify({ message: `Too many requests. Try again in ${verdict.retryAfterSeconds} seconds.` }))
    return true
  }
}

const CORS_HEADERS = {
  'access-control-allow-credentials': 'true',
  'access-control-allow-headers': 'authorization, content-type, accept, x-request-id, version, x-connection-encrypted, x-pg-application-name',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
  'access-control-expose-headers': 'retry-after, x-total-count, server-timing, x-studio-sample-rows',
}

/** CORS headers for a request from the one configured origin; none otherwise (same-origin needs none, and the browser then refuses any other). */
export function corsHeadersFor(requestOrigin: string | undefined, allowedOrigin: string | null): Record<string, string> {
  if (!allowedOrigin || requestOrigin !== allowedOrigin) return { vary: 'origin' }
  return { ...CORS_HEADERS, 'access-control-allow-origin': allowedOrigin, vary: 'origin' }
}

/** Answers a preflight: 204 with the headers for the configured origin, 403 for any other. */
export function answerPreflight(incoming: IncomingMessage, outgoing: ServerResponse, allowedOrigin: string | null) {
  const headers = corsHeadersFor(incoming.headers.origin, allowedOrigin)
  outgoing.writeHead('access-control-allow-origin' in headers ? 204 : 403, headers).end()
}
