import { css } from 'styled-system/css'
import type { OrganizationUsage, Subscription } from '../../api/schemas'
import { BILLING_MESSAGE, PLAN_NAMES, USAGE_APPROACHING_THRESHOLD, USAGE_LIMITS, type PlanId, type UsageMetric } from '../../constants'
import { formatBillingUnixDate } from '../../lib/billing-date'
import { formatCents, formatUnitPrice } from '../../lib/billing-money'
import { formatUsageAmount, usageCosts, type MetricCost } from '../../lib/usage-cost'
import { Badge } from '../../ui/badge'
import { Callout } from '../../ui/callout'
import { SectionHeading, sectionCardClass } from './billing-section'
import { TableHead } from '../../ui/table-head'
import { FillBar, type FillTone } from '../../ui/fill-bar'

const HEADING_ID = 'billing-usage-heading'

const rowClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'minmax(200px, 1.2fr) minmax(180px, 2fr) minmax(150px, 1fr)' },
  alignItems: 'center',
  gap: { base: '2', md: '4' },
  py: '3',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  _first: { borderTopWidth: '0' },
})
const mutedClass = css({ color: 'fg.muted', fontSize: 'xs' })
const projectTableClass = css({
  w: 'full',
  mt: '2',
  fontSize: 'xs',
  borderCollapse: 'collapse',
  '& th': { textAlign: 'left', fontWeight: 'medium', color: 'fg.muted', py: '1', pr: '3' },
  '& td': { py: '1', pr: '3', borderTopWidth: '1px', borderColor: 'border.default' },
  '& .amount': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
})

function barTone(ratio: number): FillTone {
  if (ratio > 1) return 'danger'
  if (ratio >= USAGE_APPROACHING_THRESHOLD) return 'warning'
  return 'accent'
}

/** A bar of usage against a limit: full at the limit, red beyond it, amber from 75 %. */
function UsageBar({ label, ratio }: { label: string; ratio: number }) {
  const percent = Math.round(ratio * 100)
  return <FillBar role="meter" label={label} value={percent} valueText={`${percent}%`} tone={barTone(ratio)} className={css({ h: '2' })} />
}

function limitText(cost: MetricCost, plan: PlanId): string {
  if (cost.status === 'custom') return 'Custom limit'
  if (cost.status === 'unavailable') return `Not in the ${PLAN_NAMES[plan]} plan`
  const included = formatUsageAmount(cost.limit.unit, cost.included ?? 0)
  return cost.limit.perProject ? `${included} included per project` : `${included} included`
}

/** The cost column: money only where the plan bills it; otherwise what the usage means for the plan. */
function costText(cost: MetricCost, plan: PlanId): { text: string; tone: 'danger' | 'warning' | null } {
  if (cost.status === 'unavailable') return { text: 'Not available', tone: null }
  if (cost.status === 'custom') return { text: 'Per contract', tone: null }
  if (cost.overage <= 0) return { text: 'Included', tone: null }
  if (!cost.billed) return { text: `Over the ${PLAN_NAMES[plan]} limit`, tone: 'danger' }
  return { text: formatCents(cost.costCents), tone: 'warning' }
}

