import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { queryKeys } from '../../api/queries/keys'
import { inviteMember, organizationInvitationsQuery, resendInvitation, revokeInvitation } from '../../api/queries/organization-settings'
import type { OrganizationInvitation } from '../../api/schemas'
import { ORGANIZATION_ROLE, ORGANIZATION_SETTINGS_MESSAGE } from '../../constants'
import { formatDisplayDate } from '../../lib/display-date'
import { Button } from '../../ui/button'
import { CopyableValue } from '../../ui/copyable-value'
import { FormProblem, TextField } from '../../ui/field'
import { SelectField } from '../../ui/form-controls'
import { GuardedButton } from '../../ui/guarded-button'
import { settingsPanelClass } from '../../ui/form-section'
import { showToast } from '../../ui/toast'
import { EMAIL_SHAPE } from '../../lib/address-shapes'

/** Inviting by email with a role; the pending invitations, each resent (a new link) or revoked. */
export function InvitationsSection({ slug, roles, mayManage, isOwner }: { slug: string; roles: readonly { id: number; name: string }[]; mayManage: boolean; isOwner: boolean }) {
  const queryClient = useQueryClient()
  const invitations = useQuery(organizationInvitationsQuery(slug))
  const [email, setEmail] = useState('')
  const [roleId, setRoleId] = useState<number>(ORGANIZATION_ROLE.developer)
  const [sent, setSent] = useState<OrganizationInvitation | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.organizationInvitations(slug) })
  const invite = useMutation({
    mutationFn: () => inviteMember(slug, email.trim(), roleId),
    onSuccess: async (invitation) => {
      setSent(invitation)
      setEmail('')
      showToast('success', ORGANIZATION_SETTINGS_MESSAGE.invited(invitation.invited_email))
      await refresh()
    },
  })
  const resend = useMutation({
    mutationFn: (invitation: OrganizationInvitation) => resendInvitation(slug, invitation.id),
    onSuccess: async (invitation) => {
      setSent(invitation)
      showToast('success', ORGANIZATION_SETTINGS_MESSAGE.resent(invitation.invited_email))
      await refresh()
    },
  })
  const revoke = useMutation({
    mutationFn: (invitation: OrganizationInvitation) => revokeInvitation(slug, invitation.id),
    onSuccess: async (_, invitation) => {
      if (sent?.id === invitation.id) setSent(null)
      showToast('success', ORGANIZATION_SETTINGS_MESSAGE.revoked(invitation.invited_email))
      await refresh()
    },
  })
  const emailProblem = email.trim() !== '' && !EMAIL_SHAPE.test(email.trim()) ? ORGANIZATION_SETTINGS_MESSAGE.invalidEmail : null
  const blocked = mayManage ? null : ORGANIZATION_SETTINGS_MESSAGE.manageDenied
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (mayManage && email.trim() && !emailProblem) invite.mutate()
  }
  const pending = invitations.data?.invitations ?? []
  const roleName = (id: number) => roles.find((role) => role.id === id)?.name ?? 'Member'

  return (
    <section aria-labelledby="invite-title" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <form onSubmit={submit} aria-labelledby="invite-title" className={settingsPanelClass}>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3', py: '4' })}>
          <h2 id="invite-title" className={css({ fontWeight: 'semibold' })}>
            Invite a member
          </h2>
          <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', flexWrap: 'wrap' })}>
            <div className={css({ flex: '1', minW: '16rem' })}>
              <TextField label="Email address" type="email" autoComplete="off" value={email} disabled={!mayManage} error={emailProblem} onChange={(event) => setEmail(event.target.value)} />
            </div>
            <SelectField label="Role" value={String(roleId)} disabled={!mayManage} onChange={(value) => setRoleId(Number(value))}>
              {roles.map((role) => (
                <option key={role.id} value={role.id} disabled={role.id === ORGANIZATION_ROLE.owner && !isOwner}>
                  {role.name}
                </option>
              ))}
            </SelectField>
            <div className={css({ pt: '6' })}>
              <GuardedButton type="submit" variant="primary" blockedReason={blocked} loading={invite.isPending} disabled={!mayManage || email.trim() === '' || Boolean(emailProblem)}>
                Send invitation
              </GuardedButton>
            </div>
          </div>
          <FormProblem>{invite.isError ? invite.error.message : resend.isError ? resend.error.message : revoke.isError ? revoke.error.message : null}</FormProblem>
          {sent?.join_link ? (
            <div className={css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm' })}>
              <p className={css({ color: 'fg.muted' })}>
                Mailed to {sent.invited_email}. The mail's join link, if you would rather pass it on yourself (it works only for someone signed in as that address):
              </p>
              <CopyableValue label="Join link" value={sent.join_link} subject="join link" />
            </div>
          ) : null}
        </div>
      </form>
      {pending.length > 0 ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          <h2 id="pending-title" className={css({ fontWeight: 'semibold' })}>
            Pending invitations ({pending.length})
          </h2>
          <ul aria-labelledby="pending-title" className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
            {pending.map((invitation) => (
              <li key={invitation.id} className={css({ display: 'flex', alignItems: 'center', gap: '3', fontSize: 'sm', flexWrap: 'wrap' })}>
                <span className={css({ fontWeight: 'medium' })}>{invitation.invited_email}</span>
                <span className={css({ color: 'fg.muted' })}>{roleName(invitation.role_id)}</span>
                <span className={css({ color: invitation.expired ? 'danger.default' : 'fg.subtle', fontSize: 'xs' })}>
                  {invitation.expired ? 'Expired' : `Expires ${formatDisplayDate(invitation.expires_at) ?? invitation.expires_at}`}
                </span>
                <span className={css({ ml: 'auto', display: 'flex', gap: '2' })}>
                  <Button size="sm" disabled={!mayManage || resend.isPending} onClick={() => resend.mutate(invitation)}>
                    Resend
                  </Button>
                  <Button size="sm" variant="danger" disabled={!mayManage || revoke.isPending} onClick={() => revoke.mutate(invitation)}>
                    Revoke
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
