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
  /** Counts one attempt and answers the window's count with it. */
  function hit(key: string): RateHit {
    count(key)
    const at = now()
    const window = liveWindow(key, at)!
    return { count: window.count, ...refusalOf(window, at) }
  }
  return { count, release, refusal, take, hit }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>

/** One attempt counted: the window's count with it, and the whole seconds until the window ends. */
export interface RateHit extends RateRefusal {
  count: number
}

/**
 * A fixed-window counter the server's limits share: in memory (one server), or in the records
 * database (shared-limits.ts), so replicas behind a load balancer count one caller's attempts together.
 */
export interface RateCounter {
  readonly attempts: number
  hit(key: string): Promise<RateHit>
  /** Takes back one attempt counted in the current window (one that turned out not to count). */
  release(key: string): Promise<void>
}

export function memoryRateCounter(options: { attempts: number; windowMs: number; now?: () => number }): RateCounter {
  const limiter = createRateLimiter(options)
  return { attempts: options.attempts, hit: async (key) => limiter.hit(key), release: async (key) => limiter.release(key) }
}

/** Counts one attempt: refused (with when to try again) when it is past the key's attempts in the window. */
async function take(counter: RateCounter, key: string): Promise<RateRefusal | null> {
  const { count, retryAfterSeconds } = await counter.hit(key)
  return count > counter.attempts ? { retryAfterSeconds } : null
}

/** GoTrue's answer to too many attempts (its error shape: the sign-in and sign-up forms show `msg`). */
export function tooManyAttempts(refusal: RateRefusal): { status: 429; headers: Record<string, string>; body: string } {
  return {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': String(refusal.retryAfterSeconds) },
    body: JSON.stringify({ code: 429, error_code: 'over_request_rate_limit', msg: `Too many sign-in attempts. Try again in ${refusal.retryAfterSeconds} seconds.` }),
  }
}

/** Answers 429 with Retry-After for a sign-up over the address's limit; true when it answered. */
export async function refuseSignUpFlood(counter: RateCounter, incoming: IncomingMessage, outgoing: ServerResponse, headers: Record<string, string>, address: string): Promise<boolean> {
  if (incoming.method !== 'POST' || !isCall(incoming.url, '/auth/v1/signup')) return false
  const verdict = await take(counter, address)
  if (!verdict) return false
  const refused = tooManyAttempts(verdict)
  outgoing.writeHead(refused.status, { ...headers, ...refused.headers }).end(refused.body)
  return true
}

/** A limit's counter by its name and rule: in memory unless the server shares them (shared-limits.ts). */
export type RateCounters = (name: string, limit: { attempts: number; windowMs: number }) => RateCounter

/** The per-address counters of the calls that need no session (PUBLIC_CALL_LIMITS), one per call. */
export function createPublicCallLimits(limits = PUBLIC_CALL_LIMITS, counterOf: RateCounters = (_name, limit) => memoryRateCounter(limit)) {
  const counters = limits.map(({ call, ...limit }) => ({ call, counter: counterOf(`public ${call}`, limit) }))
  /** Answers 429 with Retry-After for such a call, made without a session, over the address's limit; true when it answered. */
  return async function refusePublicFlood(incoming: IncomingMessage, outgoing: ServerResponse, headers: Record<string, string>, signedIn: boolean, address: string): Promise<boolean> {
    const counter = counters.find(({ call }) => isCall(incoming.url, call))?.counter
    if (!counter || signedIn || incoming.method === 'GET' || incoming.method === 'HEAD') return false
    const verdict = await take(counter, address)
    if (!verdict) return false
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
