import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { authorizeCodeHosting, linkCodeHostingInstallation } from '../../api/queries/code-hosting'
import { CODE_HOSTING_CALLBACK_PATHS, CODE_HOSTING_MESSAGE } from '../../constants'
import { Button } from '../../ui/button'
import { PageMain } from '../../ui/page-main'
import { Spinner } from '../../ui/spinner'
import { takePendingAuthorization, type CodeHostingPurpose } from './pending-authorization'
import { errorMessage } from '../../lib/error-message'

const MESSAGE = CODE_HOSTING_MESSAGE

type Outcome = { status: 'working' } | { status: 'done' } | { status: 'failed'; message: string }

/** What the provider sent back: the OAuth code, or the installation id of the app's setup URL. */
async function finish(purpose: CodeHostingPurpose, params: URLSearchParams): Promise<void> {
  const providerError = params.get('error_description') ?? params.get('error')
  if (providerError) throw new Error(providerError)
  const pending = takePendingAuthorization(params.get('state'), purpose)
  if (!pending) throw new Error(MESSAGE.stateMismatch)
  if (purpose === 'authorize') {
    const code = params.get('code')
    if (!code) throw new Error(MESSAGE.missingCode)
    await authorizeCodeHosting(pending.organization, code)
  } else {
    const installationId = Number(params.get('installation_id'))
    if (!Number.isInteger(installationId) || installationId <= 0) throw new Error(MESSAGE.missingInstallation)
    await linkCodeHostingInstallation(pending.organization, installationId)
  }
}

/**
 * The page the provider sends the popup back to (the OAuth callback, or the app's setup URL): it
 * checks the state against the stored one, hands the code or installation to the platform and
 * closes the popup, which the opener's polling notices (SPEC §4).
 */
export default function CodeHostingCallbackPage() {
  const [location] = useLocation()
  const search = useSearch()
  const purpose: CodeHostingPurpose = location.startsWith(CODE_HOSTING_CALLBACK_PATHS.install) ? 'install' : 'authorize'
  const [outcome, setOutcome] = useState<Outcome>({ status: 'working' })
  // The state token is used up by the first attempt: a re-run effect must not try a second time.
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    finish(purpose, new URLSearchParams(search)).then(
      () => {
        setOutcome({ status: 'done' })
        window.close()
      },
      (error: unknown) => setOutcome({ status: 'failed', message: errorMessage(error) }),
    )
  }, [purpose, search])

  return (
    <PageMain className={css({ minH: '100vh', display: 'grid', placeItems: 'center', p: '6' })}>
      <div className={css({ maxW: 'md', display: 'flex', flexDir: 'column', gap: '3', alignItems: 'center', textAlign: 'center' })}>
        {outcome.status === 'working' ? (
          <p className={css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted' })}>
            <Spinner label={MESSAGE.callbackWorking[purpose]} /> {MESSAGE.callbackWorking[purpose]}
          </p>
        ) : outcome.status === 'done' ? (
          <p>{MESSAGE.callbackDone}</p>
        ) : (
          <div role="alert" className={css({ display: 'flex', flexDir: 'column', gap: '2', alignItems: 'center' })}>
            <strong>{MESSAGE.callbackFailedTitle}</strong>
            <p className={css({ color: 'fg.muted' })}>{outcome.message}</p>
          </div>
        )}
        {outcome.status !== 'working' ? <Button onClick={() => window.close()}>{MESSAGE.closeWindow}</Button> : null}
      </div>
    </PageMain>
  )
}
