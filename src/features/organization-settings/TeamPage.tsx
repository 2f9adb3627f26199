import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useParams } from 'wouter'
import { queryKeys } from '../../api/queries/keys'
import { changeMemberRole, organizationMembersQuery, organizationRolesQuery, removeMember } from '../../api/queries/organization-settings'
import type { OrganizationMember } from '../../api/schemas'
import { ORGANIZATION_ROLE, ORGANIZATION_SETTINGS_MESSAGE } from '../../constants'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { dataTable } from '../../ui/data-table'
import { ConfirmDialog } from '../../ui/dialog'
import { FormProblem } from '../../ui/field'
import { pageClass } from '../../ui/page-layout'
import { ErrorState, LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { OrganizationNav, useRouteOrganization } from '../organizations'
import { InvitationsSection } from './InvitationsSection'
import { useOrganizationRole } from './use-organization-role'
import { TableHead } from '../../ui/table-head'

const tableClass = dataTable({ align: 'middle' })

/** /org/{slug}/team: the members and their roles, invitations, and leaving. */
export default function TeamPage() {
  const { slug } = useParams<{ slug: string }>()
  const { organization } = useRouteOrganization(slug)
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const members = useQuery(organizationMembersQuery(slug))
  const roles = useQuery(organizationRolesQuery(slug))
  const { me, isOwner, mayManage } = useOrganizationRole(slug)
  const [removing, setRemoving] = useState<OrganizationMember | null>(null)
  const roleName = (id: number | undefined) => roles.data?.org_scoped_roles.find((role) => role.id === id)?.name ?? 'Member'
  const owners = members.data?.filter((m) => m.role_ids[0] === ORGANIZATION_ROLE.owner).length ?? 0

  const changeRole = useMutation({
    mutationFn: ({ member, roleId }: { member: OrganizationMember; roleId: number }) => changeMemberRole(slug, member.gotrue_id, roleId),
    onSuccess: async (_, { member, roleId }) => {
      showToast('success', ORGANIZATION_SETTINGS_MESSAGE.roleChanged(member.primary_email, roleName(roleId)))
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizationMembers(slug) })
      await queryClient.invalidateQueries({ queryKey: queryKeys.permissions() })
    },
  })
  const remove = useMutation({
    mutationFn: (member: OrganizationMember) => removeMember(slug, member.gotrue_id),
    onSuccess: async (_, member) => {
      setRemoving(null)
      if (member.gotrue_id === me?.gotrue_id) {
        showToast('success', ORGANIZATION_SETTINGS_MESSAGE.left(organization?.name ?? slug))
        navigate('/organizations')
        await queryClient.invalidateQueries({ queryKey: queryKeys.organizations() })
        return
      }
      showToast('success', ORGANIZATION_SETTINGS_MESSAGE.removed(member.primary_email))
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizationMembers(slug) })
    },
  })

  /** Why the viewer may not remove (or, themselves, leave) this member, or null. */
  const removeBlocked = (member: OrganizationMember) => {
    const isMe = member.gotrue_id === me?.gotrue_id
    const ownerTarget = member.role_ids[0] === ORGANIZATION_ROLE.owner
    if (ownerTarget && owners <= 1) return ORGANIZATION_SETTINGS_MESSAGE.lastOwner
    if (isMe) return null
    if (!mayManage) return ORGANIZATION_SETTINGS_MESSAGE.manageDenied
    return ownerTarget && !isOwner ? ORGANIZATION_SETTINGS_MESSAGE.ownersOnly : null
  }

  let body
  if (members.isError) body = <ErrorState title="The members could not be read" message={members.error.message} onRetry={() => void members.refetch()} />
  else if (!members.data || !roles.data) body = <LoadingState label="Loading the members…" />
  else
    body = (
      <section aria-labelledby="members-title" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        <h2 id="members-title" className={css({ fontWeight: 'semibold' })}>
          Members ({members.data.length})
        </h2>
        <FormProblem>{changeRole.isError ? changeRole.error.message : null}</FormProblem>
        <div className={css({ overflowX: 'auto' })}>
          <table className={tableClass} aria-labelledby="members-title">
            <TableHead columns={['Member', 'Role', { hidden: 'Actions' }]} />
            <tbody>
              {members.data.map((member) => {
                const isMe = member.gotrue_id === me?.gotrue_id
                const current = member.role_ids[0]
                const roleLocked = !mayManage || (current === ORGANIZATION_ROLE.owner && !isOwner) || (current === ORGANIZATION_ROLE.owner && owners <= 1)
                const blocked = removeBlocked(member)
                return (
                  <tr key={member.gotrue_id}>
                    <td>
                      <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
                        <span>{member.primary_email}</span>
                        {isMe ? <Badge tone="neutral">You</Badge> : null}
                        {member.mfa_enabled ? <Badge tone="success">2FA</Badge> : null}
                      </div>
                      <div className={css({ color: 'fg.subtle', fontSize: 'xs' })}>{member.username}</div>
                    </td>
                    <td>
                      <select
                        aria-label={`Role of ${member.primary_email}`}
                        className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'sm', px: '2', py: '1', bg: 'bg.surface', fontSize: 'sm' })}
                        value={current}
                        disabled={roleLocked || changeRole.isPending}
                        title={roleLocked ? (mayManage ? ORGANIZATION_SETTINGS_MESSAGE.ownersOnly : ORGANIZATION_SETTINGS_MESSAGE.manageDenied) : undefined}
                        onChange={(event) => changeRole.mutate({ member, roleId: Number(event.target.value) })}
                      >
                        {roles.data.org_scoped_roles.map((role) => (
                          <option key={role.id} value={role.id} disabled={role.id === ORGANIZATION_ROLE.owner && !isOwner}>
                            {role.name}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className={css({ textAlign: 'right' })}>
                      <Button size="sm" variant={isMe ? 'default' : 'danger'} disabled={blocked !== null} title={blocked ?? undefined} onClick={() => setRemoving(member)}>
                        {isMe ? 'Leave' : 'Remove'}
                      </Button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </section>
    )

  const leaving = removing?.gotrue_id === me?.gotrue_id
  return (
    <div className={pageClass}>
      <OrganizationNav slug={slug} name={organization?.name ?? slug} current="team" />
      {roles.data ? <InvitationsSection slug={slug} roles={roles.data.org_scoped_roles} mayManage={mayManage} isOwner={isOwner} /> : null}
      {body}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? (leaving ? ORGANIZATION_SETTINGS_MESSAGE.leaveConfirmTitle(organization?.name ?? slug) : ORGANIZATION_SETTINGS_MESSAGE.removeConfirmTitle(removing.primary_email)) : ''}
        confirmLabel={leaving ? 'Leave organization' : 'Remove member'}
        onConfirm={() => removing && remove.mutate(removing)}
        onDismiss={() => setRemoving(null)}
      >
        {leaving ? ORGANIZATION_SETTINGS_MESSAGE.leaveConfirmBody : ORGANIZATION_SETTINGS_MESSAGE.removeConfirmBody}
        {remove.isError ? <FormProblem>{remove.error.message}</FormProblem> : null}
      </ConfirmDialog>
    </div>
  )
}
