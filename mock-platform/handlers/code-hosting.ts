import { http, HttpResponse } from 'msw'
import { FIXTURE_CODE_HOSTING_ACCOUNTS, type FixtureCodeHostingAccount } from '../../fixtures/platform'
import { CODE_HOSTING_AVATAR_SIZE, CODE_HOSTING_MESSAGE, MOCK_CODE_HOSTING_PATH, PERMISSION_RESOURCES, SIGN_IN_MESSAGE } from '../../src/constants'
import { PermissionAction } from '../../src/lib/permissions'
import { hasOwnKey, ownValue, withoutOwnKey } from '../../src/lib/own-record'
import { readCodeHostingStore, updateCodeHostingStore } from '../code-hosting/code-hosting-store'
import type { PlatformContext } from '../context'
import { identiconSvg } from '../code-hosting/identicon'
import { readSignInState } from '../auth/sign-in-state'
import { startAuthSession } from '../auth/auth-sessions'
import { sessionTokens } from './auth'
import { errorResponse, authorizeOrganization, readJson, refuseWithout, withLatency, type RequiredPermission } from './util'

/** What the dashboard checks before connecting, installing or disconnecting (CodeHostingSection). */
const GITHUB_CONNECTION_PERMISSION: RequiredPermission = {
  action: PermissionAction.UPDATE,
  resource: PERMISSION_RESOURCES.githubConnections,
  what: CODE_HOSTING_MESSAGE.permission,
}

const PROVIDER = `*${MOCK_CODE_HOSTING_PATH}`
/** How long an authorisation code can be exchanged, as at the real provider. */
export const CODE_LIFETIME_MS = 10 * 60_000
const CODE_PREFIX = 'mockcode_'

export const CODE_HOSTING_ERROR = {
  invalidCode: 'The GitHub authorization code is invalid or has expired',
  notConnected: 'This organization is not connected to GitHub',
  notInstalled: 'The GitHub app is not installed for this organization',
  unknownInstallation: 'No GitHub app installation with that id',
  otherAccount: (login: string) => `The GitHub app was installed on another account than ${login}, the one this organization is connected to`,
  unknownAccount: 'No such GitHub account',
  badRedirect: 'redirect_uri must be a page of this dashboard',
  organizationNotFound: 'Organization not found',
} as const

interface CodePayload {
  account_id: number
  client_id: string
  exp: number
}

/** Codes are self-contained (like the mock's access tokens): the popup's page and the callback's are different mock instances. */
export function issueAuthorizationCode(accountId: number, clientId: string, now = Date.now()): string {
  return CODE_PREFIX + btoa(JSON.stringify({ account_id: accountId, client_id: clientId, exp: now + CODE_LIFETIME_MS } satisfies CodePayload))
}

/** The account a code names; null for a made-up or expired one, and for any code while the mock provider, their only issuer, is off. */
function readAuthorizationCode(code: unknown, providerOn: boolean, now = Date.now()): FixtureCodeHostingAccount | null {
  if (!providerOn || typeof code !== 'string' || !code.startsWith(CODE_PREFIX)) return null
  try {
    const payload = JSON.parse(atob(code.slice(CODE_PREFIX.length))) as Partial<CodePayload>
    if (typeof payload.exp !== 'number' || payload.exp <= now) return null
    return FIXTURE_CODE_HOSTING_ACCOUNTS.find((a) => a.id === payload.account_id) ?? null
  } catch {
    return null
  }
}

function accountById(id: unknown) {
  return FIXTURE_CODE_HOSTING_ACCOUNTS.find((a) => a.id === Number(id)) ?? null
}

/** An absolute URL on the request's own origin (the dashboard), or null. */
function sameOriginUrl(value: unknown, request: Request): URL | null {
  if (typeof value !== 'string') return null
  try {
    const url = new URL(value)
    return url.origin === new URL(request.url).origin ? url : null
  } catch {
    return null
  }
}

function accountAnswer(account: FixtureCodeHostingAccount) {
  return { id: account.id, login: account.login, name: account.name }
}

