import { describe, expect, it } from 'vitest'
import { FIXTURE_CODE_HOSTING_ACCOUNTS } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, SIGN_IN_MESSAGE } from '../../src/constants'
import { MemoryStorage } from '../../src/test/memory-storage'
import { MOCK_CODE_HOSTING_STORAGE_KEY } from '../../src/constants'
import { readCodeHostingStore } from './code-hosting-store'
import { CODE_HOSTING_ERROR, CODE_LIFETIME_MS, issueAuthorizationCode } from '../handlers/code-hosting'
import { createMockPlatform } from '../platform'
import { signInState } from '../auth/sign-in-state'
import { useNodeMockPlatform } from '../testing'

const ORIGIN = 'http://localhost'
const [octo, unverified] = FIXTURE_CODE_HOSTING_ACCOUNTS as [(typeof FIXTURE_CODE_HOSTING_ACCOUNTS)[number], (typeof FIXTURE_CODE_HOSTING_ACCOUNTS)[number]]
const storage = new MemoryStorage()
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS, contentStorage: storage })
const { call } = platform
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) })
const provider = (path: string, init: RequestInit = {}) =>
  fetch(`${ORIGIN}/mock-github${path}`, { ...init, headers: init.body ? { 'content-type': 'application/json' } : {} })
const connection = async (slug = 'acme-corp') => (await call(`/platform/organizations/${slug}/integrations/github`)).json()

/** What the provider's authorise button does: a code for the account, sent back to the redirect URI. */
async function authorize(accountId: number, redirectUri = `${ORIGIN}/integrations/github/authorize`) {
  const answer = await provider(
    '/login/oauth/authorize',
    post({ account_id: accountId, client_id: 'studio-dashboard', redirect_uri: redirectUri, state: 's'.repeat(32) }),
  )
  return { status: answer.status, location: answer.ok ? new URL(((await answer.json()) as { location: string }).location) : null }
}

describe('the mock provider', () => {
  it('lists its accounts, one verified and one not', async () => {
    const accounts = (await (await provider('/api/accounts')).json()) as { login: string; verified: boolean }[]
    expect(accounts.map((a) => [a.login, a.verified])).toEqual([
      ['octo-demo', true],
      ['octo-unverified', false],
    ])
  })

  it('sends a code and the state back to a page of the dashboard only', async () => {
    const { location } = await authorize(octo.id)
    expect(location?.pathname).toBe('/integrations/github/authorize')
    expect(location?.searchParams.get('state')).toBe('s'.repeat(32))
    expect(location?.searchParams.get('code')).toMatch(/^mockcode_/)
    expect((await authorize(octo.id, 'https://evil.example.com/steal')).status).toBe(400)
    expect((await authorize(999)).status).toBe(404)
  })

  it('serves an identicon avatar at the asked size', async () => {
    const answer = await provider('/octo-demo.png?size=96')
    expect(answer.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await answer.text()
    expect(svg).toMatch(/^<svg [^>]*width="96" height="96"/)
    expect(svg).toContain('<rect x=')
    expect(await (await provider('/octo-demo.png?size=96')).text()).toBe(svg)
    expect(await (await provider('/someone-else.png?size=96')).text()).not.toBe(svg)
  })
})

describe('connecting an organization', () => {
  it('starts not connected', async () => {
    expect(await connection()).toEqual({ account: null, connected_at: null, installation: null })
  })

  it('refuses a made-up or expired code', async () => {
    for (const code of ['nonsense', issueAuthorizationCode(octo.id, 'studio-dashboard', Date.now() - CODE_LIFETIME_MS - 1)]) {
      const answer = await call('/platform/integrations/github/authorization', post({ code, organization_slug: 'acme-corp' }))
      expect(answer.status).toBe(400)
      expect(await answer.json()).toEqual({ message: CODE_HOSTING_ERROR.invalidCode })
    }
  })

  it('connects with a code, then the app installation gives the repositories', async () => {
    const code = (await authorize(octo.id)).location!.searchParams.get('code')
    const connected = await call('/platform/integrations/github/authorization', post({ code, organization_slug: 'acme-corp' }))
    expect(connected.status).toBe(201)
    expect(await connection()).toMatchObject({ account: { id: octo.id, login: 'octo-demo' }, installation: null })
    expect((await call('/platform/organizations/acme-corp/integrations/github/repositories')).status).toBe(404)

    // Before the provider installed the app, its id means nothing.
    const early = await call('/platform/integrations/github/installations', post({ installation_id: octo.installationId, organization_slug: 'acme-corp' }))
    expect(early.status).toBe(404)
    const installed = await provider('/api/installations', post({ account_id: octo.id }))
    expect(await installed.json()).toEqual({ installation_id: octo.installationId })
    const linked = await call('/platform/integrations/github/installations', post({ installation_id: octo.installationId, organization_slug: 'acme-corp' }))
    expect(linked.status).toBe(201)
    expect(await connection()).toMatchObject({ account: { login: 'octo-demo' }, installation: { id: octo.installationId } })

    const repositories = (await (await call('/platform/organizations/acme-corp/integrations/github/repositories')).json()) as { full_name: string }[]
    expect(repositories.map((r) => r.full_name)).toEqual(['octo-demo/storefront', 'octo-demo/edge-functions', 'octo-demo/database-migrations'])
  })

  it('keeps the records in browser storage, where another page’s mock platform reads them', async () => {
    expect(storage.getItem(MOCK_CODE_HOSTING_STORAGE_KEY)).toContain('"account_id":583231')
    const popup = await createMockPlatform({ databases: async () => ({}) as never, contentStorage: storage })
    expect(readCodeHostingStore(popup.ctx).connections['acme-corp']?.account_id).toBe(octo.id)
  })

  it('refuses an installation on another account than the connected one', async () => {
    await provider('/api/installations', post({ account_id: unverified.id }))
    const answer = await call(
      '/platform/integrations/github/installations',
      post({ installation_id: unverified.installationId, organization_slug: 'acme-corp' }),
    )
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ message: CODE_HOSTING_ERROR.otherAccount('octo-demo') })
  })

  it('disconnects', async () => {
    expect((await call('/platform/organizations/acme-corp/integrations/github', { method: 'DELETE' })).status).toBe(204)
    expect(await connection()).toMatchObject({ account: null, installation: null })
  })

  it('is only for members of the organization, signed in', async () => {
    expect((await call('/platform/organizations/umbrella-labs/integrations/github')).status).toBe(404)
    expect((await call('/platform/organizations/acme-corp/integrations/github', {}, false)).status).toBe(401)
  })
})

