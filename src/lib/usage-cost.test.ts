import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BYTES_PER_GB, BYTES_PER_MB, USAGE_LIMITS, USAGE_METRICS, type UsageMetric } from '../constants'
import { formatUsageAmount, metricCost, overageCostCents, usageCosts, type MetricUsage } from './usage-cost'

const GB = 1_073_741_824
const MB = 1_048_576

function usage(metric: UsageMetric, total: number, projects: number[] = [total]): MetricUsage {
  return { metric, usage: total, project_allocations: projects.map((u, i) => ({ ref: `ref${i}`, name: `Project ${i}`, usage: u })) }
}

describe('overage cost per metric on a paid plan, to the cent (SPEC §9 prices)', () => {
  it.each<[string, 'pro' | 'team', MetricUsage, number]>([
    ['egress 262 GB on Pro: 12 GB × $0.09', 'pro', usage('EGRESS', 262 * GB), 108],
    ['egress 250 GB + 500 MB: 0.48828125 GB × $0.09 = $0.0439…', 'pro', usage('EGRESS', 250 * GB + 500 * MB), 4],
    ['egress one byte over: far under a cent', 'pro', usage('EGRESS', 250 * GB + 1), 0],
    ['cached egress 300 GB: 50 GB × $0.03', 'pro', usage('CACHED_EGRESS', 300 * GB), 150],
    ['storage 150 GB on Team: 50 GB × $0.021', 'team', usage('STORAGE_SIZE', 150 * GB), 105],
    ['MAUs 104,000: 4,000 × $0.00325', 'pro', usage('MONTHLY_ACTIVE_USERS', 104_000), 1300],
    ['MAUs 100,154: 154 × $0.00325 = $0.5005', 'pro', usage('MONTHLY_ACTIVE_USERS', 100_154), 50],
    ['MAUs 100,002: $0.0065 rounds up', 'pro', usage('MONTHLY_ACTIVE_USERS', 100_002), 1],
    ['MAUs 100,001: $0.00325 rounds down', 'pro', usage('MONTHLY_ACTIVE_USERS', 100_001), 0],
    ['SSO MAUs 53: 3 × $0.015 = $0.045, half up', 'pro', usage('MONTHLY_ACTIVE_SSO_USERS', 53), 5],
    ['image transformations 1,100: 1,000 × $5/1000', 'pro', usage('STORAGE_IMAGES_TRANSFORMED', 1_100), 500],
    ['image transformations 101: one image, $0.005, half up', 'team', usage('STORAGE_IMAGES_TRANSFORMED', 101), 1],
    ['invocations 2,350,000: 350,000 × $2/million', 'pro', usage('FUNCTION_INVOCATIONS', 2_350_000), 70],
    ['peak connections 1,250: 750 × $10/1000', 'pro', usage('REALTIME_PEAK_CONNECTIONS', 1_250), 750],
    ['realtime messages 6,200,000 on Team: 1.2 million × $2.50/million', 'team', usage('REALTIME_MESSAGE_COUNT', 6_200_000), 300],
    ['realtime messages within the 5 million', 'team', usage('REALTIME_MESSAGE_COUNT', 4_999_999), 0],
  ])('%s', (_, plan, input, cents) => {
    expect(metricCost(plan, input).costCents).toBe(cents)
  })

  it('database size counts each project against its own 8 GB: 9.5 + 2 + 8 GB is 1.5 GB over, $0.1875 → $0.19', () => {
    const cost = metricCost('pro', usage('DATABASE_SIZE', 19.5 * GB, [9.5 * GB, 2 * GB, 8 * GB]))
    expect(cost.included).toBe(8 * GB)
    expect(cost.overage).toBe(1.5 * GB)
    expect(cost.costCents).toBe(19)
    expect(cost.projects.map((p) => p.overage)).toEqual([1.5 * GB, 0, 0])
    expect(cost.ratio).toBeCloseTo(9.5 / 8)
  })

  it('a usage within the limit costs nothing and fills the bar by its share', () => {
    const cost = metricCost('pro', usage('EGRESS', 125 * GB, [100 * GB, 25 * GB]))
    expect(cost).toMatchObject({ status: 'metered', included: 250 * GB, overage: 0, billed: true, costCents: 0, ratio: 0.5 })
    expect(cost.projects.map((p) => p.ratio)).toEqual([0.8, 0.2])
  })
})

