import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FIXTURE_CODE_HOSTING_ACCOUNTS } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, MOCK_CODE_HOSTING_PATH, MOCK_ECHO_PATH } from '../../src/constants'
import { issueAuthorizationCode } from '../handlers/code-hosting'
import { issueAccessToken } from '../auth/access-tokens'
import { signInState } from '../auth/sign-in-state'
import { useServedStudio } from './testing'

const databaseUrl = process.env['DATABASE_URL']
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url))
const octo = FIXTURE_CODE_HOSTING_ACCOUNTS[0]!

/** The auth service's callback with a code anyone can make (the mock's codes are not signed), as the attacker sent it. */
async function callbackWithForgedCode(serverUrl: string) {
  const answer = await fetch(`${serverUrl}/api/auth/v1/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: issueAuthorizationCode(octo.id, 'any-client'), state: signInState(`${serverUrl}/organizations`) }),
  })
  expect(answer.status).toBe(200)
  const { location } = (await answer.json()) as { location: string }
  return new URLSearchParams(new URL(location).hash.slice(1))
}

describe.runIf(databaseUrl)('the mock providers on the served platform', () => {
  describe('by default', () => {
    const served = useServedStudio('mock_providers_off')

    it('signs no one in with a forged provider code', async () => {
      const hash = await callbackWithForgedCode(served.server.url)
      expect(hash.get('access_token')).toBeNull()
      expect(hash.get('error')).toBe('server_error')
    })

    it("answers none of the mock provider's calls, nor the echo", async () => {
      const url = served.server.url
      expect((await fetch(`${url}/api${MOCK_CODE_HOSTING_PATH}/api/accounts`)).status).toBe(404)
      const authorize = await fetch(`${url}/api${MOCK_CODE_HOSTING_PATH}/login/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account_id: octo.id, client_id: 'x', redirect_uri: `${url}/` }),
      })
      expect(authorize.status).toBe(404)
      expect((await fetch(`${url}/api${MOCK_CODE_HOSTING_PATH}/api/installations`, { method: 'POST', body: JSON.stringify({ account_id: octo.id }) })).status).toBe(404)
      expect((await fetch(`${url}/api${MOCK_ECHO_PATH}`)).status).toBe(404)
    })

    it("connects no organization with a forged code, even for a member who may", async () => {
      const demo = served.server.platform.db.users.findFirst((q) => q.where({ email: DEMO_CREDENTIALS.email }))!
      const answer = await fetch(`${served.server.url}/api/platform/integrations/github/authorization`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${issueAccessToken(demo.id, 600, served.server.platform.ctx.tokenSigning)}` },
        body: JSON.stringify({ code: issueAuthorizationCode(octo.id, 'studio-dashboard'), organization_slug: 'acme-corp' }),
      })
      expect(answer.status).toBe(400)
    })
  })

  describe('turned on by name (STUDIO_MOCK_PROVIDERS=code-hosting)', () => {
    const served = useServedStudio('mock_providers_on', { config: { mockProviders: ['code-hosting'] } })

    it('plays the provider as the embedded mock does: anyone may pick its account', async () => {
      const hash = await callbackWithForgedCode(served.server.url)
      expect(hash.get('access_token')).toMatch(/^mock\./)
      expect((await fetch(`${served.server.url}/api${MOCK_CODE_HOSTING_PATH}/api/accounts`)).status).toBe(200)
      // Only what was named: the echo stays off.
      expect((await fetch(`${served.server.url}/api${MOCK_ECHO_PATH}`)).status).toBe(404)
    })
  })

  it('warns at start-up when one is on', () => {
    // A server that cannot start (nothing listens on port 1): the warning comes first, from the settings alone.
    const run = spawnSync(TSX, [MAIN], {
      env: { ...process.env, DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/postgres', STUDIO_MOCK_PROVIDERS: 'code-hosting' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.stderr).toContain('WARNING')
    expect(run.stderr).toContain('STUDIO_MOCK_PROVIDERS=code-hosting')
  })
})
