import { describe, expect, it } from 'vitest'
import { CODE_HOSTING_PROVIDER, OAUTH_STATE_LENGTH, POPUP_SIZE, SIGN_IN_MESSAGE, SUPPORT_EMAIL } from '../constants'
import {
  authServicePath,
  codeHostingAuthorizeUrl,
  codeHostingAvatarUrl,
  codeHostingInstallUrl,
  createOAuthState,
  isProviderAccount,
  popupFeatures,
  providerSignInUrl,
  providerUsername,
  readAuthRedirect,
  signInErrorMessage,
  withQueryParams,
} from './code-hosting'
import { parseSettings } from './settings'

describe('isProviderAccount', () => {
  it('is true when auth0_id starts with the provider’s lower-case name', () => {
    expect(isProviderAccount('github|583231', CODE_HOSTING_PROVIDER.name)).toBe(true)
    expect(isProviderAccount('github|583231', 'github')).toBe(true)
  })

  it('is false for other logins, a differently cased prefix, and missing values', () => {
    expect(isProviderAccount('email|6f1c1d5e', CODE_HOSTING_PROVIDER.name)).toBe(false)
    expect(isProviderAccount('GitHub|583231', CODE_HOSTING_PROVIDER.name)).toBe(false)
    expect(isProviderAccount('auth0|github', CODE_HOSTING_PROVIDER.name)).toBe(false)
    expect(isProviderAccount('', CODE_HOSTING_PROVIDER.name)).toBe(false)
    expect(isProviderAccount(undefined, CODE_HOSTING_PROVIDER.name)).toBe(false)
    expect(isProviderAccount(null, CODE_HOSTING_PROVIDER.name)).toBe(false)
    expect(isProviderAccount('github|1', '')).toBe(false)
  })
})

describe('providerUsername', () => {
  it('prefers the provider identity’s user_name, else the profile username', () => {
    const identities = [
      { provider: 'email', identity_data: {} },
      { provider: 'github', identity_data: { user_name: 'octo-demo' } },
    ]
    expect(providerUsername({ username: 'octo', identities }, 'github')).toBe('octo-demo')
    expect(providerUsername({ username: 'octo', identities: [{ provider: 'github', identity_data: {} }] }, 'github')).toBe('octo')
    expect(providerUsername({ username: 'octo' }, 'github')).toBe('octo')
  })
})

describe('URLs', () => {
  it('loads the avatar from the username at size 96', () => {
    expect(codeHostingAvatarUrl('https://github.com', 'octo-demo')).toBe('https://github.com/octo-demo.png?size=96')
    expect(codeHostingAvatarUrl('/mock-github/', 'a b')).toBe('/mock-github/a%20b.png?size=96')
  })

  it('builds the authorise, install and provider sign-in URLs', () => {
    expect(codeHostingAuthorizeUrl('https://github.com', { clientId: 'abc', redirectUri: 'http://localhost:4173/integrations/github/authorize' })).toBe(
      'https://github.com/login/oauth/authorize?client_id=abc&redirect_uri=http%3A%2F%2Flocalhost%3A4173%2Fintegrations%2Fgithub%2Fauthorize',
    )
    expect(codeHostingInstallUrl('/mock-github', 'studio')).toBe('/mock-github/apps/studio/installations/new')
    expect(providerSignInUrl('/api/auth/v1/', 'github', 'http://localhost/sign-in?returnTo=%2Forg%2Fa')).toBe(
      '/api/auth/v1/authorize?provider=github&redirect_to=http%3A%2F%2Flocalhost%2Fsign-in%3FreturnTo%3D%252Forg%252Fa',
    )
  })

  it('finds the auth service’s path, relative or absolute', () => {
    expect(authServicePath('/api/auth/v1')).toBe('/api/auth/v1')
    expect(authServicePath('https://auth.example.com/auth/v1/')).toBe('/auth/v1')
  })

  it('adds query parameters to relative and absolute URLs, keeping their own and the hash', () => {
    expect(withQueryParams('/a', { state: 'x' })).toBe('/a?state=x')
    expect(withQueryParams('/a?b=1', { state: 'x y' })).toBe('/a?b=1&state=x+y')
    expect(withQueryParams('https://h/a?b=1#frag', { state: 'x' })).toBe('https://h/a?b=1&state=x#frag')
    expect(withQueryParams('/a?', { state: 'x' })).toBe('/a?state=x')
    expect(withQueryParams('/a', {})).toBe('/a')
  })
})

