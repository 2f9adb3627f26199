import { Dialog } from '@ark-ui/react/dialog'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { createAccessToken, revokeAccessToken, accessTokensQuery, type AccessToken } from '../../api/queries/account'
import { queryKeys } from '../../api/queries/keys'
import { ACCESS_TOKEN_EXPIRY_DAYS, ACCOUNT_MESSAGE } from '../../constants'
import { formatDisplayDate } from '../../lib/display-date'
import { Button } from '../../ui/button'
import { CopyableValue, ShownOnceView } from '../../ui/copyable-value'
import { dataTable } from '../../ui/data-table'
import { ConfirmDialog, FormActions, ModalFrame } from '../../ui/dialog'
import { FormProblem, TextField } from '../../ui/field'
import { SelectField } from '../../ui/form-controls'
import { pageClass } from '../../ui/page-layout'
import { EmptyState, ErrorState, LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { AccountNav } from './AccountNav'
import { TableHead } from '../../ui/table-head'

const tableClass = dataTable({ align: 'middle' })
const when = (value: string | null, none: string) => (value ? (formatDisplayDate(value) ?? value) : none)
const expiryLabel = (days: number | null) => (days === null ? 'Never' : days === 365 ? '1 year' : `${days} days`)

/** /account/tokens: personal access tokens for the platform API — made (shown once), listed with their last use, revoked. */
export default function AccessTokensPage() {
  const queryClient = useQueryClient()
  const tokens = useQuery(accessTokensQuery())
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<AccessToken | null>(null)
  const revoke = useMutation({
    mutationFn: (token: AccessToken) => revokeAccessToken(token.id),
    onSuccess: async (_, token) => {
      setRevoking(null)
      showToast('success', ACCOUNT_MESSAGE.tokenRevoked(token.name))
      await queryClient.invalidateQueries({ queryKey: queryKeys.accessTokens() })
    },
  })

  let body
  if (tokens.isError) body = <ErrorState title="The access tokens could not be read" message={tokens.error.message} onRetry={() => void tokens.refetch()} />
  else if (!tokens.data) body = <LoadingState label="Loading the access tokens…" />
  else if (tokens.data.length === 0) body = <EmptyState title="No access tokens yet">A token lets a script or the CLI call the platform API as you.</EmptyState>
  else
    body = (
      <table className={tableClass} aria-label="Access tokens">
        <TableHead columns={['Name', 'Token', 'Created', 'Expires', 'Last used', { hidden: 'Actions' }]} />
        <tbody>
          {tokens.data.map((token) => (
            <tr key={token.id}>
              <td>{token.name}</td>
              <td className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{token.token_alias}</td>
              <td>{when(token.created_at, '—')}</td>
              <td>{when(token.expires_at, 'Never')}</td>
              <td>{when(token.last_used_at, 'Never used')}</td>
              <td className={css({ textAlign: 'right' })}>
                <Button size="sm" variant="danger" onClick={() => setRevoking(token)}>
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    )

  return (
    <div className={pageClass}>
      <AccountNav current="tokens" />
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '4' })}>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          Each token calls the platform API as you (<code>Authorization: Bearer sbp_…</code>), with your permissions in each organization.
        </p>
        <Button variant="primary" onClick={() => setCreating(true)}>
          Generate new token
        </Button>
      </div>
      {body}
      <Dialog.Root open={creating} onOpenChange={(details) => !details.open && setCreating(false)} lazyMount unmountOnExit>
        <ModalFrame size="medium" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <CreateTokenForm onDone={() => setCreating(false)} />
        </ModalFrame>
      </Dialog.Root>
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? ACCOUNT_MESSAGE.revokeConfirmTitle(revoking.name) : ''}
        confirmLabel="Revoke token"
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onDismiss={() => setRevoking(null)}
      >
        {ACCOUNT_MESSAGE.revokeConfirmBody}
        {revoke.isError ? <FormProblem>{revoke.error.message}</FormProblem> : null}
      </ConfirmDialog>
    </div>
  )
}

function CreateTokenForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [days, setDays] = useState<string>(String(ACCESS_TOKEN_EXPIRY_DAYS[0]))
  const create = useMutation({
    mutationFn: () => createAccessToken(name.trim(), days === 'never' ? null : new Date(Date.now() + Number(days) * 86_400_000).toISOString()),
    onSuccess: async (token) => {
      showToast('success', ACCOUNT_MESSAGE.tokenCreated(token.name))
      await queryClient.invalidateQueries({ queryKey: queryKeys.accessTokens() })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() && !create.isPending) create.mutate()
  }
  if (create.data?.token) {
    return (
      <ShownOnceView title="Your new access token" description={ACCOUNT_MESSAGE.tokenShownOnce} onDone={onDone}>
        <CopyableValue label="New access token" value={create.data.token} subject="access token" />
      </ShownOnceView>
    )
  }
  return (
    <form onSubmit={submit} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>Generate a new access token</Dialog.Title>
      <TextField label="Name" value={name} maxLength={64} placeholder="CI deploys" hint="What will use it, so you know which to revoke." onChange={(event) => setName(event.target.value)} />
      <SelectField label="Expires after" value={days} onChange={setDays}>
        {ACCESS_TOKEN_EXPIRY_DAYS.map((d) => (
          <option key={String(d)} value={d === null ? 'never' : String(d)}>
            {expiryLabel(d)}
          </option>
        ))}
      </SelectField>
      <FormProblem>{create.isError ? create.error.message : null}</FormProblem>
      <FormActions submitLabel="Generate token" onCancel={onDone} busy={create.isPending} submitDisabled={name.trim() === ''} />
    </form>
  )
}
