import { describe, expect, it } from 'vitest'
import { API_CONTENT_SECURITY_POLICY, PAGE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './constants'
import { useServedStudio } from './testing'

const databaseUrl = process.env['DATABASE_URL']

/** The directives of a policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  )
}

describe('the policies', () => {
  it("lets the page run only the server's own scripts, framed by no one", () => {
    const page = directives(PAGE_CONTENT_SECURITY_POLICY)
    expect(page.get('default-src')).toEqual(["'self'"])
    expect(page.get('script-src')).not.toContain("'unsafe-inline'")
    expect(page.get('script-src')).not.toContain("'unsafe-eval'")
    expect(page.get('frame-ancestors')).toEqual(["'none'"])
    expect(page.get('object-src')).toEqual(['blob:'])
    expect(page.get('frame-src')).toEqual(['blob:'])
    expect(page.get('base-uri')).toEqual(["'self'"])
    expect(page.get('form-action')).toEqual(["'self'"])
  })

  it('lets an API answer load, run and frame nothing (a served object opened as a page included)', () => {
    const api = directives(API_CONTENT_SECURITY_POLICY)
    expect(api.get('default-src')).toEqual(["'none'"])
    expect(api.get('frame-ancestors')).toEqual(["'none'"])
    expect(api.has('sandbox')).toBe(true)
  })
})

describe.runIf(databaseUrl)('the served answers carry the security headers', () => {
  const served = useServedStudio('security_headers', { signInLimit: { attempts: 1, windowMs: 60_000 } })
  const url = () => served.server.url

  const expectCommon = (answer: Response, what: string) => {
    expect(answer.headers.get('x-content-type-options'), what).toBe('nosniff')
    expect(answer.headers.get('x-frame-options'), what).toBe('DENY')
    expect(answer.headers.get('referrer-policy'), what).toBe(SECURITY_HEADERS['referrer-policy'])
  }

  it('on the page, its files and the static answers that refuse', async () => {
    const answers: [string, Promise<Response>][] = [
      ['/', fetch(`${url()}/`)],
      ['/index.html', fetch(`${url()}/index.html`)],
      ['an app route', fetch(`${url()}/project/abcdefghijklmnopqrst/sql/new`)],
      ['an asset', fetch(`${url()}/assets/app-3f9a1c.js`)],
      ['a missing asset', fetch(`${url()}/assets/missing-1234.js`)],
      ['a path out of the build', fetch(`${url()}/%2e%2e%2f%2e%2e%2fetc%2fpasswd`)],
      ['a POST of a page', fetch(`${url()}/`, { method: 'POST' })],
    ]
    for (const [what, pending] of answers) {
      const answer = await pending
      expectCommon(answer, what)
      expect(answer.headers.get('content-security-policy'), what).toBe(PAGE_CONTENT_SECURITY_POLICY)
    }
  })

  it('on the API answers: handled, refused by the server itself, and not found', async () => {
    const wrongPassword = () =>
      fetch(`${url()}/api/auth/v1/token?grant_type=password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x@example.com', password: 'x' }) })
    const answers: [string, number, () => Promise<Response>][] = [
      ['a public read', 200, () => fetch(`${url()}/api/get-utc-time`)],
      ['a call without a session', 401, () => fetch(`${url()}/api/platform/organizations`)],
      ['no such call', 404, () => fetch(`${url()}/api/platform/nothing-here`)],
      ['a body too large', 413, () => fetch(`${url()}/api/platform/error-reports`, { method: 'POST', body: 'x'.repeat(128 * 1024) })],
      ['a failed sign-in', 400, wrongPassword],
      ['a sign-in locked out', 429, wrongPassword],
      ['a preflight from another origin', 403, () => fetch(`${url()}/api/platform/organizations`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } })],
    ]
    for (const [what, status, send] of answers) {
      const answer = await send()
      expect(answer.status, what).toBe(status)
      expectCommon(answer, what)
      expect(answer.headers.get('content-security-policy'), what).toBe(API_CONTENT_SECURITY_POLICY)
    }
  })
})
