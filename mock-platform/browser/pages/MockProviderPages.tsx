import { useEffect, useMemo, useState } from 'react'
import { Route, Switch, useSearch } from 'wouter'
import {
  CODE_HOSTING_CALLBACK_PATHS,
  CODE_HOSTING_PROVIDER,
  DEFAULT_CODE_HOSTING_CLIENT_ID,
  MOCK_AUTH_CLIENT_ID,
  MOCK_CODE_HOSTING_PATH,
} from '../../../src/constants'
import { authServicePath } from '../../../src/lib/code-hosting'
import { settings } from '../../../src/lib/settings'
import { signInState } from '../../auth/sign-in-state'
import { AccountChoice, ProviderButton, ProviderPage, providerBase, sameOriginUrl, styles, useProviderAccounts } from './provider-chrome'
import { errorMessage } from '../../../src/lib/error-message'

const authPath = authServicePath(settings.authBase)

/**
 * The pages a browser navigates to outside the dashboard — the provider's authorise and app
 * installation pages, and the auth service's provider sign-in redirects. A service worker never
 * sees a navigation, so in dev and tests the mock platform serves them as routes of this app;
 * they talk to its handlers with fetch. Registered only while the mock platform runs.
 */
export default function MockProviderPages() {
  return (
    <Switch>
      <Route path={`${MOCK_CODE_HOSTING_PATH}/login/oauth/authorize`} component={AuthorizePage} />
      <Route path={`${MOCK_CODE_HOSTING_PATH}/apps/:app/installations/new`} component={InstallPage} />
      <Route path={`${authPath}/authorize`} component={AuthServiceAuthorize} />
      <Route path={`${authPath}/callback`} component={AuthServiceCallback} />
      <Route>
        <ProviderPage title="Not found">
          <p style={styles.muted}>The mock provider has no page here.</p>
        </ProviderPage>
      </Route>
    </Switch>
  )
}

function appName(clientId: string): string {
  if (clientId === settings.codeHosting.clientId || clientId === DEFAULT_CODE_HOSTING_CLIENT_ID) return 'Studio'
  if (clientId === MOCK_AUTH_CLIENT_ID) return 'Studio sign-in'
  return clientId
}

/** GitHub's `login/oauth/authorize`: pick an account, authorise, and go back to redirect_uri with a code and the state. */
function AuthorizePage() {
  const params = new URLSearchParams(useSearch())
  const clientId = params.get('client_id') ?? ''
  const state = params.get('state') ?? ''
  const redirect = sameOriginUrl(params.get('redirect_uri'))
  const { accounts, error: loadError } = useProviderAccounts()
  const [accountId, setAccountId] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const chosen = accountId ?? accounts?.[0]?.id ?? null

  if (!clientId || !redirect) {
    return (
      <ProviderPage title="Bad authorisation request">
        <p style={styles.error}>The request needs a client_id and a redirect_uri on this site.</p>
      </ProviderPage>
    )
  }

  async function authorize() {
    setSending(true)
    setError(null)
    try {
      const answer = await fetch(`${providerBase}/login/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account_id: chosen, client_id: clientId, redirect_uri: redirect!.href, state }),
      })
      const body = (await answer.json()) as { location?: string; message?: string }
      if (!answer.ok || !body.location) throw new Error(body.message ?? `Authorisation failed (${answer.status})`)
      window.location.replace(body.location)
    } catch (e) {
      setError(errorMessage(e))
      setSending(false)
    }
  }

  function deny() {
    // What GitHub does on Cancel: back to the application with access_denied and the state.
    const back = new URL(redirect!.href)
    back.searchParams.set('error', 'access_denied')
    back.searchParams.set('error_description', 'The user has denied your application access.')
    if (state) back.searchParams.set('state', state)
    window.location.replace(back.href)
  }

  return (
    <ProviderPage title={`Authorize ${appName(clientId)}`}>
      <p style={{ ...styles.muted, textAlign: 'center' }}>
        {appName(clientId)} wants to read your {CODE_HOSTING_PROVIDER.name} profile and email address.
      </p>
      {loadError ? <p style={styles.error}>{loadError}</p> : null}
      {accounts ? <AccountChoice accounts={accounts} value={chosen} onChange={setAccountId} /> : <p style={styles.muted}>Loading accounts…</p>}
      {error ? <p style={styles.error}>{error}</p> : null}
      <div style={styles.buttons}>
        <ProviderButton onClick={deny} disabled={sending}>
          Cancel
        </ProviderButton>
        <ProviderButton primary onClick={() => void authorize()} disabled={sending || chosen === null}>
          Authorize {appName(clientId)}
        </ProviderButton>
      </div>
      <p style={{ ...styles.muted, fontSize: 12, textAlign: 'center' }}>
        Authorizing will redirect to <strong>{redirect.origin}</strong>
      </p>
    </ProviderPage>
  )
}

/** GitHub's `apps/{app}/installations/new`: install on an account, then the app's setup URL with the installation id and the state. */
function InstallPage({ params: route }: { params: { app: string } }) {
  const params = new URLSearchParams(useSearch())
  const state = params.get('state') ?? ''
  const { accounts, error: loadError } = useProviderAccounts()
  const [accountId, setAccountId] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const chosen = accountId ?? accounts?.[0]?.id ?? null
  const repositories = accounts?.find((a) => a.id === chosen)?.repositories ?? []
  const name = route.app === settings.codeHosting.appSlug ? 'Studio' : route.app

  async function install() {
    setSending(true)
    setError(null)
    try {
      const answer = await fetch(`${providerBase}/api/installations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account_id: chosen }),
      })
      const body = (await answer.json()) as { installation_id?: number; message?: string }
      if (!answer.ok || !body.installation_id) throw new Error(body.message ?? `Installation failed (${answer.status})`)
      // The app's setup URL, as configured at the provider: the dashboard's install callback.
      const setup = new URL(`${settings.basePath}${CODE_HOSTING_CALLBACK_PATHS.install}`, window.location.origin)
      setup.searchParams.set('installation_id', String(body.installation_id))
      setup.searchParams.set('setup_action', 'install')
      if (state) setup.searchParams.set('state', state)
      window.location.replace(setup.href)
    } catch (e) {
      setError(errorMessage(e))
      setSending(false)
    }
  }

  return (
    <ProviderPage title={`Install ${name}`}>
      <p style={{ ...styles.muted, textAlign: 'center' }}>
        Choose the account to install the {name} app on. It will be able to read the account’s repositories.
      </p>
      {loadError ? <p style={styles.error}>{loadError}</p> : null}
      {accounts ? <AccountChoice accounts={accounts} value={chosen} onChange={setAccountId} /> : <p style={styles.muted}>Loading accounts…</p>}
      {repositories.length ? (
        <p style={styles.muted}>
          Repositories: <strong>{repositories.join(', ')}</strong>
        </p>
      ) : null}
      {error ? <p style={styles.error}>{error}</p> : null}
      <div style={styles.buttons}>
        <ProviderButton onClick={() => window.close()} disabled={sending}>
          Cancel
        </ProviderButton>
        <ProviderButton primary onClick={() => void install()} disabled={sending || chosen === null}>
          Install
        </ProviderButton>
      </div>
    </ProviderPage>
  )
}

