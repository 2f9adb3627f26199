import { useQuery } from '@tanstack/react-query'
import { organizationMembersQuery } from '../../api/queries/organization-settings'
import { profileQuery } from '../../api/queries/profile'
import { ORGANIZATION_ROLE } from '../../constants'
import { mayManageMembers } from '../../lib/organization-roles'

/** The signed-in member's role in the organization (from its member list), and what it lets them do; null while unknown. */
export function useOrganizationRole(slug: string) {
  const profile = useQuery(profileQuery())
  const members = useQuery(organizationMembersQuery(slug))
  const me = members.data?.find((member) => member.gotrue_id === profile.data?.gotrue_id)
  const role = me?.role_ids[0] ?? null
  return {
    me,
    role,
    isOwner: role === ORGANIZATION_ROLE.owner,
    mayManage: mayManageMembers(role),
  }
}
