import { css } from 'styled-system/css'
import type { Organization, Subscription } from '../../api/schemas'
import { BILLING_MESSAGE, MANAGED_BY, PLAN_COMPUTE_CREDITS_MONTHLY, PLAN_NAMES } from '../../constants'
import { formatBillingUnixDate } from '../../lib/billing-date'
import { formatUsd } from '../../lib/billing-money'
import { planTier } from '../../lib/plan-change'
import { Badge } from '../../ui/badge'
import { Callout } from '../../ui/callout'
import { ExternalLink } from '../../ui/external-link'
import { SectionHeading, sectionCardClass } from './billing-section'

const HEADING_ID = 'billing-subscription-heading'
const termClass = css({ color: 'fg.muted' })
const listClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' }, columnGap: '6', rowGap: '2', fontSize: 'sm' })

/** The plan the organization is on, its billing cycle, compute credits and add-ons; who bills it when a partner does. */
export function SubscriptionSection({ organization, subscription }: { organization: Organization; subscription: Subscription }) {
  const plan = subscription.plan.id
  const tier = planTier(plan)
  const partner = subscription.billing_partner ?? organization.billing_partner
  const credits = subscription.compute_credits ?? PLAN_COMPUTE_CREDITS_MONTHLY[plan]
  const compute = subscription.project_addons.flatMap((p) => p.addons)
  const computeMonthly = compute.reduce((sum, a) => sum + a.price, 0)
  const cycle = `${formatBillingUnixDate(subscription.current_period_start)} – ${formatBillingUnixDate(subscription.current_period_end)}`

  return (
    <section aria-labelledby={HEADING_ID} className={sectionCardClass}>
      <SectionHeading headingId={HEADING_ID} title="Subscription plan" description={`What ${organization.name} pays for each month.`} />
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <p data-testid="current-plan" className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
          {tier.name}
        </p>
        <Badge tone="success">Current plan</Badge>
        {partner ? <Badge tone="info">Billed through {MANAGED_BY[partner].label}</Badge> : null}
      </div>
      <dl className={listClass}>
        <dt className={termClass}>Billing cycle</dt>
        <dd data-testid="billing-cycle">{cycle}</dd>
        <dt className={termClass}>Next invoice</dt>
        <dd>{formatBillingUnixDate(subscription.next_invoice_at)}</dd>
        <dt className={termClass}>Compute credits</dt>
        <dd data-testid="compute-credits">
          {credits > 0 ? (
            <>
              <strong>{formatUsd(credits)}</strong> per month, applied to compute
              {compute.length > 0
                ? ` (this organization’s compute: ${formatUsd(computeMonthly)} per month for ${compute.length} ${compute.length === 1 ? 'project' : 'projects'})`
                : ''}
            </>
          ) : (
            <span className={termClass}>None on the {PLAN_NAMES[plan]} plan</span>
          )}
        </dd>
        <dt className={termClass}>Add-ons</dt>
        <dd>
          {subscription.addons.length === 0 ? (
            <span className={termClass}>None</span>
          ) : (
            <ul className={css({ display: 'flex', flexDir: 'column', gap: '0.5' })}>
              {subscription.addons.map((addon) => (
                <li key={addon.supabase_prod_id}>
                  {addon.name}: {formatUsd(addon.price)} per month
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {partner ? (
        <Callout tone="info" title={BILLING_MESSAGE.managedBy(MANAGED_BY[partner].label)}>
          {BILLING_MESSAGE.managedByDetail(MANAGED_BY[partner].label)}{' '}
          <ExternalLink href={MANAGED_BY[partner].url}>Open {MANAGED_BY[partner].label}</ExternalLink>
        </Callout>
      ) : null}
    </section>
  )
}
