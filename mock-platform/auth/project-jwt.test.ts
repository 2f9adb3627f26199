import { describe, expect, it } from 'vitest'
import { GRAPHQL_MESSAGE } from '../../src/constants'
import type { PlatformContext } from '../context'
import { readRoleToken, signProjectJwt, signProjectJwtPayload, signRoleToken } from './project-jwt'
import { createMockDatabase } from '../records/db'
import { hmacTokenSigning } from '../serve/secret'

const NOW = Date.UTC(2026, 10, 24, 6, 0, 0)
const REF = 'abcdefghijklmnopqrst'
// Only the signing key and the project's secret version matter here: embedded (none: the fixed key) and two served platforms, whose records hold no project (version 0).
const embedded = { tokenSigning: null, db: createMockDatabase() } as PlatformContext
const served = { tokenSigning: hmacTokenSigning('a served platform secret of 32 characters'), db: createMockDatabase() } as PlatformContext
const otherServer = { tokenSigning: hmacTokenSigning('another platform secret of 32 characters'), db: createMockDatabase() } as PlatformContext

const base64Url = (value: unknown) => btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
const bearer = (token: string) => `Bearer ${token}`

describe('project JWTs', () => {
  it('round-trips a role and a user id, embedded and served', async () => {
    for (const ctx of [embedded, served]) {
      const token = await signRoleToken(ctx, REF, { role: 'authenticated', sub: 'b0c1…-user' }, 3600, NOW)
      expect(token.split('.')).toHaveLength(3)
      expect(JSON.parse(atob(token.split('.')[0]!))).toEqual({ alg: 'HS256', typ: 'JWT' })
      expect(await readRoleToken(ctx, REF, bearer(token), NOW)).toEqual({
        claims: { iss: 'studio', ref: REF, role: 'authenticated', sub: 'b0c1…-user', aud: 'authenticated', iat: NOW / 1000, exp: NOW / 1000 + 3600 },
      })
    }
  })

  it('reads no header as no claims: the endpoint decides the role from the member', async () => {
    expect(await readRoleToken(served, REF, null)).toEqual({ claims: null })
    expect(await readRoleToken(served, REF, '  ')).toEqual({ claims: null })
  })

  it('refuses an unsigned token (alg none, in any case) whatever it claims', async () => {
    const claims = base64Url({ role: 'service_role', exp: NOW / 1000 + 600 })
    for (const alg of ['none', 'None', 'NONE']) {
      expect(await readRoleToken(served, REF, bearer(`${base64Url({ alg, typ: 'JWT' })}.${claims}.`), NOW)).toEqual({ error: GRAPHQL_MESSAGE.unsigned })
    }
    expect(await readRoleToken(embedded, REF, bearer(`${base64Url({ alg: 'none' })}.${claims}.`), NOW)).toEqual({ error: GRAPHQL_MESSAGE.unsigned })
  })

  it('refuses another algorithm, or a header that is not JSON', async () => {
    const signed = await signRoleToken(served, REF, { role: 'anon' }, 60, NOW)
    const [, payload, signature] = signed.split('.')
    for (const header of [base64Url({ alg: 'HS512' }), base64Url({ alg: 'RS256' }), base64Url({}), 'bm90IGpzb24']) {
      expect(await readRoleToken(served, REF, bearer(`${header}.${payload}.${signature}`), NOW)).toEqual({ error: GRAPHQL_MESSAGE.algorithm })
    }
  })

  it("refuses a signature that is not this project's on this platform, before reading the claims", async () => {
    const anon = await signRoleToken(served, REF, { role: 'anon' }, 60, NOW)
    const [header, payload, signature] = anon.split('.') as [string, string, string]
    const escalated = `${header}.${base64Url({ role: 'service_role', exp: NOW / 1000 + 60 })}.${signature}`
    for (const [ctx, token] of [
      [served, `${header}.${payload}.`],
      [served, `${header}.${payload}.${signature.slice(0, -2)}`],
      [served, `${header}.${payload}.not*base64`],
      [served, escalated],
      [served, await signRoleToken(served, 'anotherprojectrefxxx', { role: 'anon' }, 60, NOW)],
      [served, await signRoleToken(otherServer, REF, { role: 'anon' }, 60, NOW)],
      [served, await signRoleToken(embedded, REF, { role: 'anon' }, 60, NOW)],
      [embedded, anon],
    ] as const) {
      expect(await readRoleToken(ctx, REF, bearer(token), NOW)).toEqual({ error: GRAPHQL_MESSAGE.badSignature })
    }
  })

  it('refuses what is not a live JWT of an API role, signed or not', async () => {
    const expired = await signRoleToken(served, REF, { role: 'anon' }, 60, NOW - 120_000)
    expect(await readRoleToken(served, REF, bearer(expired), NOW)).toEqual({ error: GRAPHQL_MESSAGE.expired })
    expect(await readRoleToken(served, REF, 'Bearer anon', NOW)).toEqual({ error: GRAPHQL_MESSAGE.badHeader })
    expect(await readRoleToken(served, REF, 'anon', NOW)).toEqual({ error: GRAPHQL_MESSAGE.badHeader })
    expect(await readRoleToken(served, REF, bearer(await signProjectJwtPayload(served, REF, 'not json')), NOW)).toEqual({ error: GRAPHQL_MESSAGE.notJson })
    expect(await readRoleToken(served, REF, bearer(await signProjectJwtPayload(served, REF, '[1]')), NOW)).toEqual({ error: GRAPHQL_MESSAGE.notObject })
    for (const role of ['postgres', '__proto__', undefined]) {
      const token = await signProjectJwt(served, REF, { role, exp: NOW / 1000 + 60 })
      expect(await readRoleToken(served, REF, bearer(token), NOW)).toEqual({ error: GRAPHQL_MESSAGE.role(['anon', 'authenticated', 'service_role']) })
    }
  })
})