describe('signing in through the provider', () => {
  const callback = async (body: Record<string, unknown>) =>
    new URL(((await (await call('/auth/v1/callback', post(body), false)).json()) as { location: string }).location)
  const back = `${ORIGIN}/sign-in?returnTo=%2Forg%2Facme-corp`

  it('sends a verified account back with a session in the hash, for the GitHub profile', async () => {
    const code = (await authorize(octo.id, `${ORIGIN}/api/auth/v1/callback`)).location!.searchParams.get('code')
    const location = await callback({ code, state: signInState(back) })
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(back)
    const hash = new URLSearchParams(location.hash.slice(1))
    expect(Number(hash.get('expires_in'))).toBeGreaterThan(0)
    const token = hash.get('access_token')!
    const headers = { authorization: `Bearer ${token}` }
    const user = (await (await fetch(`${ORIGIN}/api/auth/v1/user`, { headers })).json()) as { email: string; identities: unknown[] }
    expect(user.email).toBe(octo.email)
    expect(user.identities).toEqual([{ provider: 'github', identity_data: { user_name: 'octo-demo' } }])
    const profile = (await (await fetch(`${ORIGIN}/api/platform/profile`, { headers })).json()) as { auth0_id: string; username: string }
    expect(profile).toMatchObject({ auth0_id: `github|${octo.id}`, username: 'octo-demo' })
  })

  it('an unverified account comes back with the known error text', async () => {
    const code = (await authorize(unverified.id, `${ORIGIN}/api/auth/v1/callback`)).location!.searchParams.get('code')
    const hash = new URLSearchParams((await callback({ code, state: signInState(back) })).hash.slice(1))
    expect(hash.get('error_description')).toBe(SIGN_IN_MESSAGE.unverifiedProviderError)
    expect(hash.has('access_token')).toBe(false)
  })

  it('passes the provider’s own error on, and never sends the browser to another site', async () => {
    const denied = await callback({ error: 'access_denied', error_description: 'The user has denied your application access.', state: signInState(back) })
    expect(new URLSearchParams(denied.hash.slice(1)).get('error_description')).toBe('The user has denied your application access.')
    const elsewhere = await callback({ code: 'nonsense', state: signInState('https://evil.example.com/sign-in') })
    expect(elsewhere.origin).toBe(ORIGIN)
    expect(new URLSearchParams(elsewhere.hash.slice(1)).get('error_description')).toBe('Unable to exchange external code')
  })
})
