import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ShieldCheck, ShieldOff } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { removeFactor } from '../../api/queries/account'
import { queryKeys } from '../../api/queries/keys'
import { authUserQuery } from '../../api/queries/profile'
import type { AuthFactor } from '../../api/schemas'
import { TWO_FACTOR_MESSAGE } from '../../constants'
import { formatDisplayDate } from '../../lib/display-date'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { dataTable } from '../../ui/data-table'
import { pageClass } from '../../ui/page-layout'
import { ErrorState, LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { TypedConfirmDialog } from '../../ui/typed-confirm-dialog'
import { AccountNav } from './AccountNav'
import { TotpEnrolment } from './TotpEnrolment'
import { TableHead } from '../../ui/table-head'

const tableClass = dataTable({ align: 'middle' })

/** /account/security: two-factor sign-in — authenticator apps enrolled (TOTP), added with a QR code, removed. */
export default function SecurityPage() {
  const queryClient = useQueryClient()
  const user = useQuery(authUserQuery())
  const [removing, setRemoving] = useState<AuthFactor | null>(null)
  const verified = user.data?.factors.filter((f) => f.status === 'verified') ?? []
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.authUser() })

  let body
  if (user.isError) body = <ErrorState title="Your sign-in factors could not be read" message={user.error.message} onRetry={() => void user.refetch()} />
  else if (!user.data) body = <LoadingState label="Loading your sign-in factors…" />
  else
    body = (
      <>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          {verified.length > 0 ? <ShieldCheck aria-hidden className={css({ color: 'accent.default' })} /> : <ShieldOff aria-hidden className={css({ color: 'fg.muted' })} />}
          <p>
            Two-factor authentication is <strong>{verified.length > 0 ? 'on' : 'off'}</strong>.{' '}
            <span className={css({ color: 'fg.muted' })}>
              {verified.length > 0
                ? 'Signing in asks for a code from your authenticator app after your password.'
                : 'Add an authenticator app so that a password alone no longer signs you in. Some organizations require it.'}
            </span>
          </p>
        </div>
        {verified.length > 0 ? (
          <table className={tableClass} aria-label="Authenticator apps">
            <TableHead columns={['Name', 'Type', 'Added', { hidden: 'Actions' }]} />
            <tbody>
              {verified.map((factor) => (
                <tr key={factor.id}>
                  <td>{factor.friendly_name}</td>
                  <td>
                    <Badge tone="success">Authenticator app (TOTP)</Badge>
                  </td>
                  <td>{factor.created_at ? (formatDisplayDate(factor.created_at) ?? factor.created_at) : '—'}</td>
                  <td className={css({ textAlign: 'right' })}>
                    <Button size="sm" variant="danger" onClick={() => setRemoving(factor)}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <TotpEnrolment
          // A factor added: the form starts again with a name still free.
          key={verified.length}
          taken={verified.map((f) => f.friendly_name)}
          onEnrolled={() => {
            showToast('success', TWO_FACTOR_MESSAGE.enrolled)
            void refresh()
          }}
        />
      </>
    )

  return (
    <div className={pageClass}>
      <AccountNav current="security" />
      <section aria-labelledby="two-factor-heading" className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
        <h2 id="two-factor-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          Two-factor authentication
        </h2>
        {body}
      </section>
      {removing ? (
        <TypedConfirmDialog
          title={TWO_FACTOR_MESSAGE.removeConfirmTitle(removing.friendly_name)}
          description={TWO_FACTOR_MESSAGE.removeConfirmBody}
          name={removing.friendly_name}
          confirmLabel="Remove factor"
          onConfirm={async () => {
            await removeFactor(removing.id)
            showToast('success', TWO_FACTOR_MESSAGE.removed(removing.friendly_name))
            setRemoving(null)
            await refresh()
          }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  )
}
