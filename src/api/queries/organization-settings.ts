import { api, type ApiClient } from '../client'
import { OrganizationInvitationSchema, OrganizationInvitationsSchema, OrganizationMemberSchema, OrganizationRolesSchema, OrganizationSchema } from '../schemas'
import * as v from 'valibot'
import { queryKeys } from './keys'
import { organizationPath } from './organizations'

/** PATCH /platform/organizations/{slug}: a new name. */
export function renameOrganization(slug: string, name: string, client: ApiClient = api) {
  return client.patch(organizationPath(slug), { body: { name }, schema: OrganizationSchema })
}

/** DELETE /platform/organizations/{slug}: an organization without projects, gone. */
export async function deleteOrganization(slug: string, client: ApiClient = api): Promise<void> {
  await client.delete(organizationPath(slug))
}

export function organizationMembersQuery(slug: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationMembers(slug),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(`${organizationPath(slug)}/members`, { schema: v.array(OrganizationMemberSchema), signal }),
  }
}

export function organizationRolesQuery(slug: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationRoles(slug),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(`${organizationPath(slug)}/roles`, { schema: OrganizationRolesSchema, signal }),
    staleTime: Infinity,
  }
}

export function organizationInvitationsQuery(slug: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationInvitations(slug),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(`${organizationPath(slug)}/members/invitations`, { schema: OrganizationInvitationsSchema, signal }),
  }
}

export function inviteMember(slug: string, email: string, roleId: number, client: ApiClient = api) {
  return client.post(`${organizationPath(slug)}/members/invitations`, { body: { email, role_id: roleId }, schema: OrganizationInvitationSchema })
}

export function resendInvitation(slug: string, id: number, client: ApiClient = api) {
  return client.post(`${organizationPath(slug)}/members/invitations/${id}/resend`, { body: {}, schema: OrganizationInvitationSchema })
}

export async function revokeInvitation(slug: string, id: number, client: ApiClient = api): Promise<void> {
  await client.delete(`${organizationPath(slug)}/members/invitations/${id}`)
}

export async function changeMemberRole(slug: string, gotrueId: string, roleId: number, client: ApiClient = api): Promise<void> {
  await client.patch(`${organizationPath(slug)}/members/${encodeURIComponent(gotrueId)}`, { body: { role_id: roleId } })
}

/** Removes a member; one's own id is leaving. */
export async function removeMember(slug: string, gotrueId: string, client: ApiClient = api): Promise<void> {
  await client.delete(`${organizationPath(slug)}/members/${encodeURIComponent(gotrueId)}`)
}
