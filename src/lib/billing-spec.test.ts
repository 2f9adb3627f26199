// The plan data of src/constants/billing.ts checked against SPEC §3 and §9, number by number.
// The expected values below are transcribed from SPEC, not from the constants.
import { describe, expect, it } from 'vitest'
import {
  ADDON_PRICES,
  BYTES_PER_GB,
  BYTES_PER_MB,
  FEATURE_CATEGORIES,
  PLAN_COMPUTE_CREDITS_MONTHLY,
  PLAN_FEATURE_MATRIX,
  PLAN_IDS,
  PLAN_LIMITS,
  PLAN_PRICES_MONTHLY,
  PLAN_QUOTAS,
  PRICING_TIERS,
  PRICING_TIER_IDS,
  USAGE_APPROACHING_THRESHOLD,
  USAGE_LIMITS,
  USAGE_METRICS,
  type PlanFeature,
  type UsageMetric,
} from '../constants'

const GB = 1073741824
const MB = 1048576
const allFeatures = Object.values(PLAN_FEATURE_MATRIX).flat()
const feature = (key: string): PlanFeature => {
  const found = allFeatures.find((f) => f.key === key)
  if (!found) throw new Error(`No matrix entry ${key}`)
  return found
}

describe('SPEC §9 numeric constants', () => {
  it('bytes per GB and MB', () => {
    expect(BYTES_PER_GB).toBe(GB)
    expect(BYTES_PER_MB).toBe(MB)
  })
  it('the 0.75 ratio', () => {
    expect(USAGE_APPROACHING_THRESHOLD).toBe(0.75)
  })
})

describe('SPEC §3 pricing tiers', () => {
  it('has exactly the five tier ids', () => {
    expect(PRICING_TIER_IDS).toEqual(['tier_free', 'tier_pro', 'tier_payg', 'tier_team', 'tier_enterprise'])
    expect(PRICING_TIERS.map((t) => t.id)).toEqual([...PRICING_TIER_IDS])
  })
  it('labels and monthly prices: Free $0, Pro $25, Team $599, Enterprise custom', () => {
    const byId = Object.fromEntries(PRICING_TIERS.map((t) => [t.id, t]))
    expect(byId.tier_free).toMatchObject({ planId: 'free', name: 'Free - $0/month', priceMonthly: 0 })
    expect(byId.tier_pro).toMatchObject({ planId: 'pro', name: 'Pro - $25/month', priceMonthly: 25 })
    expect(byId.tier_team).toMatchObject({ planId: 'team', name: 'Team - $599/month', priceMonthly: 599 })
    expect(byId.tier_enterprise).toMatchObject({ planId: 'enterprise', priceMonthly: null })
    expect(byId.tier_enterprise!.name).toMatch(/custom/i)
    expect(byId.tier_payg).toMatchObject({ planId: 'pro', priceMonthly: 25 })
    expect(PLAN_PRICES_MONTHLY).toEqual({ free: 0, pro: 25, team: 599, enterprise: null })
  })
  it('every tier has id, planId, name, priceMonthly, features and cta', () => {
    for (const tier of PRICING_TIERS) {
      expect(Object.keys(tier).sort()).toEqual(['cta', 'features', 'id', 'name', 'planId', 'priceMonthly'])
      expect(tier.features.length).toBeGreaterThan(0)
      expect(tier.cta).not.toBe('')
    }
  })
  it('Pro includes $10 compute credits', () => {
    expect(PLAN_COMPUTE_CREDITS_MONTHLY.pro).toBe(10)
    expect(PLAN_COMPUTE_CREDITS_MONTHLY.free).toBe(0)
    expect(PRICING_TIERS.find((t) => t.id === 'tier_pro')!.features).toContain('$10 in compute credits included')
  })
  it('the Free card states the Free plan of SPEC §9', () => {
    const free = PRICING_TIERS.find((t) => t.id === 'tier_free')!.features
    for (const text of [
      '50,000 monthly active users',
      '500 MB database size per project',
      '5 GB egress',
      '1 GB file storage',
      'Paused after 1 week of inactivity',
      'Limit of 2 active projects',
    ]) {
      expect(free).toContain(text)
    }
    expect(PLAN_LIMITS.free.activeProjects).toBe(2)
    expect(PLAN_QUOTAS.pauseAfterInactiveDays.free).toBe(7)
  })
})

