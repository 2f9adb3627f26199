import type { UsageProject } from '../../fixtures/billing'
import {
  BYTES_PER_GB,
  COMPUTE_SIZES,
  INACTIVE_PROJECT_STATUSES,
  PLAN_COMPUTE_CREDITS_MONTHLY,
  PLAN_NAMES,
  PLAN_PRICES_MONTHLY,
  USAGE_LIMITS,
  USAGE_METRICS,
  type PlanId,
  type ProjectStatus,
} from '../../src/constants'
import type { UpcomingInvoice } from '../../src/api/schemas'
import { formatUnitPrice } from '../../src/lib/billing-money'
import { metricCost } from '../../src/lib/usage-cost'
import { billingCycleAt, subscriptionAnchorDay } from './billing-cycle'
import { billedComputeSize, computeItem, metricAllocations, organizationAddons } from './organization-billing'

/** Not in SPEC: an enterprise contract is custom; the mock bills this much a month for it. */
export const ENTERPRISE_CONTRACT_MONTHLY = 4000

type InvoiceProject = UsageProject & { infra_compute_size?: string }
type Line = UpcomingInvoice['lines'][number]

/**
 * GET …/billing/invoices/upcoming (Version 2), amounts in dollars: the plan, its add-ons, compute per
 * running project less the plan's compute credits, and usage above the plan's quota at the SPEC §9
 * prices — the same usage, cycle and add-ons the usage and subscription answers give, so the
 * preview agrees with the usage section to the cent. `projects` in id order; `now` is the platform's
 * clock, whose cycle every line is for.
 */
export function upcomingInvoiceFor(
  organization: { id: number; slug: string; plan: { id: PlanId } },
  projects: readonly InvoiceProject[],
  now: number,
): UpcomingInvoice {
  const plan = organization.plan.id
  const cycle = billingCycleAt(subscriptionAnchorDay(organization.id), now)
  const period = { start: new Date(cycle.start).toISOString(), end: new Date(cycle.end).toISOString() }
  const line = (description: string, amountCents: number, extra: Partial<Line> = {}): Line => ({
    description,
    amount: amountCents / 100,
    quantity: 1,
    unit_price: amountCents / 100,
    unit_price_desc: null,
    usage_based: false,
    usage_metric: null,
    usage_original: null,
    proration: false,
    period,
    breakdown: [],
    ...extra,
  })

  const lines = [line(`${PLAN_NAMES[plan]} Plan`, (PLAN_PRICES_MONTHLY[plan] ?? ENTERPRISE_CONTRACT_MONTHLY) * 100)]
  if (plan !== 'free') {
    for (const addon of organizationAddons(organization)) lines.push(line(addon.name, addon.monthly * 100))

    // Paused projects pay no compute.
    const running = projects.filter((p) => !INACTIVE_PROJECT_STATUSES.includes(p.status as ProjectStatus))
    let computeCents = 0
    for (const size of COMPUTE_SIZES) {
      const onSize = running.filter((p) => billedComputeSize(p) === size.id)
      if (onSize.length === 0) continue
      const compute = computeItem(size.id)
      const unitCents = compute.monthly * 100
      computeCents += unitCents * onSize.length
      lines.push(
        line(compute.name, unitCents * onSize.length, {
          quantity: onSize.length,
          unit_price: unitCents / 100,
          unit_price_desc: `${formatUnitPrice(unitCents / 100)} per project per month`,
          breakdown: onSize.map((p) => ({ project_ref: p.ref, project_name: p.name, usage: 1 })),
        }),
      )
    }
    const creditCents = Math.min(PLAN_COMPUTE_CREDITS_MONTHLY[plan] * 100, computeCents)
    if (creditCents > 0) lines.push(line('Compute credits', -creditCents))

    for (const metric of USAGE_METRICS) {
      const limit = USAGE_LIMITS[metric]
      const allocations = metricAllocations(organization.slug, metric, projects)
      const usage = allocations.reduce((sum, a) => sum + a.usage, 0)
      const cost = metricCost(plan, { metric, usage, project_allocations: allocations })
      if (!cost.billed || cost.costCents === 0) continue
      const perUnit = limit.unit === 'bytes' ? BYTES_PER_GB : 1
      lines.push(
        line(limit.title, cost.costCents, {
          quantity: cost.overage / perUnit,
          unit_price: limit.overage.price,
          unit_price_desc: `${formatUnitPrice(limit.overage.price)} per ${limit.overage.unitLabel}`,
          usage_based: true,
          usage_metric: metric,
          usage_original: usage / perUnit,
          breakdown: allocations.filter((a) => a.usage > 0).map((a) => ({ project_ref: a.ref, project_name: a.name, usage: a.usage / perUnit })),
        }),
      )
    }
  }

  const totalCents = lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0)
  return {
    amount_total: totalCents / 100,
    amount_projected: totalCents / 100,
    currency: 'usd',
    customer_balance: 0,
    subscription_id: `sub_${organization.slug}`,
    billing_cycle_start: period.start,
    billing_cycle_end: period.end,
    lines,
  }
}
