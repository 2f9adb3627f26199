import { describe, expect, it } from 'vitest'
import { corsHeadersFor, createRateLimiter, isCall } from './limits'

describe('the sign-in rate limit', () => {
  it('allows the window its attempts, then refuses until it ends with the seconds left', () => {
    let now = 1_000_000
    const limiter = createRateLimiter({ attempts: 3, windowMs: 60_000, now: () => now })
    expect([1, 2, 3].map(() => limiter.take('10.0.0.1').allowed)).toEqual([true, true, true])
    expect(limiter.take('10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 60 })
    // Another address has its own window.
    expect(limiter.take('10.0.0.2')).toEqual({ allowed: true })
    now += 45_500
    expect(limiter.take('10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 15 })
    now += 14_500
    expect(limiter.take('10.0.0.1')).toEqual({ allowed: true })
  })
})

describe('a counter that counts failures only', () => {
  it('asks without counting, and takes back what turned out not to count', () => {
    const limiter = createRateLimiter({ attempts: 2, windowMs: 60_000, now: () => 0 })
    expect(limiter.refusal('a@example.com')).toBeNull()
    limiter.count('a@example.com')
    limiter.count('a@example.com')
    expect(limiter.refusal('a@example.com')).toEqual({ retryAfterSeconds: 60 })
    limiter.release('a@example.com')
    expect(limiter.refusal('a@example.com')).toBeNull()
    expect(limiter.refusal('b@example.com')).toBeNull()
  })
})

describe('which call a path makes', () => {
  it('matches as the handlers do: any prefix, any case, a trailing slash, dot segments', () => {
    for (const url of ['/api/auth/v1/token?grant_type=password', '/api//auth/v1/token', '/api/auth/v1/Token/', '/api/x/auth/v1/token', '/api/y/../auth/v1/token']) {
      expect(isCall(url, '/auth/v1/token'), url).toBe(true)
    }
    for (const url of ['/api/auth/v1/tokens', '/api/auth/v1/token/x', '/api/auth/v1/signup', undefined]) expect(isCall(url, '/auth/v1/token'), String(url)).toBe(false)
  })
})

describe('CORS', () => {
  it('answers only the configured origin; none configured means same-origin only', () => {
    expect(corsHeadersFor('https://evil.example', null)).toEqual({ vary: 'origin' })
    expect(corsHeadersFor('https://evil.example', 'https://studio.example.com')).toEqual({ vary: 'origin' })
    expect(corsHeadersFor('https://studio.example.com', 'https://studio.example.com')).toMatchObject({
      'access-control-allow-origin': 'https://studio.example.com',
      'access-control-allow-credentials': 'true',
    })
  })
})
