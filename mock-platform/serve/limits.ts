/** What `npm run serve` refuses before any handler runs: oversized bodies, sign-in floods, foreign origins. */
import type { IncomingMessage, ServerResponse } from 'node:http'

/** Request bodies over this are answered 413 (storage uploads are the largest the dashboard sends). */
export const DEFAULT_BODY_LIMIT_BYTES = 50 * 1024 * 1024

/** Sign-in and sign-up attempts per address in one window; more are answered 429 until it ends. */
export const DEFAULT_SIGN_IN_LIMIT = { attempts: 20, windowMs: 5 * 60_000 }

const SIGN_IN_PATH = /^\/api\/auth\/v1\/(token|signup)$/

/** A fixed-window counter per key (a client address). */
export function createRateLimiter(options: { attempts: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now
  const windows = new Map<string, { count: number; endsAt: number }>()
  return {
    /** Counts one attempt: allowed, or refused with the whole seconds until the window ends. */
    take(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
      const at = now()
      // Ended windows go as the map grows, so a flood of addresses cannot keep memory.
      if (windows.size > 10_000) for (const [other, window] of windows) if (window.endsAt <= at) windows.delete(other)
      let window = windows.get(key)
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + options.windowMs }
        windows.set(key, window)
      }
      window.count += 1
      if (window.count <= options.attempts) return { allowed: true }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - at) / 1000)) }
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>

/** Answers 429 with Retry-After for a sign-in over the address's limit; true when it answered. */
export function refuseSignInFlood(limiter: RateLimiter, incoming: IncomingMessage, outgoing: ServerResponse, headers: Record<string, string>): boolean {
  const path = (incoming.url ?? '/').split('?')[0]!
  if (incoming.method !== 'POST' || !SIGN_IN_PATH.test(path)) return false
  const verdict = limiter.take(incoming.socket.remoteAddress ?? 'unknown')
  if (verdict.allowed) return false
  outgoing.writeHead(429, { ...headers, 'content-type': 'application/json', 'retry-after': String(verdict.retryAfterSeconds) })
  // GoTrue's error shape: the sign-in form shows `msg`.
  outgoing.end(JSON.stringify({ code: 429, error_code: 'over_request_rate_limit', msg: `Too many sign-in attempts. Try again in ${verdict.retryAfterSeconds} seconds.` }))
  return true
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
