// The code-hosting provider (GitHub) integration: pure helpers for URLs, the state token, the
// popup's window features, the auth service's redirect back and the sign-in error texts.
import * as v from 'valibot'
import { CODE_HOSTING_AVATAR_SIZE, OAUTH_STATE_LENGTH, SIGN_IN_MESSAGE } from '../constants'

/** SPEC §3: an auth0_id starting with the provider's lower-case name marks a login through that provider. */
export function isProviderAccount(auth0Id: string | null | undefined, provider: string): boolean {
  const prefix = provider.toLowerCase()
  return typeof auth0Id === 'string' && prefix !== '' && auth0Id.startsWith(prefix)
}

/** The user's name at the provider: the provider identity's user_name, else the profile's username. */
export function providerUsername(
  profile: { username: string; identities?: readonly { provider: string; identity_data?: { user_name?: string } }[] },
  providerId: string,
): string {
  const identity = profile.identities?.find((i) => i.provider === providerId)
  return identity?.identity_data?.user_name || profile.username
}

/** SPEC §7: the avatar comes from the provider username at size 96 (`{base}/{username}.png?size=96`). */
export function codeHostingAvatarUrl(baseUrl: string, username: string, size: number = CODE_HOSTING_AVATAR_SIZE): string {
  return `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(username)}.png?size=${size}`
}

const STATE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * SPEC §4: the random state token, 32 letters and digits. 62 does not divide 256, so bytes at or
 * above 248 (4 × 62) are drawn again: every character is equally likely.
 */
export function createOAuthState(fillRandom: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  let state = ''
  while (state.length < OAUTH_STATE_LENGTH) {
    for (const byte of fillRandom(new Uint8Array(OAUTH_STATE_LENGTH))) {
      if (byte < STATE_ALPHABET.length * 4 && state.length < OAUTH_STATE_LENGTH) state += STATE_ALPHABET[byte % STATE_ALPHABET.length]
    }
  }
  return state
}

/** Adds query parameters to a URL that may be relative (`/mock-github/…`) or absolute, keeping its own. */
export function withQueryParams(url: string, params: Record<string, string>): string {
  const hash = url.indexOf('#')
  const [base, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)]
  const query = new URLSearchParams(params).toString()
  if (query === '') return url
  return `${base}${base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'}${query}${fragment}`
}

/** The provider's OAuth authorise page for the integration (the state is added when the popup opens). */
export function codeHostingAuthorizeUrl(baseUrl: string, options: { clientId: string; redirectUri: string }): string {
  return withQueryParams(`${baseUrl.replace(/\/+$/, '')}/login/oauth/authorize`, { client_id: options.clientId, redirect_uri: options.redirectUri })
}

/** The provider's page that installs the app on an account; it comes back to the app's setup URL. */
export function codeHostingInstallUrl(baseUrl: string, appSlug: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/apps/${encodeURIComponent(appSlug)}/installations/new`
}

/** The auth service's provider sign-in (GoTrue `authorize`), which comes back to `redirectTo` with the session in the hash. */
export function providerSignInUrl(authBase: string, providerId: string, redirectTo: string): string {
  return withQueryParams(`${authBase.replace(/\/+$/, '')}/authorize`, { provider: providerId, redirect_to: redirectTo })
}

/** The path of the auth service's base (`/api/auth/v1`), where the mock platform plays its provider sign-in pages. */
export function authServicePath(authBase: string): string {
  return new URL(authBase, 'http://placeholder.invalid').pathname.replace(/\/+$/, '')
}

/** Window features of the popup: the given size, centred over the opener window. */
export function popupFeatures(
  size: { width: number; height: number },
  opener: { screenX: number; screenY: number; outerWidth: number; outerHeight: number },
): string {
  const left = Math.max(0, Math.round(opener.screenX + (opener.outerWidth - size.width) / 2))
  const top = Math.max(0, Math.round(opener.screenY + (opener.outerHeight - size.height) / 2))
  return `popup=yes,width=${size.width},height=${size.height},left=${left},top=${top},scrollbars=yes,resizable=yes`
}

const PositiveInteger = v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(1))
const SessionRedirectSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  refresh_token: v.optional(v.string()),
  expires_in: PositiveInteger,
})

export type AuthRedirect = { type: 'session'; accessToken: string; refreshToken: string | undefined; expiresIn: number } | { type: 'error'; message: string }

/**
 * What the auth service put in the URL when it sent the browser back after a provider sign-in:
 * the session in the hash (`#access_token=…&refresh_token=…&expires_in=…`) or an error
 * (`error_description`, in the hash or the query). Null when the URL carries neither.
 */
export function readAuthRedirect(hash: string, search = ''): AuthRedirect | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  const query = new URLSearchParams(search.replace(/^\?/, ''))
  const error = fragment.get('error_description') ?? query.get('error_description') ?? fragment.get('error') ?? query.get('error')
  if (error !== null) return { type: 'error', message: error.trim() || 'Sign-in failed' }
  if (!fragment.has('access_token')) return null
  const parsed = v.safeParse(SessionRedirectSchema, Object.fromEntries(fragment))
  if (!parsed.success) return { type: 'error', message: `The sign-in answer was incomplete: ${v.summarize(parsed.issues)}` }
  return { type: 'session', accessToken: parsed.output.access_token, refreshToken: parsed.output.refresh_token, expiresIn: parsed.output.expires_in }
}

/** SPEC §8: an unverified provider account gets its own message with the support address; any other error shows its own message. */
export function signInErrorMessage(message: string, supportEmail: string): string {
  return message.trim() === SIGN_IN_MESSAGE.unverifiedProviderError ? SIGN_IN_MESSAGE.unverifiedProviderToast(supportEmail) : message
}
