import { HttpHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { TEST_API_BASE, useNodeMockPlatform } from '../testing'

/**
 * The calls anyone may make, each with its reason (issue 28: every platform path needs a valid
 * session except sign-in/up and health). Everything else the platform answers must be 401 without one.
 */
const PUBLIC = new Map<string, string>([
  ['POST */auth/v1/token', 'sign-in and session renewal'],
  ['POST */auth/v1/signup', 'sign-up'],
  ['POST */auth/v1/callback', 'the OAuth provider returning to the auth service'],
  ['POST */platform/profile/password-check', 'the sign-up form scores a password before there is an account'],
  ['GET */api/get-utc-time', 'health: the clock-skew check runs before sign-in'],
  ['GET */api/incident-status', 'health: the status banner shows on the sign-in page too'],
  ['GET */platform/telemetry/consent-categories', 'the consent banner shows before sign-in'],
  ['GET */platform/telemetry/feature-flags', 'flags the signed-out pages read'],
  ['POST */platform/telemetry/event', 'telemetry of signed-out pages (only after consent)'],
  ['POST */platform/error-reports', 'crash reports from any page, the sign-in page included'],
  ['GET */mock/echo', "the mock's own webhook target (pg_net calls it, not a person)"],
])
// The mock GitHub (a stand-in for another company's site) and served storage URLs (public or signed:
// the URL itself is the credential) are not platform calls.
const NOT_PLATFORM = /^\*\/(mock-github\/|projects\/:ref\/storage\/v1\/object\/)/

const platform = useNodeMockPlatform()

describe('a call without a session', () => {
  it('is refused with 401 on every platform path but the public ones', async () => {
    const answered: string[] = []
    for (const handler of platform.mock.platform.handlers()) {
      if (!(handler instanceof HttpHandler)) continue
      const { path } = handler.info
      const method = typeof handler.info.method === 'string' ? handler.info.method : 'GET'
      if (typeof path !== 'string' || NOT_PLATFORM.test(path)) continue
      const key = `${method} ${path}`
      const bodyless = method === 'GET' || method === 'HEAD'
      const url = TEST_API_BASE + path.replace(/^\*/, '').replace(/:\w+/g, 'x')
      const answer = await fetch(url, { method, headers: bodyless ? {} : { 'content-type': 'application/json' }, body: bodyless ? undefined : '{}' })
      answered.push(key)
      if (PUBLIC.has(key)) expect(answer.status, key).not.toBe(401)
      else expect(answer.status, key).toBe(401)
    }
    // The walk reached the platform's calls (a handler list that came back empty would prove nothing).
    expect(answered.length).toBeGreaterThan(80)
    expect(answered).toEqual(expect.arrayContaining(['POST */platform/pg-meta/:ref/query', 'GET */platform/storage/:ref/buckets', 'GET */platform/projects/:ref']))
    // Every public entry names a call that exists: the list cannot keep a path nobody answers.
    expect([...PUBLIC.keys()].filter((key) => !answered.includes(key))).toEqual([])
  }, 120_000)
})
