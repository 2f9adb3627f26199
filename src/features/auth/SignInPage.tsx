import { KeyRound } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation, useSearch } from 'wouter'
import { signInMachine } from '../../../machines/sign-in.machine'
import { CODE_HOSTING_MESSAGE, CODE_HOSTING_PROVIDER, DEMO_CREDENTIALS, SIGN_UP_MESSAGE, SIGN_UP_PATH, SUPPORT_EMAIL } from '../../constants'
import { providerSignInUrl, readAuthRedirect, signInErrorMessage } from '../../lib/code-hosting'
import { resolveReturnPath } from '../../lib/return-path'
import { customProviderId } from '../../lib/custom-content'
import { settings } from '../../lib/settings'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/field'
import { PageMain } from '../../ui/page-main'
import { authCardClass, authPageClass } from './auth-page'
import { EmailField } from './EmailField'
import { showToast } from '../../ui/toast'
import { ProviderMark } from '../code-hosting'
import { abandonSecondFactor, completeProviderSignIn, signInWithPassword, verifySecondFactor } from './session-actions'
import { SecondFactorForm } from './SecondFactorForm'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { useInspectedMachine } from '../../ui/use-inspected-machine'

/** What the auth service may add to the sign-in URL when it sends the browser back. */
const REDIRECT_ERROR_PARAMS = ['error', 'error_code', 'error_description']

export default function SignInPage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [snapshot, send] = useInspectedMachine(
    signInMachine.provide({
      actors: {
        authenticate: fromPromiseUntilStopped(({ input }) => signInWithPassword(input)),
        completeProviderSignIn: fromPromiseUntilStopped(({ input }) => completeProviderSignIn(input)),
        verifyCode: fromPromiseUntilStopped(({ input }) => verifySecondFactor(input)),
      },
      actions: {
        abandonSecondFactor: (_, { asked }) => void (asked && abandonSecondFactor(asked)),
        // SPEC §8: an unverified provider account gets its own message; any other error shows its own.
        notifyError: (_, { message }) => void showToast('error', signInErrorMessage(message, SUPPORT_EMAIL)),
        redirectToProvider: (_, { provider }) => {
          // The auth service sends the browser back to this page (returnTo and all), the session in the hash.
          const params = new URLSearchParams(search)
          for (const key of REDIRECT_ERROR_PARAMS) params.delete(key)
          const back = `${window.location.origin}${settings.basePath}/sign-in${params.size ? `?${params}` : ''}`
          window.location.assign(providerSignInUrl(settings.authBase, provider, back))
        },
        onSignedIn: () => {
          const params = new URLSearchParams(search)
          const returnTo = params.get('returnTo')
          params.delete('returnTo')
          for (const key of REDIRECT_ERROR_PARAMS) params.delete(key)
          navigate(resolveReturnPath(returnTo, { basePath: settings.basePath, otherParams: params }), { replace: true })
        },
      },
    }),
  )
  const submitting = snapshot.matches('submitting') || snapshot.matches('signedIn')
  const withProvider = snapshot.matches('redirecting') || snapshot.matches('completingProvider')
  const startedWith = snapshot.context.provider
  // SPEC §3 custom content: an operator's single sign-on provider, offered beside the code-hosting one.
  const customProvider = settings.customContent['dashboard_auth:custom_provider']

  // Back from the provider: the session (or the error) is in the URL once; read it, then wipe it
  // from the address bar and history so tokens never linger there.
  useEffect(() => {
    const answer = readAuthRedirect(window.location.hash, window.location.search)
    if (!answer) return
    const url = new URL(window.location.href)
    url.hash = ''
    for (const key of REDIRECT_ERROR_PARAMS) url.searchParams.delete(key)
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`)
    send(answer.type === 'session' ? { type: 'provider.session', session: answer } : { type: 'provider.failed', message: answer.message })
  }, [send])

  // A page restored from the back/forward cache after leaving for the provider shows the form again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) send({ type: 'reset' })
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [send])

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    send({ type: 'submit', credentials: { email, password } })
  }

  const asked = snapshot.context.secondFactor
  if (asked && (snapshot.matches('secondFactor') || snapshot.matches('verifyingCode'))) {
    return (
      <PageMain className={authPageClass}>
        <SecondFactorForm
          factorName={asked.factorName}
          verifying={snapshot.matches('verifyingCode')}
          error={snapshot.context.error}
          onSubmit={(code) => send({ type: 'code.submit', code })}
          onEdit={() => send({ type: 'code.edit' })}
          onCancel={() => send({ type: 'cancel' })}
        />
      </PageMain>
    )
  }

  return (
    <PageMain className={authPageClass}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="sign-in-heading"
        className={authCardClass}
      >
        <div>
          <h1 id="sign-in-heading" className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>
            Welcome back
          </h1>
          <p className={css({ color: 'fg.muted' })}>Sign in to your account</p>
        </div>
        <Button
          size="lg"
          onClick={() => send({ type: 'provider.start', provider: CODE_HOSTING_PROVIDER.id })}
          loading={withProvider && startedWith === CODE_HOSTING_PROVIDER.id}
          disabled={submitting || withProvider}
        >
          <ProviderMark />
          {snapshot.matches('redirecting') && startedWith === CODE_HOSTING_PROVIDER.id
            ? CODE_HOSTING_MESSAGE.redirecting
            : snapshot.matches('completingProvider')
              ? 'Signing in…'
              : CODE_HOSTING_MESSAGE.continueWith}
        </Button>
        {customProvider ? (
          <Button
            size="lg"
            onClick={() => send({ type: 'provider.start', provider: customProviderId(customProvider) })}
            loading={snapshot.matches('redirecting') && startedWith !== CODE_HOSTING_PROVIDER.id}
            disabled={submitting || withProvider}
          >
            <KeyRound size={16} aria-hidden />
            {`Continue with ${customProvider}`}
          </Button>
        ) : null}
        <div
          aria-hidden
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '3',
            color: 'fg.subtle',
            fontSize: 'xs',
            _before: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
            _after: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
          })}
        >
          or
        </div>
        <EmailField
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            send({ type: 'edit' })
          }}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value)
            send({ type: 'edit' })
          }}
          error={snapshot.context.error}
        />
        <Button type="submit" variant="primary" size="lg" loading={submitting} disabled={withProvider}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </Button>
        <p className={css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })}>
          {SIGN_UP_MESSAGE.noAccount}{' '}
          <Link href={search ? `${SIGN_UP_PATH}?${search}` : SIGN_UP_PATH} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
            {SIGN_UP_MESSAGE.signUp}
          </Link>
        </p>
        {settings.mockPlatform ? (
          <p className={css({ fontSize: 'xs', color: 'fg.muted', textAlign: 'center' })}>
            Demo account: <code>{DEMO_CREDENTIALS.email}</code> / <code>{DEMO_CREDENTIALS.password}</code>
          </p>
        ) : null}
      </form>
    </PageMain>
  )
}
