import {
  BILLING_MESSAGE,
  PLAN_COMPUTE_CREDITS_MONTHLY,
  PLAN_LIMITS,
  PLAN_NAMES,
  PLAN_ORDER,
  PRICING_TIERS,
  type PlanId,
  type PricingTier,
  type PricingTierId,
} from '../constants'
import { formatMonthlyPrice, formatUsd } from './billing-money'

export type PlanChangeKind = 'upgrade' | 'downgrade' | 'none'

/** Moving right in Free → Pro → Team → Enterprise is an upgrade. */
export function planChangeKind(from: PlanId, to: PlanId): PlanChangeKind {
  const diff = PLAN_ORDER.indexOf(to) - PLAN_ORDER.indexOf(from)
  return diff > 0 ? 'upgrade' : diff < 0 ? 'downgrade' : 'none'
}

export function tierOf(id: PricingTierId): PricingTier {
  const tier = PRICING_TIERS.find((t) => t.id === id)
  if (!tier) throw new RangeError(`Unknown pricing tier ${id}`)
  return tier
}

/** The tier a plan is sold as (pay as you go aside). */
export function planTier(plan: PlanId): PricingTier {
  return PRICING_TIERS.find((t) => t.planId === plan && t.id !== 'tier_payg')!
}

export interface PlanChangeSummary {
  kind: PlanChangeKind
  from: PricingTier
  to: PricingTier
  /** 'Upgrade to Pro', 'Downgrade to Free'. */
  title: string
  /** 'Your bill changes from $0/month to $25/month.' */
  priceChange: string
  /** What else changes, in the order a reader should learn it. */
  details: string[]
}

/** What the confirmation of a plan change says: the price change first, then credits, billing and limits. */
export function summarizePlanChange(fromPlan: PlanId, toTier: PricingTierId): PlanChangeSummary {
  const from = planTier(fromPlan)
  const to = tierOf(toTier)
  const kind = planChangeKind(from.planId, to.planId)
  const verb = kind === 'downgrade' ? 'Downgrade' : kind === 'upgrade' ? 'Upgrade' : 'Switch'
  const details: string[] = []
  const creditsFrom = PLAN_COMPUTE_CREDITS_MONTHLY[from.planId]
  const creditsTo = PLAN_COMPUTE_CREDITS_MONTHLY[to.planId]
  if (creditsTo > creditsFrom) details.push(`Includes ${formatUsd(creditsTo)} in compute credits every month.`)
  if (creditsTo < creditsFrom) details.push(`The ${formatUsd(creditsFrom)} in monthly compute credits end.`)
  if (to.planId === 'free') {
    details.push('Usage above the Free plan’s limits is not billed: projects over them are restricted.')
    details.push(`The Free plan allows ${PLAN_LIMITS.free.activeProjects} active projects; add-ons are removed.`)
  } else if (from.planId === 'free') {
    details.push(`Usage above the ${PLAN_NAMES[to.planId]} plan’s limits is billed at the prices in the feature table.`)
  }
  details.push(
    kind === 'downgrade'
      ? 'The change applies at once; unused time of the current plan is credited.'
      : 'The change applies at once; this cycle is charged pro rata.',
  )
  return {
    kind,
    from,
    to,
    title: `${verb} to ${PLAN_NAMES[to.planId]}`,
    priceChange: BILLING_MESSAGE.priceChange(formatMonthlyPrice(from.priceMonthly), formatMonthlyPrice(to.priceMonthly)),
    details,
  }
}