describe('SPEC §3 plan feature matrix', () => {
  it('has the eight categories, in order', () => {
    expect(FEATURE_CATEGORIES.map((c) => c.id)).toEqual(['database', 'auth', 'storage', 'edge_functions', 'realtime', 'dashboard', 'security', 'support'])
    expect(Object.keys(PLAN_FEATURE_MATRIX)).toEqual(FEATURE_CATEGORIES.map((c) => c.id))
  })
  it('every entry has a unique key, a title, a true/false/text value per plan and usage_based', () => {
    const keys = allFeatures.map((f) => f.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const entry of allFeatures) {
      expect(entry.title).not.toBe('')
      expect(Object.keys(entry.plans).sort()).toEqual([...PLAN_IDS].sort())
      for (const value of Object.values(entry.plans)) expect(['boolean', 'string']).toContain(typeof value)
      expect(typeof entry.usage_based).toBe('boolean')
    }
    for (const category of FEATURE_CATEGORIES) expect(PLAN_FEATURE_MATRIX[category.id].length).toBeGreaterThan(0)
  })

  // [key, free, pro, team, enterprise-or-undefined (not stated by SPEC), usage_based]
  const SPEC_ROWS: [string, boolean | string, boolean | string, boolean | string, (boolean | string)?, boolean?][] = [
    [
      'database.size',
      '500 MB per project included',
      '8 GB per project included, then $0.125 per GB',
      '8 GB per project included, then $0.125 per GB',
      undefined,
      true,
    ],
    ['database.egress', '5 GB included', '250 GB included, then $0.09 per GB', '250 GB included, then $0.09 per GB', undefined, true],
    ['database.cachedEgress', '5 GB included', '250 GB included, then $0.03 per GB', '250 GB included, then $0.03 per GB', undefined, true],
    ['database.automaticBackups', false, '7 days', '14 days'],
    ['database.pitr', false, '$100 per month per 7 days of retention', '$100 per month per 7 days of retention'],
    ['database.branching', false, '$0.01344 per branch-hour', '$0.01344 per branch-hour', undefined, true],
    ['database.pausing', 'After 1 week of inactivity', 'Never', 'Never'],
    ['database.activeProjects', '2 active projects', 'Unlimited', 'Unlimited'],
    ['auth.maus', '50,000 included', '100,000 included, then $0.00325 per MAU', '100,000 included, then $0.00325 per MAU', undefined, true],
    ['auth.saml', false, '50 included, then $0.015 per MAU', '50 included, then $0.015 per MAU', undefined, true],
    [
      'auth.phoneMfa',
      false,
      '$75 per month for the first project, then $10 per month per additional project',
      '$75 per month for the first project, then $10 per month per additional project',
    ],
    ['auth.auditTrails', '1 hour', '7 days', '28 days'],
    ['storage.size', '1 GB included', '100 GB included, then $0.021 per GB', '100 GB included, then $0.021 per GB', undefined, true],
    ['storage.maxFileSize', '50 MB', '500 GB', '500 GB'],
    ['storage.imageTransformations', false, '100 origin images included, then $5 per 1000', '100 origin images included, then $5 per 1000', undefined, true],
    ['functions.invocations', '500,000 included', '2 million included, then $2 per million', '2 million included, then $2 per million', undefined, true],
    ['realtime.peakConnections', '200 included', '500 included, then $10 per 1000', '500 included, then $10 per 1000', undefined, true],
    ['realtime.messages', '2 million included', '5 million included, then $2.50 per million', '5 million included, then $2.50 per million', undefined, true],
    ['realtime.maxMessageSize', '250 KB', '3 MB', '3 MB'],
    ['security.logRetention', '1 day', '7 days', '28 days', '90 days'],
    ['security.customDomains', false, '$10 per month', '$10 per month'],
    ['dashboard.teamMembers', 'Unlimited', 'Unlimited', 'Unlimited', 'Unlimited'],
    // SPEC §6 roles.
    [
      'dashboard.accessRoles',
      'Owner, Admin, Developer',
      'Owner, Admin, Developer',
      'Owner, Admin, Developer, Read-only and predefined project-scoped roles',
      'Custom project-scoped roles',
    ],
    ['dashboard.sso', false, false, true, true],
  ]
  it.each(SPEC_ROWS)('%s: free %s / pro %s / team %s', (key, free, pro, team, enterprise, usageBased) => {
    const entry = feature(key)
    expect(entry.plans.free).toBe(free)
    expect(entry.plans.pro).toBe(pro)
    expect(entry.plans.team).toBe(team)
    if (enterprise !== undefined) expect(entry.plans.enterprise).toBe(enterprise)
    if (usageBased !== undefined) expect(entry.usage_based).toBe(usageBased)
  })
  it('log drain: $60 per month plus $0.20 per million events plus $0.09 per GB', () => {
    expect(feature('security.logDrain').plans.team).toBe('$60 per month, plus $0.20 per million events, plus $0.09 per GB')
    expect(feature('security.logDrain').usage_based).toBe(true)
  })
})

