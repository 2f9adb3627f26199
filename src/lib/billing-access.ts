import type { Permission } from '../api/schemas'
import { BILLING_RESOURCES } from '../constants'
import { can, PermissionAction } from './permissions'

/**
 * SPEC §6 'billing:all': the user may do everything with the organization's billing, i.e. both read
 * and write it. A member who may only read billing (a read-only role) does not see the billing
 * warning banners: they could not act on them.
 */
export function hasBillingAll(permissions: readonly Permission[] | undefined, organizationSlug: string): boolean {
  const scope = { organizationSlug }
  return (
    can(permissions, PermissionAction.BILLING_READ, BILLING_RESOURCES.subscriptions, scope) &&
    can(permissions, PermissionAction.BILLING_WRITE, BILLING_RESOURCES.subscriptions, scope)
  )
}
