import { describe, expect, it } from 'vitest'
import { readAuthorization, roleToken } from './graphql-token'

const NOW = Date.UTC(2026, 10, 24, 6, 0, 0)

describe('graphql tokens', () => {
  it('round-trips a role and a user id through x-graphql-authorization', () => {
    const token = roleToken('authenticated', { sub: 'b0c1…-user', lifetimeSeconds: 3600, now: NOW })
    expect(token.split('.')).toHaveLength(3)
    expect(readAuthorization(`Bearer ${token}`, NOW)).toEqual({
      claims: { role: 'authenticated', sub: 'b0c1…-user', aud: 'authenticated', iat: NOW / 1000, exp: NOW / 1000 + 3600 },
    })
  })

  it('reads no header as service_role, as the platform route calls with the service key', () => {
    expect(readAuthorization(null)).toEqual({ claims: { role: 'service_role' } })
    expect(readAuthorization('  ')).toEqual({ claims: { role: 'service_role' } })
  })

  it('refuses what is not a live JWT of an API role', () => {
    const expired = roleToken('anon', { lifetimeSeconds: 60, now: NOW - 120_000 })
    expect(readAuthorization(`Bearer ${expired}`, NOW)).toEqual({ error: 'JWT expired' })
    expect(readAuthorization('Bearer anon', NOW).error).toMatch(/expected "Bearer <JWT>"/)
    expect(readAuthorization('Bearer a.bm90IGpzb24.', NOW)).toEqual({ error: 'Invalid JWT: its payload is not JSON' })
    expect(readAuthorization(`Bearer a.${btoa('[1]')}.`, NOW)).toEqual({ error: 'Invalid JWT: its payload is not an object' })
    expect(readAuthorization(`Bearer a.${btoa('{"role":"postgres"}')}.`, NOW).error).toMatch(/role must be one of anon, authenticated, service_role/)
    expect(readAuthorization(`Bearer a.${btoa('{"role":"__proto__"}')}.`, NOW).error).toMatch(/role must be one of/)
  })
})
