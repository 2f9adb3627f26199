import { useQuery } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { RESTRICTION_BANNER_BY_STATE, restrictionMachine } from '../../../machines/restriction.machine'
import { organizationCustomerQuery, overdueInvoicesQuery } from '../../api/queries/organizations'
import type { Organization } from '../../api/schemas'
import { BILLING_BANNER, BILLING_RESOURCES, BILLING_SECTIONS } from '../../constants'
import { billingInfoMissing } from '../../lib/billing-address'
import { formatBillingDate } from '../../lib/billing-date'
import { can, PermissionAction } from '../../lib/permissions'
import { Banner } from '../../ui/banner'
import { usePermissions } from '../permissions/use-permission'
import { useBillingWarningsVisible } from './use-billing-access'
import { inspected } from '../../lib/inspection'

const linkClass = css({ color: 'fg.default', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px', whiteSpace: 'nowrap' })

const billingPath = (slug: string, section?: string) => `/org/${encodeURIComponent(slug)}/billing${section ? `#${section}` : ''}`

/**
 * SPEC §2 layout banners, the billing warnings: the organization's restriction (SPEC §4), its and the
 * user's other organizations' outstanding invoices, and missing billing information. Shown only to
 * users with billing:all in the organization on screen (SPEC §6).
 */
export function BillingWarningBanners({ organization, organizations }: { organization: Organization | undefined; organizations: readonly Organization[] }) {
  const visible = useBillingWarningsVisible(organization?.slug)
  if (!organization || !visible) return null
  return <OrganizationBillingBanners key={organization.slug} organization={organization} organizations={organizations} />
}

function OrganizationBillingBanners({ organization, organizations }: { organization: Organization; organizations: readonly Organization[] }) {
  const permissions = usePermissions()
  const overdue = useQuery(overdueInvoicesQuery())
  const mayReadCustomer = can(permissions.data, PermissionAction.BILLING_READ, BILLING_RESOURCES.customer, { organizationSlug: organization.slug })
  // Only paid organizations billed directly need an address: nobody else's profile is fetched for the banner.
  const needsAddress = organization.plan.id !== 'free' && !organization.billing_partner
  const customer = useQuery({ ...organizationCustomerQuery(organization.slug), enabled: mayReadCustomer && needsAddress })

  const ownOverdue = overdue.data?.find((o) => o.organization_id === organization.id && o.overdue_invoice_count > 0)
  // Another organization of the user's with unpaid invoices, where they too may settle billing.
  const elsewhere = overdue.data
    ?.filter((o) => o.organization_id !== organization.id && o.overdue_invoice_count > 0)
    .map((o) => organizations.find((org) => org.id === o.organization_id))
    .find(
      (org): org is Organization =>
        org !== undefined && can(permissions.data, PermissionAction.BILLING_WRITE, BILLING_RESOURCES.invoices, { organizationSlug: org.slug }),
    )

  return (
    <>
      <RestrictionBanner organization={organization} />
      {ownOverdue ? (
        <Banner tone={BILLING_BANNER.overdueInvoices.tone} label={BILLING_BANNER.overdueInvoices.title}>
          <strong>{BILLING_BANNER.overdueInvoices.title}.</strong> {BILLING_BANNER.overdueInvoices.message}{' '}
          <Link href={billingPath(organization.slug, BILLING_SECTIONS.invoices)} className={linkClass}>
            {BILLING_BANNER.overdueInvoices.link}
          </Link>
        </Banner>
      ) : null}
      {elsewhere ? (
        <Banner tone={BILLING_BANNER.overdueInvoicesElsewhere.tone} label={BILLING_BANNER.overdueInvoicesElsewhere.title}>
          <strong>{BILLING_BANNER.overdueInvoicesElsewhere.title}.</strong> {BILLING_BANNER.overdueInvoicesElsewhere.message(elsewhere.name)}{' '}
          <Link href={billingPath(elsewhere.slug, BILLING_SECTIONS.invoices)} className={linkClass}>
            {BILLING_BANNER.overdueInvoicesElsewhere.link(elsewhere.name)}
          </Link>
        </Banner>
      ) : null}
      {billingInfoMissing(organization, customer.data) ? (
        <Banner tone={BILLING_BANNER.missingBillingInfo.tone} label={BILLING_BANNER.missingBillingInfo.title}>
          <strong>{BILLING_BANNER.missingBillingInfo.title}.</strong> {BILLING_BANNER.missingBillingInfo.message}{' '}
          <Link href={billingPath(organization.slug, BILLING_SECTIONS.address)} className={linkClass}>
            {BILLING_BANNER.missingBillingInfo.link}
          </Link>
        </Banner>
      ) : null}
    </>
  )
}

/** The restriction banner of the organization's state (SPEC §4): warning, danger, then incident. */
function RestrictionBanner({ organization }: { organization: Organization }) {
  const status = organization.restriction_status ?? null
  const gracePeriodEnd = organization.restriction_data?.grace_period_end ?? null
  const [snapshot, send] = useMachine(restrictionMachine, { input: { status, gracePeriodEnd }, ...inspected })
  useEffect(() => {
    send({ type: 'restriction.update', status, gracePeriodEnd })
  }, [send, status, gracePeriodEnd])

  const kind = RESTRICTION_BANNER_BY_STATE[snapshot.value]
  if (!kind) return null
  const banner = BILLING_BANNER[kind]
  const message =
    kind === 'gracePeriod' ? BILLING_BANNER.gracePeriod.message(formatBillingDate(gracePeriodEnd ?? '') ?? 'its end date') : BILLING_BANNER[kind].message
  return (
    <Banner tone={banner.tone} label={banner.title}>
      <strong>{banner.title}.</strong> {message}{' '}
      <Link href={billingPath(organization.slug, kind === 'gracePeriod' ? BILLING_SECTIONS.usage : undefined)} className={linkClass}>
        {banner.link}
      </Link>
    </Banner>
  )
}
