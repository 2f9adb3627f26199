import type { Organization } from '../../api/schemas'
import { BILLING_ADDRESS_MESSAGE, BILLING_RESOURCES, PERMISSION_MESSAGE } from '../../constants'
import { hasBillingAll } from '../../lib/billing-access'
import { PermissionAction } from '../../lib/permissions'
import { settings } from '../../lib/settings'
import { useSignedIn } from '../auth'
import { useFeatureEnabled, usePermission, usePermissions } from '../permissions'

/** What the user may do with an organization's billing details (SPEC §6 billing read and write). */
export function useBillingDetailsAccess(organizationSlug: string | undefined) {
  const scope = organizationSlug ? { organizationSlug } : undefined
  return {
    /** SPEC §6: the customer profile is fetched only with billing read on the customer resource. */
    readCustomer: usePermission(PermissionAction.BILLING_READ, BILLING_RESOURCES.customer, scope, PERMISSION_MESSAGE.readBilling),
    readTaxId: usePermission(PermissionAction.BILLING_READ, BILLING_RESOURCES.taxIds, scope, PERMISSION_MESSAGE.readBilling),
    write: usePermission(PermissionAction.BILLING_WRITE, BILLING_RESOURCES.customer, scope, BILLING_ADDRESS_MESSAGE.updateDenied),
    readInvoices: usePermission(PermissionAction.BILLING_READ, BILLING_RESOURCES.invoices, scope, PERMISSION_MESSAGE.readBilling),
  }
}

/**
 * SPEC §6: billing warning banners show only to users with billing:all: on the hosted platform,
 * signed in, the 'billing:all' feature not disabled for them, and both billing read and write in
 * the organization (a read-only member could not act on them).
 */
export function useBillingWarningsVisible(organizationSlug: string | undefined): boolean {
  const signedIn = useSignedIn()
  const featureOn = useFeatureEnabled('billing:all')
  const permissions = usePermissions()
  if (!settings.isPlatform || !signedIn || !featureOn || !organizationSlug) return false
  return hasBillingAll(permissions.data, organizationSlug)
}

/**
 * The organizations whose billing warnings this user may see, by the rule above, each judged on its
 * own permissions: a banner about another organization's unpaid invoices names only these.
 */
export function useBillingWarningOrganizations(organizations: readonly Organization[]): Organization[] {
  const signedIn = useSignedIn()
  const featureOn = useFeatureEnabled('billing:all')
  const permissions = usePermissions()
  if (!settings.isPlatform || !signedIn || !featureOn) return []
  return organizations.filter((organization) => hasBillingAll(permissions.data, organization.slug))
}
