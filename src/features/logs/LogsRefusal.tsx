import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { LOGS_UI_MESSAGE } from '../../constants'
import { isRetentionRefusal } from '../../lib/log-range'
import { Button } from '../../ui/button'

/**
 * A read the endpoint refused or that failed: its message as it is. The retention refusal (SPEC §9)
 * also offers the organization's billing, where a plan keeping logs longer is chosen.
 */
export function LogsRefusal({ message, organizationSlug, onRetry }: { message: string; organizationSlug: string | null; onRetry?: () => void }) {
  const retention = isRetentionRefusal(message)
  return (
    <div role="alert" className={css({ m: '4', borderWidth: '1px', borderColor: retention ? 'warning.default' : 'danger.default', bg: retention ? 'warning.subtle' : 'danger.subtle', borderRadius: 'md', p: '4', display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
      <strong>{LOGS_UI_MESSAGE.refusedTitle}</strong>
      <p className={css({ whiteSpace: 'pre-wrap', wordBreak: 'break-word' })}>{message}</p>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        {retention && organizationSlug ? (
          <Link href={`/org/${encodeURIComponent(organizationSlug)}/billing`} className={css({ color: 'accent.default', fontWeight: 'medium', textDecoration: 'underline' })}>
            {LOGS_UI_MESSAGE.upgrade}
          </Link>
        ) : null}
        {onRetry && !retention ? <Button onClick={onRetry}>Try again</Button> : null}
      </div>
    </div>
  )
}
