import { ORGANIZATION_ROLE, ORGANIZATION_ROLES, type OrganizationRoleId } from '../../src/constants'
import { PermissionAction } from '../../src/lib/permissions'
import { memberPermission } from '../../fixtures/platform'

/** The permission actions a role grants (the entry's resources are every one). A developer may do all but change billing. */
export function roleActions(role: OrganizationRoleId): string[] {
  if (role === ORGANIZATION_ROLE.owner || role === ORGANIZATION_ROLE.administrator) return ['%']
  if (role === ORGANIZATION_ROLE.readOnly) return [PermissionAction.READ, PermissionAction.BILLING_READ]
  return Object.values(PermissionAction).filter((action) => action !== PermissionAction.BILLING_WRITE)
}

export const isRoleId = (id: unknown): id is OrganizationRoleId => ORGANIZATION_ROLES.some((role) => role.id === id)

/** A membership's role: the one it was given, or for an older one, what its actions amount to. */
export function roleOf(permission: { role_id?: number | undefined; actions?: readonly string[] | null | undefined }): OrganizationRoleId {
  if (isRoleId(permission.role_id)) return permission.role_id
  const actions = permission.actions ?? []
  if (actions.includes('%')) return ORGANIZATION_ROLE.owner
  return actions.some((action) => action.startsWith('write:') || action.includes(':Write')) ? ORGANIZATION_ROLE.developer : ORGANIZATION_ROLE.readOnly
}

/** The permission entry of a member holding `role` in the organization. */
export function rolePermission(userId: string, organization: { id: number; slug: string }, role: OrganizationRoleId) {
  return { ...memberPermission(userId, organization, roleActions(role)), role_id: role }
}

