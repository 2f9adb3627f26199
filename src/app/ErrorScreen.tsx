import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { ERROR_SCREEN } from '../constants'
import type { Settings } from '../lib/settings'
import { codeBlock } from '../ui/code-block'
import { CopyButton } from '../ui/copy-button'
import { Button } from '../ui/button'
import { PageMain } from '../ui/page-main'

/** A DOM node removal or insertion failure is usually a page translator or an extension at work (SPEC §2). */
export function isDomMutationError(message: string): boolean {
  return /removeChild|insertBefore|(remove|insert)[^.]*(node|child)|is not a child of this node/i.test(message)
}

/** The support form link, prefilled as SPEC §2 describes; sid only when an error-report id exists. */
export function supportLinkFor(error: { message: string; stack?: string }, pathname: string, reportId?: string): string {
  const params = new URLSearchParams({ category: 'dashboard_bug' })
  if (reportId) params.set('sid', reportId)
  params.set('subject', `Dashboard error on ${pathname}`)
  params.set('message', error.stack ?? error.message)
  return `/support/new?${params.toString()}`
}

export interface ErrorScreenProps {
  error: Error
  reportId?: string
  environment: Settings['environment']
  pathname: string
  onReset: () => void
  onReload: () => void
}

const linkClass = css({ color: 'accent.default', textDecoration: 'underline', textUnderlineOffset: '2px' })

export function ErrorScreen({ error, reportId, environment, pathname, onReset, onReload }: ErrorScreenProps) {
  const supportHref = supportLinkFor(error, pathname, reportId)
  const errorText = `${ERROR_SCREEN.clientException}: ${error.message}`
  const translator = isDomMutationError(error.message)
  return (
    <PageMain className={css({ minH: '100vh', display: 'grid', placeItems: 'center', p: '6', bg: 'bg.canvas' })}>
      {/* The alert is the card, not the page: a role on <main> would take its landmark away. */}
      <div
        role="alert"
        className={css({
          w: 'full',
          maxW: '2xl',
          bg: 'bg.surface',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'lg',
          p: '8',
          display: 'flex',
          flexDir: 'column',
          gap: '5',
        })}
      >
        <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{ERROR_SCREEN.heading}</h1>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
          <pre data-testid="error-text" className={cx(codeBlock(), css({ flex: '1' }))}>
            {errorText}
          </pre>
          <CopyButton text={`${errorText}\n\n${error.stack ?? ''}`} label={ERROR_SCREEN.copyError} />
        </div>
        {translator ? (
          <div className={css({ bg: 'warning.subtle', borderRadius: 'md', p: '4', display: 'flex', flexDir: 'column', gap: '3' })}>
            <p>{ERROR_SCREEN.translatorWarning}</p>
            <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
              <Button onClick={onReload}>Refresh</Button>
              <a className={linkClass} href={supportHref}>
                {ERROR_SCREEN.stillStuck}
              </a>
            </div>
          </div>
        ) : (
          <div>
            <p className={css({ color: 'fg.muted', mb: '2' })}>You can try:</p>
            <ul className={css({ listStyle: 'disc', pl: '5', display: 'flex', flexDir: 'column', gap: '1' })}>
              <li>{ERROR_SCREEN.suggestions[0]}</li>
              <li>
                <a className={linkClass} href="/logout">
                  {ERROR_SCREEN.suggestions[1]}
                </a>
              </li>
              <li>{ERROR_SCREEN.suggestions[2]}</li>
              <li>{ERROR_SCREEN.suggestions[3]}</li>
              <li>{ERROR_SCREEN.suggestions[4]}</li>
            </ul>
          </div>
        )}
        <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end' })}>
          <a href={supportHref} className={cx(button({ variant: 'default' }), css({ textDecoration: 'none' }))}>
            {ERROR_SCREEN.contactSupport}
          </a>
          {environment === 'production' ? (
            <Button variant="primary" onClick={onReload}>
              {ERROR_SCREEN.reloadDashboard}
            </Button>
          ) : (
            <Button variant="primary" onClick={onReset}>
              {ERROR_SCREEN.returnToDashboard}
            </Button>
          )}
        </div>
      </div>
    </PageMain>
  )
}
