import { USAGE_LIMITS, type PlanId, type UsageLimit, type UsageMetric } from '../constants'
import { formatBytes } from './format-bytes'

/** One project's share of a metric (PLATFORM-API §2 project_allocations). */
export interface ProjectUsage {
  ref: string
  name: string
  usage: number
}

/** One metric of the organization usage answer, as far as the cost needs it. */
export interface MetricUsage {
  metric: UsageMetric
  usage: number
  project_allocations: readonly ProjectUsage[]
}

export interface ProjectMetricCost extends ProjectUsage {
  /** Usage above the per-project allowance (per-project metrics only; otherwise 0). */
  overage: number
  /** Share of the allowance used (per-project metrics) or of the organization's usage (others), 0–n. */
  ratio: number | null
}

export interface MetricCost {
  metric: UsageMetric
  limit: UsageLimit
  usage: number
  /**
   * metered: a limit and, on paid plans, an overage price; unavailable: not part of the plan;
   * custom: Enterprise, whose limits are agreed per contract (SPEC §9: not shown).
   */
  status: 'metered' | 'unavailable' | 'custom'
  /** Included amount (per project when limit.perProject); null unless metered. */
  included: number | null
  /** Usage above what is included, in the metric's unit (summed over projects for per-project metrics). */
  overage: number
  /** Whether the plan bills the overage (paid plans); Free is capped and restricted instead. */
  billed: boolean
  /** The overage cost in cents, rounded half up once per metric. 0 when not billed. */
  costCents: number
  /** Fill of the usage bar: usage over the included amount (the fullest project for per-project metrics). */
  ratio: number | null
  projects: ProjectMetricCost[]
}

/** An exact decimal: value = n / d. Prices like 0.00325 and byte counts multiply without float error. */
interface Ratio {
  n: bigint
  d: bigint
}

function ratioOf(value: number): Ratio {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`)
  const [mantissa = '0', exponentText] = value.toString().toLowerCase().split('e')
  const exponent = Number(exponentText ?? 0)
  const negative = mantissa.startsWith('-')
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.')
  let n = BigInt(whole + fraction)
  let d = 10n ** BigInt(fraction.length)
  if (exponent > 0) n *= 10n ** BigInt(exponent)
  if (exponent < 0) d *= 10n ** BigInt(-exponent)
  return { n: negative ? -n : n, d }
}

/** Half up, away from zero for the .5 case on positives (costs are never negative). */
function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator)
}

/** The cost in cents of `units` above the limit at `price` USD per `per` units, rounded half up to the cent. */
export function overageCostCents(units: number, pricing: { price: number; per: number }): number {
  if (units <= 0) return 0
  const u = ratioOf(units)
  const price = ratioOf(pricing.price)
  const per = ratioOf(pricing.per)
  return Number(roundHalfUp(u.n * price.n * 100n * per.d, u.d * price.d * per.n))
}

/** The included amount of a metric on a plan: a number, null (not available) or 'custom' (Enterprise). */
export function includedAmount(limit: UsageLimit, plan: PlanId): number | null | 'custom' {
  if (plan === 'enterprise') return 'custom'
  return limit.included[plan]
}

/** One metric's usage against the plan's limit and its overage cost (SPEC §9 prices). */
export function metricCost(plan: PlanId, usage: MetricUsage): MetricCost {
  const limit = USAGE_LIMITS[usage.metric]
  const included = includedAmount(limit, plan)
  const billed = plan !== 'free' && plan !== 'enterprise'
  const base = { metric: usage.metric, limit, usage: usage.usage, billed: false, costCents: 0 }
  if (included === 'custom' || included === null) {
    return {
      ...base,
      status: included === null ? 'unavailable' : 'custom',
      included: null,
      overage: 0,
      ratio: null,
      projects: usage.project_allocations.map((p) => ({ ...p, overage: 0, ratio: usage.usage > 0 ? p.usage / usage.usage : null })),
    }
  }
  const projects = usage.project_allocations.map((p) =>
    limit.perProject
      ? { ...p, overage: Math.max(0, p.usage - included), ratio: included > 0 ? p.usage / included : null }
      : { ...p, overage: 0, ratio: usage.usage > 0 ? p.usage / usage.usage : null },
  )
  const overage = limit.perProject ? projects.reduce((sum, p) => sum + p.overage, 0) : Math.max(0, usage.usage - included)
  const ratio = limit.perProject ? Math.max(0, ...projects.map((p) => p.ratio ?? 0)) : included > 0 ? usage.usage / included : null
  return {
    ...base,
    status: 'metered',
    included,
    overage,
    billed,
    costCents: billed ? overageCostCents(overage, limit.overage) : 0,
    ratio,
    projects,
  }
}

/** Every metric's cost and the total overage in cents (the sum of the per-metric rounded costs, as invoice lines add up). */
export function usageCosts(plan: PlanId, usages: readonly MetricUsage[]): { metrics: MetricCost[]; totalCents: number } {
  const metrics = usages.filter((u) => u.metric in USAGE_LIMITS).map((u) => metricCost(plan, u))
  return { metrics, totalCents: metrics.reduce((sum, m) => sum + m.costCents, 0) }
}

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** A usage amount in its unit: bytes as GB (MB under 1 GB) with up to 2 decimals, counts as whole numbers. */
export function formatUsageAmount(unit: UsageLimit['unit'], value: number): string {
  if (unit === 'count') return COUNT.format(value)
  return formatBytes(value, { atLeast: 'MB' })
}