/**
 * The code-hosting provider (GitHub) as the mock plays it, the auth service's half of signing in
 * through it, and the platform's connection of an organization to it. The provider's pages are
 * the dashboard's own mock routes (a navigation never reaches a service worker); they call these.
 * With `provider` off (served, unless STUDIO_MOCK_PROVIDERS names it) the provider does not answer
 * and no code is taken: its codes are not signed, so anyone could make one for any of its accounts.
 */
export function codeHostingHandlers(ctx: PlatformContext, { provider }: { provider: boolean }) {
  /** The signed-in member and the organization of a request, or the answer to send instead. */
  /** A member of the organization; for a change (`write`), one who may change its GitHub connection, as the dashboard checks. */
  async function member(request: Request, slug: unknown, write = false) {
    const { user, organization, denied } = await authorizeOrganization(ctx, request, slug, CODE_HOSTING_ERROR.organizationNotFound)
    if (denied) return { denied }
    const refused = write && refuseWithout(ctx, user.id, GITHUB_CONNECTION_PERMISSION, { organizationSlug: organization.slug })
    if (refused) return { denied: refused }
    return { slug: organization.slug, denied: undefined }
  }

  return [
    ...(provider ? providerHandlers(ctx) : []),

    // The auth service's callback: the provider sent the browser back with a code (or an error).
    http.post('*/auth/v1/callback', async ({ request }) => {
      await withLatency(ctx)
      const body = await readJson(request)
      const target = sameOriginUrl(readSignInState(body.state), request) ?? new URL('/', request.url)
      const fail = (error: string, description: string) => {
        target.hash = new URLSearchParams({ error, error_description: description }).toString()
        return HttpResponse.json({ location: target.href })
      }
      if (typeof body.error === 'string') return fail(body.error, typeof body.error_description === 'string' ? body.error_description : body.error)
      const account = readAuthorizationCode(body.code, provider)
      if (!account) return fail('server_error', 'Unable to exchange external code')
      // GoTrue cannot confirm an account whose provider email is unverified (SPEC §8's known text).
      if (!account.verified) return fail('server_error', SIGN_IN_MESSAGE.unverifiedProviderError)
      const user = ctx.db.users.all().find((u) => u.codeHosting?.id === account.id)
      if (!user) return fail('access_denied', 'Signups not allowed for this instance')
      const tokens = sessionTokens(ctx, user.id, startAuthSession(ctx, user.id))
      target.hash = new URLSearchParams({
        access_token: tokens.access_token,
        expires_in: String(tokens.expires_in),
        expires_at: String(tokens.expires_at),
        refresh_token: tokens.refresh_token,
        token_type: 'bearer',
        provider_token: `mock_provider_token_${account.id}`,
      }).toString()
      return HttpResponse.json({ location: target.href })
    }),

    // The platform: connect an organization with a code, link the installation, read, disconnect.
    http.post('*/platform/integrations/github/authorization', async ({ request }) => {
      const body = await readJson(request)
      const { slug, denied } = await member(request, body.organization_slug, true)
      if (denied) return denied
      const account = readAuthorizationCode(body.code, provider)
      if (!account) return errorResponse(400, CODE_HOSTING_ERROR.invalidCode)
      updateCodeHostingStore(ctx, (store) => {
        store.connections[slug] = { account_id: account.id, connected_at: new Date().toISOString() }
      })
      return HttpResponse.json({ account: accountAnswer(account) }, { status: 201 })
    }),
    http.post('*/platform/integrations/github/installations', async ({ request }) => {
      const body = await readJson(request)
      const { slug, denied } = await member(request, body.organization_slug, true)
      if (denied) return denied
      const store = readCodeHostingStore(ctx)
      const connection = ownValue(store.connections, slug)
      if (!connection) return errorResponse(400, CODE_HOSTING_ERROR.notConnected)
      const installation = Object.values(store.installations).find((i) => i.id === Number(body.installation_id))
      if (!installation) return errorResponse(404, CODE_HOSTING_ERROR.unknownInstallation)
      if (installation.account_id !== connection.account_id) {
        return errorResponse(400, CODE_HOSTING_ERROR.otherAccount(accountById(connection.account_id)?.login ?? String(connection.account_id)))
      }
      return HttpResponse.json({ installation: { id: installation.id, created_at: installation.created_at } }, { status: 201 })
    }),
    http.get('*/platform/organizations/:slug/integrations/github', async ({ request, params }) => {
      const { slug, denied } = await member(request, params.slug)
      if (denied) return denied
      const store = readCodeHostingStore(ctx)
      const connection = ownValue(store.connections, slug)
      const account = connection ? accountById(connection.account_id) : null
      const installation = account ? ownValue(store.installations, String(account.id)) : undefined
      return HttpResponse.json({
        account: account ? accountAnswer(account) : null,
        connected_at: connection?.connected_at ?? null,
        installation: installation ? { id: installation.id, created_at: installation.created_at } : null,
      })
    }),
    http.delete('*/platform/organizations/:slug/integrations/github', async ({ request, params }) => {
      const { slug, denied } = await member(request, params.slug, true)
      if (denied) return denied
      updateCodeHostingStore(ctx, (store) => {
        store.connections = withoutOwnKey(store.connections, slug)
      })
      return new HttpResponse(null, { status: 204 })
    }),
    http.get('*/platform/organizations/:slug/integrations/github/repositories', async ({ request, params }) => {
      const { slug, denied } = await member(request, params.slug)
      if (denied) return denied
      const store = readCodeHostingStore(ctx)
      const account = accountById(ownValue(store.connections, slug)?.account_id)
      if (!account || !hasOwnKey(store.installations, String(account.id))) return errorResponse(404, CODE_HOSTING_ERROR.notInstalled)
      return HttpResponse.json(account.repositories.map((r) => ({ ...r, full_name: `${account.login}/${r.name}` })))
    }),
  ]
}