function MetricRow({ cost, plan }: { cost: MetricCost; plan: PlanId }) {
  const { limit } = cost
  const amount = costText(cost, plan)
  const overage = cost.overage > 0 ? `${formatUsageAmount(limit.unit, cost.overage)} over` : null
  return (
    <li aria-label={limit.title} data-metric={cost.metric} className={rowClass}>
      <div>
        <p className={css({ fontWeight: 'medium' })}>{limit.title}</p>
        {cost.status !== 'metered' || limit.perProject ? <p className={mutedClass}>{limitText(cost, plan)}</p> : null}
      </div>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', minW: '0' })}>
        <p className={css({ fontSize: 'sm', fontVariantNumeric: 'tabular-nums' })}>
          <span data-testid="usage-amount">{formatUsageAmount(limit.unit, cost.usage)}</span>
          {cost.included === null ? null : limit.perProject ? (
            <span className={mutedClass}>
              {' '}
              in {cost.projects.length} {cost.projects.length === 1 ? 'project' : 'projects'}
            </span>
          ) : (
            <span className={mutedClass}> of {formatUsageAmount(limit.unit, cost.included)}</span>
          )}
          {overage ? <span className={css({ color: 'danger.default', fontSize: 'xs' })}> · {overage}</span> : null}
        </p>
        {cost.ratio !== null ? <UsageBar label={`${limit.title} used`} ratio={cost.ratio} /> : null}
        {cost.projects.length > 0 && cost.status !== 'unavailable' ? (
          <details>
            <summary className={css({ cursor: 'pointer', fontSize: 'xs', color: 'fg.muted', w: 'fit-content' })}>By project ({cost.projects.length})</summary>
            <table className={projectTableClass} aria-label={`${limit.title} by project`}>
              <TableHead columns={['Project', { label: 'Usage', className: 'amount' }, { label: limit.perProject ? 'Of its allowance' : 'Share', className: 'amount' }]} />
              <tbody>
                {cost.projects.map((project) => (
                  <tr key={project.ref}>
                    <td>{project.name}</td>
                    <td className="amount">{formatUsageAmount(limit.unit, project.usage)}</td>
                    <td className="amount">{project.ratio === null ? '—' : `${Math.round(project.ratio * 100)}%`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        ) : null}
      </div>
      <div className={css({ display: 'flex', flexDir: 'column', alignItems: { base: 'flex-start', md: 'flex-end' }, gap: '1' })}>
        <span data-testid="overage-cost" className={amount.tone ? undefined : mutedClass}>
          {amount.tone ? <Badge tone={amount.tone}>{amount.text}</Badge> : amount.text}
        </span>
        {cost.billed ? (
          <span className={mutedClass}>
            then {formatUnitPrice(limit.overage.price)} per {limit.overage.unitLabel}
          </span>
        ) : null}
      </div>
    </li>
  )
}

/**
 * #usage: this billing cycle's usage of each metric against the plan's limits, with bars, each
 * project's share, and the overage cost computed from the SPEC §9 prices.
 */
export function UsageSection({ plan, usage, subscription }: { plan: PlanId; usage: OrganizationUsage; subscription: Subscription }) {
  const known = usage.usages.filter((u): u is typeof u & { metric: UsageMetric } => u.metric in USAGE_LIMITS)
  const { metrics, totalCents } = usageCosts(plan, known)
  const overFree = plan === 'free' && metrics.some((m) => m.overage > 0)
  const cycle = `${formatBillingUnixDate(subscription.current_period_start)} – ${formatBillingUnixDate(subscription.current_period_end)}`
  return (
    <section aria-labelledby={HEADING_ID} className={sectionCardClass}>
      <SectionHeading
        headingId={HEADING_ID}
        title="Usage this billing cycle"
        description={`${cycle}. Usage of all projects against the ${PLAN_NAMES[plan]} plan’s limits.`}
        actions={
          plan === 'free' || plan === 'enterprise' ? null : (
            <div className={css({ textAlign: 'right' })}>
              <p className={mutedClass}>Usage above the limits</p>
              <p data-testid="overage-total" className={css({ fontSize: 'xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
                {formatCents(totalCents)}
              </p>
            </div>
          )
        }
      />
      {overFree ? (
        <Callout tone="warning" title="Over the Free plan’s limits">
          {BILLING_MESSAGE.freeOverLimit}
        </Callout>
      ) : null}
      {plan === 'enterprise' ? (
        <Callout tone="info" title="Enterprise limits">
          Limits and prices of usage are set by this organization’s contract.
        </Callout>
      ) : null}
      <ul aria-label="Usage by metric">
        {metrics.map((cost) => (
          <MetricRow key={cost.metric} cost={cost} plan={plan} />
        ))}
      </ul>
    </section>
  )
}