/** The auth service's own words for a provider it does not offer. */
const UNSUPPORTED_PROVIDER_MESSAGE = 'Unsupported provider: provider is not enabled'

/** The auth service's `authorize?provider=…&redirect_to=…`: off to the provider's authorise page, its state carrying redirect_to. */
function AuthServiceAuthorize() {
  const search = useSearch()
  const params = useMemo(() => new URLSearchParams(search), [search])
  const provider = params.get('provider')
  const supported = provider === CODE_HOSTING_PROVIDER.id
  useEffect(() => {
    const redirectTo = sameOriginUrl(params.get('redirect_to'))?.href ?? `${window.location.origin}${settings.basePath}/`
    if (!supported) {
      // The auth service knows only the code-hosting provider: back to the app with its error (an operator's
      // custom provider, SPEC §3, is not configured on the mock service).
      const back = new URL(redirectTo)
      back.searchParams.set('error', 'validation_failed')
      back.searchParams.set('error_description', UNSUPPORTED_PROVIDER_MESSAGE)
      window.location.replace(back.href)
      return
    }
    const target = new URL(`${providerBase}/login/oauth/authorize`, window.location.origin)
    target.searchParams.set('client_id', MOCK_AUTH_CLIENT_ID)
    target.searchParams.set('redirect_uri', `${window.location.origin}${authPath}/callback`)
    target.searchParams.set('scope', 'user:email')
    target.searchParams.set('state', signInState(redirectTo))
    window.location.replace(target.href)
  }, [supported, params])
  return (
    <ProviderPage title={supported ? 'Redirecting…' : 'Unsupported provider'}>
      <p style={supported ? styles.muted : styles.error}>
        {supported ? 'Taking you to GitHub.' : UNSUPPORTED_PROVIDER_MESSAGE}
      </p>
    </ProviderPage>
  )
}

/** The auth service's `callback`: the provider came back; the service answers where to go (the session in the hash, or the error). */
function AuthServiceCallback() {
  const search = useSearch()
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const params = new URLSearchParams(search)
    fetch(`${settings.authBase}/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(params)),
    })
      .then(async (answer) => {
        const body = (await answer.json()) as { location?: string; message?: string }
        if (!answer.ok || !body.location) throw new Error(body.message ?? `The auth service answered ${answer.status}`)
        window.location.replace(body.location)
      })
      .catch((e: unknown) => setError(errorMessage(e)))
  }, [search])
  return (
    <ProviderPage title={error ? 'Sign-in failed' : 'Signing in…'}>
      <p style={error ? styles.error : styles.muted}>{error ?? 'Finishing the sign-in.'}</p>
    </ProviderPage>
  )
}
