import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useParams } from 'wouter'
import { organizationSubscriptionQuery, organizationUsageQuery } from '../../api/queries/billing'
import { BILLING_RESOURCES, BILLING_SECTIONS, PERMISSION_MESSAGE } from '../../constants'
import { PermissionAction } from '../../lib/permissions'
import { Callout } from '../../ui/callout'
import { ErrorState, LoadingState } from '../../ui/states'
import { pageClass } from '../../ui/page-layout'
import { OrganizationNav, useMfaRedirect, useRouteOrganization } from '../organizations'
import { PermissionsFailed, usePermission } from '../permissions'
import { AddressSection } from './AddressSection'
import { FeatureMatrixSection } from './FeatureMatrixSection'
import { InvoicesSection } from './InvoicesSection'
import { PlansSection } from './PlansSection'
import { SubscriptionSection } from './SubscriptionSection'
import { UsageSection } from './UsageSection'
import { useScrollToHash } from './use-hash-scroll'

/** Room for the sticky top bar when a section is scrolled to by its anchor. */
const anchorClass = css({ scrollMarginTop: '16', display: 'flex', flexDir: 'column', gap: '6', _empty: { display: 'none' } })
const navLinkClass = css({ color: 'fg.muted', fontSize: 'sm', textDecoration: 'none', _hover: { color: 'fg.default', textDecoration: 'underline' } })

const SECTION_LINKS: { id: string; label: string }[] = [
  { id: BILLING_SECTIONS.subscription, label: 'Subscription' },
  { id: BILLING_SECTIONS.plans, label: 'Plans' },
  { id: BILLING_SECTIONS.usage, label: 'Usage' },
  { id: BILLING_SECTIONS.address, label: 'Billing address' },
  { id: BILLING_SECTIONS.invoices, label: 'Invoices' },
  { id: BILLING_SECTIONS.features, label: 'Compare plans' },
]

function Anchor({ id, children }: { id: string; children?: ReactNode }) {
  return (
    <div id={id} className={anchorClass}>
      {children}
    </div>
  )
}

/**
 * /org/{slug}/billing (SPEC §2): the subscription, the plans and a change of plan, this cycle's usage
 * and its cost, the billing address (#address), the invoices (#invoices) and the plan feature matrix.
 */
export default function BillingPage() {
  const { slug } = useParams<{ slug: string }>()
  const { organizations, organization } = useRouteOrganization(slug)
  const mfaBlocked = useMfaRedirect(organization)
  const read = usePermission(
    PermissionAction.BILLING_READ,
    BILLING_RESOURCES.subscriptions,
    organization ? { organizationSlug: organization.slug } : undefined,
    PERMISSION_MESSAGE.readBilling,
  )
  const enabled = Boolean(organization) && !mfaBlocked && read.allowed
  const subscription = useQuery({ ...organizationSubscriptionQuery(slug), enabled })
  const usage = useQuery({ ...organizationUsageQuery(slug), enabled })
  const currentPlan = subscription.data?.plan.id ?? organization?.plan.id
  useScrollToHash(Boolean(organization) && !read.loading && (!enabled || (!subscription.isPending && !usage.isPending)))

  if (!organization) return organizations.isError ? <ErrorState title="Failed to load organizations" message={organizations.error.message} /> : <LoadingState />

  return (
    <div className={pageClass}>
      <OrganizationNav slug={organization.slug} name={organization.name} current="billing" />
      <nav aria-label="Billing sections">
        <ul className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
          {SECTION_LINKS.map((link) => (
            <li key={link.id}>
              <a href={`#${link.id}`} className={navLinkClass}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {read.error !== null ? (
        <PermissionsFailed permission={read} />
      ) : !read.allowed && !read.loading ? (
        <Callout tone="warning" title="No access to billing">
          {read.reason}
        </Callout>
      ) : (
        <>
          <Anchor id={BILLING_SECTIONS.subscription}>
            {subscription.isError ? (
              <ErrorState title="Failed to load the subscription" message={subscription.error.message} onRetry={() => void subscription.refetch()} />
            ) : subscription.data ? (
              <SubscriptionSection organization={organization} subscription={subscription.data} />
            ) : (
              <LoadingState label="Loading the subscription…" />
            )}
          </Anchor>
          <Anchor id={BILLING_SECTIONS.plans}>
            {currentPlan && subscription.data ? <PlansSection organization={organization} currentPlan={currentPlan} /> : null}
          </Anchor>
          <Anchor id={BILLING_SECTIONS.usage}>
            {usage.isError ? (
              <ErrorState title="Failed to load usage" message={usage.error.message} onRetry={() => void usage.refetch()} />
            ) : usage.data && subscription.data && currentPlan ? (
              <UsageSection plan={currentPlan} usage={usage.data} subscription={subscription.data} />
            ) : subscription.isError ? null : (
              <LoadingState label="Loading usage…" />
            )}
          </Anchor>
        </>
      )}
      <Anchor id={BILLING_SECTIONS.address}>{mfaBlocked ? null : <AddressSection organization={organization} />}</Anchor>
      <Anchor id={BILLING_SECTIONS.invoices}>{mfaBlocked ? null : <InvoicesSection organization={organization} />}</Anchor>
      <Anchor id={BILLING_SECTIONS.features}>{currentPlan ? <FeatureMatrixSection currentPlan={currentPlan} /> : null}</Anchor>
    </div>
  )
}