describe('plans without billed overage', () => {
  it('Free is capped: the overage shows but costs nothing', () => {
    const cost = metricCost('free', usage('EGRESS', 6.5 * GB))
    expect(cost).toMatchObject({ status: 'metered', included: 5 * GB, overage: 1.5 * GB, billed: false, costCents: 0, ratio: 1.3 })
  })
  it('Free has no SSO MAUs or image transformations', () => {
    expect(metricCost('free', usage('MONTHLY_ACTIVE_SSO_USERS', 0)).status).toBe('unavailable')
    expect(metricCost('free', usage('STORAGE_IMAGES_TRANSFORMED', 0)).status).toBe('unavailable')
  })
  it('Enterprise limits are custom: no bar, no computed cost', () => {
    const cost = metricCost('enterprise', usage('MONTHLY_ACTIVE_USERS', 5_000_000))
    expect(cost).toMatchObject({ status: 'custom', included: null, ratio: null, costCents: 0, billed: false })
  })
  it('Free database size is 500 MB per project', () => {
    const cost = metricCost('free', usage('DATABASE_SIZE', 700 * MB, [600 * MB, 100 * MB]))
    expect(cost.included).toBe(500 * MB)
    expect(cost.overage).toBe(100 * MB)
    expect(cost.ratio).toBeCloseTo(1.2)
  })
})

describe('usageCosts', () => {
  it('adds the rounded cost of each metric', () => {
    const { metrics, totalCents } = usageCosts('pro', [
      usage('EGRESS', 262 * GB),
      usage('MONTHLY_ACTIVE_USERS', 104_000),
      usage('FUNCTION_INVOCATIONS', 2_350_000),
      usage('MONTHLY_ACTIVE_SSO_USERS', 53),
      usage('DATABASE_SIZE', 9.5 * GB),
    ])
    expect(metrics.map((m) => m.costCents)).toEqual([108, 1300, 70, 5, 19])
    expect(totalCents).toBe(1502)
  })
  it('ignores metrics it has no limit for', () => {
    const unknown = { metric: 'COMPUTE_HOURS' as UsageMetric, usage: 10, project_allocations: [] }
    expect(usageCosts('pro', [unknown]).metrics).toEqual([])
  })
})

describe('overageCostCents', () => {
  it('is exact where floating point is not: 11 × $0.015 is 16.5 cents, rounded half up to 17', () => {
    expect(Math.round(11 * 0.015 * 100)).toBe(16)
    expect(overageCostCents(11, { price: 0.015, per: 1 })).toBe(17)
    // 60 MAUs × $0.00325 = $0.195
    expect(overageCostCents(60, USAGE_LIMITS.MONTHLY_ACTIVE_USERS.overage)).toBe(20)
  })
  it('agrees with exact integer arithmetic for any MAU overage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (units) => {
        // $0.00325 = 325 hundred-thousandths; cents = round(units × 325 / 1000), half up.
        const expected = Math.floor((units * 325 * 2 + 1000) / 2000)
        expect(overageCostCents(units, USAGE_LIMITS.MONTHLY_ACTIVE_USERS.overage)).toBe(expected)
      }),
    )
  })
  it('nothing over the limit costs nothing', () => {
    for (const metric of USAGE_METRICS) expect(overageCostCents(0, USAGE_LIMITS[metric].overage)).toBe(0)
  })
})

describe('formatUsageAmount', () => {
  it.each<[Parameters<typeof formatUsageAmount>[0], number, string]>([
    ['bytes', 8 * BYTES_PER_GB, '8 GB'],
    ['bytes', 262.5 * BYTES_PER_GB, '262.5 GB'],
    ['bytes', 250 * BYTES_PER_GB + 500 * BYTES_PER_MB, '250.49 GB'],
    ['bytes', 500 * BYTES_PER_MB, '500 MB'],
    ['bytes', 0, '0 MB'],
    ['count', 104_000, '104,000'],
    ['count', 2_350_000, '2,350,000'],
  ])('%s %s → %s', (unit, value, text) => {
    expect(formatUsageAmount(unit, value)).toBe(text)
  })
})