describe('SPEC §9 usage limits and overage prices', () => {
  // [metric, free, pro, team, price, per]
  const SPEC_LIMITS: [UsageMetric, number | null, number, number, number, number][] = [
    ['DATABASE_SIZE', 500 * MB, 8 * GB, 8 * GB, 0.125, GB],
    ['EGRESS', 5 * GB, 250 * GB, 250 * GB, 0.09, GB],
    ['CACHED_EGRESS', 5 * GB, 250 * GB, 250 * GB, 0.03, GB],
    ['STORAGE_SIZE', 1 * GB, 100 * GB, 100 * GB, 0.021, GB],
    ['MONTHLY_ACTIVE_USERS', 50000, 100000, 100000, 0.00325, 1],
    ['MONTHLY_ACTIVE_SSO_USERS', null, 50, 50, 0.015, 1],
    ['STORAGE_IMAGES_TRANSFORMED', null, 100, 100, 5, 1000],
    ['FUNCTION_INVOCATIONS', 500000, 2000000, 2000000, 2, 1000000],
    ['REALTIME_PEAK_CONNECTIONS', 200, 500, 500, 10, 1000],
    ['REALTIME_MESSAGE_COUNT', 2000000, 5000000, 5000000, 2.5, 1000000],
  ]
  it('covers every metric', () => {
    expect(SPEC_LIMITS.map(([m]) => m).sort()).toEqual([...USAGE_METRICS].sort())
  })
  it.each(SPEC_LIMITS)('%s: %s / %s / %s, then $%s per %s', (metric, free, pro, team, price, per) => {
    const limit = USAGE_LIMITS[metric]
    expect(limit.metric).toBe(metric)
    expect(limit.included).toEqual({ free, pro, team })
    expect(limit.overage.price).toBe(price)
    expect(limit.overage.per).toBe(per)
    // The matrix entry the limit belongs to states the same figures.
    const entry = feature(limit.featureKey)
    expect(entry.usage_based).toBe(true)
    expect(String(entry.plans.pro)).toContain(limit.overage.price === 2.5 ? '$2.50' : `$${limit.overage.price}`)
  })
  it('database size is per project', () => {
    expect(USAGE_METRICS.filter((m) => USAGE_LIMITS[m].perProject)).toEqual(['DATABASE_SIZE'])
  })
})

describe('SPEC §9 quotas and add-on prices', () => {
  it('backups none / 7 / 14 days', () => {
    expect(PLAN_QUOTAS.backupRetentionDays).toEqual({ free: null, pro: 7, team: 14 })
  })
  it('audit trails 1 hour / 7 days / 28 days', () => {
    expect(PLAN_QUOTAS.auditTrailRetentionHours).toEqual({ free: 1, pro: 7 * 24, team: 28 * 24 })
  })
  it('max file size 50 MB / 500 GB', () => {
    expect(PLAN_QUOTAS.maxFileSizeBytes).toEqual({ free: 50 * MB, pro: 500 * GB, team: 500 * GB })
  })
  it('max realtime message size 250 KB / 3 MB', () => {
    expect(PLAN_QUOTAS.maxRealtimeMessageBytes).toEqual({ free: 250 * 1024, pro: 3 * MB, team: 3 * MB })
  })
  it('log retention 1 / 7 / 28 days, enterprise 90', () => {
    expect(PLAN_QUOTAS.logRetentionDays).toEqual({ free: 1, pro: 7, team: 28, enterprise: 90 })
  })
  it('PITR, branching, phone MFA, log drain and custom domain prices', () => {
    expect(ADDON_PRICES).toEqual({
      pointInTimeRecovery: { monthly: 100, perRetentionDays: 7 },
      branching: { perBranchHour: 0.01344 },
      phoneMfa: { firstProjectMonthly: 75, additionalProjectMonthly: 10 },
      logDrain: { monthly: 60, perMillionEvents: 0.2, perGb: 0.09 },
      customDomain: { monthly: 10 },
    })
  })
})