/** The provider itself: its accounts, the authorise and install buttons, avatars. */
function providerHandlers(ctx: PlatformContext) {
  return [
    http.get(`${PROVIDER}/api/accounts`, async () => {
      await withLatency(ctx)
      return HttpResponse.json(
        FIXTURE_CODE_HOSTING_ACCOUNTS.map((a) => ({
          ...accountAnswer(a),
          email: a.email,
          verified: a.verified,
          repositories: a.repositories.map((r) => r.name),
        })),
      )
    }),
    http.post(`${PROVIDER}/login/oauth/authorize`, async ({ request }) => {
      await withLatency(ctx)
      const body = await readJson(request)
      const account = accountById(body.account_id)
      if (!account) return errorResponse(404, CODE_HOSTING_ERROR.unknownAccount)
      const redirect = sameOriginUrl(body.redirect_uri, request)
      if (!redirect || typeof body.client_id !== 'string' || body.client_id === '') return errorResponse(400, CODE_HOSTING_ERROR.badRedirect)
      redirect.searchParams.set('code', issueAuthorizationCode(account.id, body.client_id))
      if (typeof body.state === 'string') redirect.searchParams.set('state', body.state)
      return HttpResponse.json({ location: redirect.href })
    }),
    http.post(`${PROVIDER}/api/installations`, async ({ request }) => {
      await withLatency(ctx)
      const account = accountById((await readJson(request)).account_id)
      if (!account) return errorResponse(404, CODE_HOSTING_ERROR.unknownAccount)
      updateCodeHostingStore(ctx, (store) => {
        if (!hasOwnKey(store.installations, String(account.id))) store.installations[String(account.id)] = { id: account.installationId, account_id: account.id, created_at: new Date().toISOString() }
      })
      return HttpResponse.json({ installation_id: account.installationId }, { status: 201 })
    }),
    http.get(`${PROVIDER}/:file`, ({ params, request }) => {
      const match = /^(.+)\.png$/.exec(String(params.file))
      if (!match?.[1]) return undefined
      const size = Number(new URL(request.url).searchParams.get('size')) || CODE_HOSTING_AVATAR_SIZE
      return new HttpResponse(identiconSvg(decodeURIComponent(match[1]), Math.min(Math.max(size, 16), 460)), {
        headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' },
      })
    }),
  ]
}
