import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientAddress, readTrustedProxies } from './client-address'
import { readServeConfig } from './config'
import { signInFrom, useServedStudio } from './testing'

const databaseUrl = process.env['DATABASE_URL']
const LIMIT = 3
const PROXY = '127.0.0.7'

const incoming = (remoteAddress: string, forwardedFor?: string | string[]) =>
  ({ socket: { remoteAddress }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage

describe('the caller’s address', () => {
  const trusted = new Set([PROXY, '10.0.0.2'])

  it('is the connection’s, whatever X-Forwarded-For says, unless the connection is a trusted proxy', () => {
    expect(clientAddress(incoming('198.51.100.4', '203.0.113.1'), trusted)).toBe('198.51.100.4')
    expect(clientAddress(incoming('198.51.100.4', '203.0.113.1'), new Set())).toBe('198.51.100.4')
  })

  it('behind a trusted proxy, is the nearest forwarded address that is not a trusted proxy: what a caller prepends is not believed', () => {
    expect(clientAddress(incoming(PROXY, '203.0.113.1'), trusted)).toBe('203.0.113.1')
    // The caller wrote 1.1.1.1 themselves; the proxy appended where it really came from.
    expect(clientAddress(incoming(PROXY, '1.1.1.1, 203.0.113.1'), trusted)).toBe('203.0.113.1')
    // Two proxies in a row (a CDN, then the balancer), and the header given twice.
    expect(clientAddress(incoming(PROXY, ['203.0.113.1', '10.0.0.2']), trusted)).toBe('203.0.113.1')
    // IPv4 as IPv6 writes it.
    expect(clientAddress(incoming(`::ffff:${PROXY}`, '::ffff:203.0.113.9'), trusted)).toBe('203.0.113.9')
  })

  it('stops at what is not an address, and is the proxy’s own when nothing is forwarded', () => {
    expect(clientAddress(incoming(PROXY, '203.0.113.1, not-an-address'), trusted)).toBe(PROXY)
    expect(clientAddress(incoming(PROXY), trusted)).toBe(PROXY)
  })

  it('takes STUDIO_TRUSTED_PROXIES as addresses only, and says which entries are not', () => {
    expect(readTrustedProxies(' 10.0.0.2, ::1 ,')).toEqual({ ok: true, proxies: new Set(['10.0.0.2', '::1']) })
    expect(readTrustedProxies('10.0.0.0/8, lb.internal')).toEqual({ ok: false, invalid: ['10.0.0.0/8', 'lb.internal'] })
    const read = readServeConfig({ DATABASE_URL: 'postgresql://postgres@127.0.0.1/postgres', STUDIO_TRUSTED_PROXIES: 'lb.internal' })
    expect(read.ok ? [] : read.problems).toEqual([expect.stringContaining('STUDIO_TRUSTED_PROXIES must be IP addresses')])
  })
})

describe.runIf(databaseUrl)('the served sign-in limit behind a trusted proxy', () => {
  const served = useServedStudio('trusted_proxy', { signInLimit: { attempts: LIMIT, windowMs: 60_000 }, config: { trustedProxies: new Set([PROXY]) } })
  const guess = (from: string, attempt: number, forwardedFor?: string) =>
    signInFrom(from, served.server.url, { email: `nobody-${from}-${attempt}@example.com`, password: 'not-the-password' }, forwardedFor)

  it('counts each caller behind the proxy apart', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt++) expect((await guess(PROXY, attempt, '203.0.113.1')).status).toBe(400)
    expect((await guess(PROXY, 99, '203.0.113.1')).status).toBe(429)
    // Another user behind the same balancer is not locked out with them.
    expect((await guess(PROXY, 100, '203.0.113.2')).status).toBe(400)
    // Nor does the locked-out caller get out by writing another address before the proxy's.
    expect((await guess(PROXY, 101, '198.51.100.9, 203.0.113.1')).status).toBe(429)
  })

  it('believes no X-Forwarded-For from a caller that is not the proxy: a new address each guess is still one address', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt++) expect((await guess('127.0.0.8', attempt, `203.0.113.${50 + attempt}`)).status).toBe(400)
    expect((await guess('127.0.0.8', 99, '203.0.113.99')).status).toBe(429)
  })
})