describe('createOAuthState', () => {
  it('is 32 letters and digits, and differs between calls', () => {
    const a = createOAuthState()
    const b = createOAuthState()
    expect(a).toHaveLength(OAUTH_STATE_LENGTH)
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(a).not.toBe(b)
  })

  it('draws again for bytes that would bias the alphabet', () => {
    let call = 0
    // First fill: every byte is 255 (rejected); second: 0..31 map to A..Z, a..f.
    const fill = (bytes: Uint8Array) => {
      bytes.set(call++ === 0 ? bytes.map(() => 255) : bytes.map((_, i) => i))
      return bytes
    }
    expect(createOAuthState(fill)).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef')
    expect(call).toBe(2)
  })
})

describe('popupFeatures', () => {
  it('asks for 600 × 800, centred over the opener', () => {
    const features = popupFeatures(POPUP_SIZE, { screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 1000 })
    expect(features).toContain('width=600')
    expect(features).toContain('height=800')
    expect(features).toContain('left=500')
    expect(features).toContain('top=150')
  })

  it('never places the popup off the top-left of the screen', () => {
    const features = popupFeatures(POPUP_SIZE, { screenX: 0, screenY: 0, outerWidth: 400, outerHeight: 300 })
    expect(features).toContain('left=0')
    expect(features).toContain('top=0')
  })
})

describe('readAuthRedirect', () => {
  it('reads the session from the hash', () => {
    expect(readAuthRedirect('#access_token=tok&refresh_token=ref&expires_in=3600&token_type=bearer')).toEqual({
      type: 'session',
      accessToken: 'tok',
      refreshToken: 'ref',
      expiresIn: 3600,
    })
  })

  it('reads the error from the hash or the query', () => {
    expect(readAuthRedirect('#error=server_error&error_description=Error+sending+confirmation+mail')).toEqual({
      type: 'error',
      message: SIGN_IN_MESSAGE.unverifiedProviderError,
    })
    expect(readAuthRedirect('', '?error=access_denied&error_description=The+user+has+denied+your+application+access.')).toEqual({
      type: 'error',
      message: 'The user has denied your application access.',
    })
    expect(readAuthRedirect('#error=access_denied')).toEqual({ type: 'error', message: 'access_denied' })
  })

  it('is null when the URL carries no answer, and an error when the session is incomplete', () => {
    expect(readAuthRedirect('')).toBeNull()
    expect(readAuthRedirect('#section', '?returnTo=%2Forg%2Fa')).toBeNull()
    expect(readAuthRedirect('#access_token=tok')).toMatchObject({ type: 'error' })
    expect(readAuthRedirect('#access_token=tok&expires_in=soon')).toMatchObject({ type: 'error' })
  })
})

describe('signInErrorMessage', () => {
  it('turns the unverified-account error into the SPEC §8 message with the support address', () => {
    expect(signInErrorMessage('Error sending confirmation mail', SUPPORT_EMAIL)).toBe(
      `Please verify your email on GitHub first, then reach out to us at ${SUPPORT_EMAIL} to log into the dashboard`,
    )
  })

  it('leaves any other error as it is', () => {
    expect(signInErrorMessage('Invalid login credentials', SUPPORT_EMAIL)).toBe('Invalid login credentials')
    expect(signInErrorMessage('The user has denied your application access.', SUPPORT_EMAIL)).toBe('The user has denied your application access.')
  })
})

describe('code-hosting settings', () => {
  it('defaults to the mock platform’s page on this origin, or the real site without the mock', () => {
    expect(parseSettings({}).codeHosting).toEqual({ baseUrl: '/mock-github', clientId: 'studio-dashboard', appSlug: 'studio' })
    expect(parseSettings({ BASE_URL: '/dashboard/' }).codeHosting.baseUrl).toBe('/dashboard/mock-github')
    expect(parseSettings({ VITE_MOCK_PLATFORM: 'off' }).codeHosting.baseUrl).toBe('https://github.com')
  })

  it('takes an http(s) base URL, client id and app slug from the environment', () => {
    const settings = parseSettings({
      VITE_CODE_HOSTING_BASE_URL: 'https://github.example.com/',
      VITE_CODE_HOSTING_CLIENT_ID: 'Iv1.abc',
      VITE_CODE_HOSTING_APP_SLUG: 'acme-studio',
    })
    expect(settings.codeHosting).toEqual({ baseUrl: 'https://github.example.com', clientId: 'Iv1.abc', appSlug: 'acme-studio' })
    expect(parseSettings({ VITE_CODE_HOSTING_BASE_URL: 'javascript:alert(1)' }).codeHosting.baseUrl).toBe('/mock-github')
  })
})
