import { useQuery } from '@tanstack/react-query'
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
import { Banner, type BannerTone } from '../../ui/banner'
import { usePermissions } from '../permissions'
import { useMfaGate } from '../organizations'
import { useBillingWarningOrganizations, useBillingWarningsVisible } from './use-billing-access'
import { useSignedIn } from '../auth'
import { settings } from '../../lib/settings'
import { useInspectedMachine } from '../../ui/use-inspected-machine'

const linkClass = css({ color: 'fg.default', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px', whiteSpace: 'nowrap' })

const billingPath = (slug: string, section?: string) => `/org/${encodeURIComponent(slug)}/billing${section ? `#${section}` : ''}`

/** Which organization the screen is about, and the user's organizations (the app's current place). */
export interface BillingWarningPlace {
  organization: Organization | undefined
  organizations: readonly Organization[]
  /** The user's organizations are still loading. */
  organizationsPending?: boolean
  /** The screen belongs to an organization not known yet (a project loading): the other organizations wait for it. */
  organizationPending?: boolean
}

/**
 * SPEC §2 layout banners, the billing warnings: what to show, and whether that is known yet
 * (`settled`: every query a banner depends on has answered or failed, so the layout can hold the
 * screen still until then instead of pushing it down when a banner arrives). About the
 * organization on screen: its restriction (SPEC §4), its outstanding invoices and missing billing
 * information, shown only with billing:all in it (SPEC §6). About the user's other organizations,
 * on every signed-in screen: the ones with outstanding invoices where the user has billing:all,
 * each by name. Inside one of them its own 'Outstanding Invoices' banner speaks for it, and the
 * other banner names the rest.
 */
export function useBillingWarnings({ organization, organizations, organizationsPending = false, organizationPending = false }: BillingWarningPlace) {
  const signedIn = useSignedIn()
  const permissions = usePermissions()
  const ownVisible = useBillingWarningsVisible(organization?.slug)
  const manageable = useBillingWarningOrganizations(organizations)
  // SPEC §6: overdue invoices are read only when signed in and hosted; the hooks above hold those rules.
  const overdueWanted = ownVisible || manageable.length > 0
  const overdue = useQuery({ ...overdueInvoicesQuery(), enabled: overdueWanted })
  const overdueIds = new Set(overdue.data?.filter((o) => o.overdue_invoice_count > 0).map((o) => o.organization_id))
  const own = organization && ownVisible ? organization : undefined
  const elsewhere = organizationPending ? [] : manageable.filter((org) => org.id !== organization?.id && overdueIds.has(org.id))

  // SPEC §8 'Missing Billing Information': only paid organizations billed directly need an address,
  // so nobody else's profile is fetched for the banner.
  const mayReadCustomer = own ? can(permissions.data, PermissionAction.BILLING_READ, BILLING_RESOURCES.customer, { organizationSlug: own.slug }) : false
  const mfaOpen = useMfaGate(own) === 'open'
  const customerWanted = Boolean(own && mfaOpen && mayReadCustomer && own.plan.id !== 'free' && !own.billing_partner)
  const customer = useQuery({ ...organizationCustomerQuery(own?.slug), enabled: customerWanted })
  const missingInfo = own && customerWanted ? billingInfoMissing(own, customer.data) : false

  const settled =
    !settings.isPlatform ||
    !signedIn ||
    (!organizationsPending && !organizationPending && !permissions.isPending && !(overdueWanted && overdue.isPending) && !(customerWanted && customer.isPending))
  return { settled, own, ownOverdue: own ? overdueIds.has(own.id) : false, elsewhere, missingInfo }
}

export type BillingWarnings = ReturnType<typeof useBillingWarnings>

/** The billing warnings of `useBillingWarnings`, in SPEC §2's order. */
export function BillingWarningBanners({ warnings }: { warnings: BillingWarnings }) {
  const { own, ownOverdue, elsewhere, missingInfo } = warnings
  return (
    <>
      {own ? <RestrictionBanner key={own.slug} organization={own} /> : null}
      {own && ownOverdue ? (
        <BillingBanner banner={BILLING_BANNER.overdueInvoices} message={BILLING_BANNER.overdueInvoices.message} href={billingPath(own.slug, BILLING_SECTIONS.invoices)} />
      ) : null}
      {elsewhere.length > 0 ? <OverdueElsewhereBanner organizations={elsewhere} /> : null}
      {/* SPEC §8 'Missing Billing Information': a paid organization billed directly, without an address. */}
      {own && missingInfo ? (
        <BillingBanner banner={BILLING_BANNER.missingBillingInfo} message={BILLING_BANNER.missingBillingInfo.message} href={billingPath(own.slug, BILLING_SECTIONS.address)} />
      ) : null}
    </>
  )
}

const listFormat = new Intl.ListFormat('en', { type: 'conjunction' })

/** 'Outstanding Invoices in other Organization': every such organization by name, each linked to its invoices. */
function OverdueElsewhereBanner({ organizations }: { organizations: readonly Organization[] }) {
  const banner = BILLING_BANNER.overdueInvoicesElsewhere
  const bySlug = new Map(organizations.map((org) => [org.slug, org]))
  // Formatted on the slugs (unique, unlike names), so each listed element maps back to its organization.
  const parts = listFormat.formatToParts(organizations.map((org) => org.slug))
  return (
    <Banner tone={banner.tone} label={banner.title}>
      <strong>{banner.title}.</strong>{' '}
      {parts.map((part) => {
        const org = part.type === 'element' ? bySlug.get(part.value) : undefined
        if (!org) return part.value
        return (
          <Link key={org.slug} href={billingPath(org.slug, BILLING_SECTIONS.invoices)} className={linkClass} aria-label={banner.link(org.name)}>
            {org.name}
          </Link>
        )
      })}{' '}
      {banner.message(organizations.length)}
    </Banner>
  )
}

/** A banner of SPEC §8 about one organization's billing: its title, the message, and a link to the billing page that settles it. */
function BillingBanner({ banner, message, href }: { banner: { tone: BannerTone; title: string; link: string }; message: string; href: string }) {
  return (
    <Banner tone={banner.tone} label={banner.title}>
      <strong>{banner.title}.</strong> {message}{' '}
      <Link href={href} className={linkClass}>
        {banner.link}
      </Link>
    </Banner>
  )
}

/** The restriction banner of the organization's state (SPEC §4): warning, danger, then incident. */
function RestrictionBanner({ organization }: { organization: Organization }) {
  const status = organization.restriction_status ?? null
  const gracePeriodEnd = organization.restriction_data?.grace_period_end ?? null
  const [snapshot, send] = useInspectedMachine(restrictionMachine, { input: { status, gracePeriodEnd } })
  useEffect(() => {
    send({ type: 'restriction.update', status, gracePeriodEnd })
  }, [send, status, gracePeriodEnd])

  const kind = RESTRICTION_BANNER_BY_STATE[snapshot.value]
  if (!kind) return null
  const banner = BILLING_BANNER[kind]
  const message =
    kind === 'gracePeriod' ? BILLING_BANNER.gracePeriod.message(formatBillingDate(gracePeriodEnd ?? '') ?? 'its end date') : BILLING_BANNER[kind].message
  return <BillingBanner banner={banner} message={message} href={billingPath(organization.slug, kind === 'gracePeriod' ? BILLING_SECTIONS.usage : undefined)} />
}
