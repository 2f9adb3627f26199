import { describe, expect, it } from 'vitest'
import { fixtureCustomer } from '../../fixtures/billing-account'
import { FIXTURE_USAGE_OVERRIDES, projectUsages } from '../../fixtures/billing'
import { createPlatformFixtures } from '../../fixtures/platform'
import { BYTES_PER_GB, DEMO_CREDENTIALS, USAGE_METRICS } from '../../src/constants'
import { BILLING_ERROR } from '../handlers/billing'
import { billingCycleAt, subscriptionAnchorDay } from './billing-cycle'
import { organizationAddons } from './organization-billing'
import { upcomingInvoiceFor } from './upcoming-invoice'
import { useNodeMockPlatform } from '../testing'

const GB = BYTES_PER_GB
const fixtures = createPlatformFixtures()
const { call } = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })

const json = async (path: string, init?: RequestInit) => {
  const answer = await call(path, init)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test walks the answer's JSON freely; its assertions check the shape
  return { status: answer.status, body: (await answer.json()) as Record<string, any> }
}
const changePlan = (slug: string, tier: string) =>
  json(`/platform/organizations/${slug}/billing/subscription`, { method: 'PUT', body: JSON.stringify({ tier }) })
const usageOf = async (slug: string, query = '') => {
  const { body } = await json(`/platform/organizations/${slug}/usage${query}`)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as json() above: untyped JSON read by the assertions
  return Object.fromEntries((body.usages as { metric: string }[]).map((u) => [u.metric, u])) as Record<string, any>
}

describe('usage fixtures', () => {
  it('are the same on every run and independent of the other projects', () => {
    const projects = fixtures.projects.filter((p) => p.organization_slug === 'demo-free')
    expect(projectUsages('demo-free', 'EGRESS', projects)).toEqual(projectUsages('demo-free', 'EGRESS', projects))
    const acme = fixtures.projects.filter((p) => p.organization_slug === 'acme-corp')
    const alone = projectUsages('acme-corp', 'STORAGE_SIZE', [acme[1]!])
    expect(projectUsages('acme-corp', 'STORAGE_SIZE', acme)[1]).toBe(alone[0])
  })
  it('split an override exactly over the active projects', () => {
    const acme = fixtures.projects.filter((p) => p.organization_slug === 'acme-corp')
    const egress = projectUsages('acme-corp', 'EGRESS', acme)
    expect(egress.reduce((a, b) => a + b, 0)).toBe(FIXTURE_USAGE_OVERRIDES['acme-corp']!.EGRESS)
    // The paused (INACTIVE) project sends nothing but keeps its database.
    const paused = acme.findIndex((p) => p.status === 'INACTIVE')
    expect(egress[paused]).toBe(0)
    expect(projectUsages('acme-corp', 'DATABASE_SIZE', acme)[paused]).toBeGreaterThan(0)
  })
  it('an organization named like an Object.prototype member has no fixtures, and bills like any other', () => {
    const acme = fixtures.projects.filter((p) => p.organization_slug === 'acme-corp')
    for (const slug of ['constructor', 'toString', '__proto__']) {
      expect(projectUsages(slug, 'EGRESS', acme).every((n) => Number.isInteger(n))).toBe(true)
      expect(fixtureCustomer(slug, 'Named oddly')).toEqual({ billing_name: 'Named oddly', address: null, tax_id: null })
      expect(upcomingInvoiceFor({ id: 1, slug, plan: { id: 'pro' } }, acme, Date.now()).lines.length).toBeGreaterThan(0)
      // The subscription's add-ons too (they were Object's members for `constructor`).
      expect(organizationAddons({ slug, plan: { id: 'pro' } })).toEqual([])
    }
  })
})

describe('billing cycles', () => {
  it('renew monthly on a day from the organization id, at midnight UTC, the running one holding now', () => {
    expect([subscriptionAnchorDay(1), subscriptionAnchorDay(2), subscriptionAnchorDay(3)]).toEqual([10, 19, 28])
    const now = Date.UTC(2026, 10, 28, 13, 16)
    expect(billingCycleAt(10, now)).toEqual({ start: Date.UTC(2026, 10, 10), end: Date.UTC(2026, 11, 10) })
    expect(billingCycleAt(19, now)).toEqual({ start: Date.UTC(2026, 10, 19), end: Date.UTC(2026, 11, 19) })
    // Renewing today: the new cycle began at midnight; the day before still held the old one.
    expect(billingCycleAt(28, now)).toEqual({ start: Date.UTC(2026, 10, 28), end: Date.UTC(2026, 11, 28) })
    expect(billingCycleAt(28, Date.UTC(2026, 10, 28) - 1)).toEqual({ start: Date.UTC(2026, 9, 28), end: Date.UTC(2026, 10, 28) })
  })
  it('count back over the turn of the year: the last ended cycle ends where the running one starts', () => {
    const now = Date.UTC(2027, 0, 31, 23, 30)
    expect(billingCycleAt(10, now)).toEqual({ start: Date.UTC(2027, 0, 10), end: Date.UTC(2027, 1, 10) })
    expect(billingCycleAt(10, now, 1)).toEqual({ start: Date.UTC(2026, 11, 10), end: Date.UTC(2027, 0, 10) })
    expect(billingCycleAt(10, now, 3)).toEqual({ start: Date.UTC(2026, 9, 10), end: Date.UTC(2026, 10, 10) })
  })
  it('turn on the last day of a month shorter than the anchor day, and back on the anchor day after', () => {
    expect(billingCycleAt(31, Date.UTC(2027, 0, 31, 23, 30))).toEqual({ start: Date.UTC(2027, 0, 31), end: Date.UTC(2027, 1, 28) })
    expect(billingCycleAt(31, Date.UTC(2027, 1, 15))).toEqual({ start: Date.UTC(2027, 0, 31), end: Date.UTC(2027, 1, 28) })
    expect(billingCycleAt(31, Date.UTC(2027, 2, 5))).toEqual({ start: Date.UTC(2027, 1, 28), end: Date.UTC(2027, 2, 31) })
    expect(billingCycleAt(30, Date.UTC(2028, 1, 29, 12))).toEqual({ start: Date.UTC(2028, 1, 29), end: Date.UTC(2028, 2, 30) })
    expect(billingCycleAt(31, Date.UTC(2027, 3, 30, 12), 2)).toEqual({ start: Date.UTC(2027, 1, 28), end: Date.UTC(2027, 2, 31) })
  })
})

describe('GET …/billing/subscription', () => {
  it('answers 401 without a session and 404 outside the user’s organizations', async () => {
    expect((await call('/platform/organizations/acme-corp/billing/subscription', {}, false)).status).toBe(401)
    expect((await call('/platform/organizations/umbrella-labs/billing/subscription')).status).toBe(404)
  })
  it('gives a Pro organization its plan, cycle, add-ons and $10 compute credits', async () => {
    const { status, body } = await json('/platform/organizations/acme-corp/billing/subscription')
    expect(status).toBe(200)
    // The cycle holding now by the platform's clock (billing-dates.test.ts fixes the clock at given dates).
    const cycle = billingCycleAt(10, Date.now())
    expect(body).toMatchObject({
      plan: { id: 'pro', name: 'Pro' },
      addons: [{ name: 'Point-in-time recovery (7 days)', price: 100, supabase_prod_id: 'addon_pitr_7' }],
      current_period_start: cycle.start / 1000,
      current_period_end: cycle.end / 1000,
      next_invoice_at: cycle.end / 1000,
      billing_via_partner: false,
      billing_partner: null,
      compute_credits: 10,
      scheduled_plan_change: null,
    })
    expect(body.project_addons).toHaveLength(fixtures.projects.filter((p) => p.organization_slug === 'acme-corp').length)
  })
  it('names the partner of a partner-billed organization', async () => {
    const { body } = await json('/platform/organizations/vercel_harbor/billing/subscription')
    expect(body).toMatchObject({ billing_via_partner: true, billing_partner: 'vercel_marketplace', payment_method_type: 'partner' })
  })
  it('Free has no add-ons and no credits', async () => {
    const { body } = await json('/platform/organizations/demo-free/billing/subscription')
    expect(body).toMatchObject({ plan: { id: 'free' }, addons: [], project_addons: [], compute_credits: 0 })
  })
})

describe('GET …/billing/plans', () => {
  it('marks the current tier and what each other one would be', async () => {
    const { body } = await json('/platform/organizations/globex/billing/plans')
    expect(body.plans).toEqual([
      { id: 'tier_free', name: 'Free', price: 0, is_current: false, change_type: 'downgrade', effective_at: null },
      { id: 'tier_pro', name: 'Pro', price: 25, is_current: false, change_type: 'downgrade', effective_at: null },
      { id: 'tier_team', name: 'Team', price: 599, is_current: true, change_type: 'none', effective_at: null },
      { id: 'tier_enterprise', name: 'Enterprise', price: null, is_current: false, change_type: 'upgrade', effective_at: null },
    ])
  })
})

describe('GET …/usage', () => {
  it('has every metric, with project allocations that add up', async () => {
    const usages = await usageOf('acme-corp')
    expect(Object.keys(usages)).toEqual([...USAGE_METRICS])
    for (const usage of Object.values(usages)) {
      expect(usage.project_allocations.reduce((sum: number, a: { usage: number }) => sum + a.usage, 0)).toBe(usage.usage)
    }
  })
  it('bills a Pro organization’s overage at the SPEC prices', async () => {
    const usages = await usageOf('acme-corp')
    expect(usages.EGRESS).toMatchObject({
      usage: 262 * GB,
      cost: 1.08,
      pricing_strategy: 'UNIT',
      pricing_free_units: 250 * GB,
      unit_price_desc: '$0.09 per GB',
    })
    expect(usages.MONTHLY_ACTIVE_USERS).toMatchObject({ usage: 104_000, cost: 13, unit_price_desc: '$0.00325 per MAU' })
    expect(usages.FUNCTION_INVOCATIONS).toMatchObject({ usage: 2_350_000, cost: 0.7, pricing_strategy: 'PACKAGE', pricing_package_size: 1_000_000 })
    const total = Object.values(usages).reduce((sum, u) => sum + Math.round(u.cost * 100), 0)
    expect(total).toBe(1478)
  })
  it('counts a Team organization’s database size per project', async () => {
    const usages = await usageOf('globex')
    expect(usages.DATABASE_SIZE.project_allocations.map((a: { usage: number }) => a.usage)).toEqual([9.5 * GB, 2 * GB, 3 * GB])
    expect(usages.DATABASE_SIZE.cost).toBe(0.19)
    expect(usages.REALTIME_MESSAGE_COUNT).toMatchObject({ usage: 6_200_000, cost: 3 })
  })
  it('caps a Free organization over its limits instead of billing it', async () => {
    const usages = await usageOf('quota-co')
    expect(usages.EGRESS).toMatchObject({ usage: 6.5 * GB, cost: 0, capped: true, pricing_free_units: 5 * GB, pricing_strategy: 'NONE' })
    expect(usages.MONTHLY_ACTIVE_SSO_USERS).toMatchObject({ available_in_plan: false, usage: 0 })
  })
  it('narrows to one project with project_ref', async () => {
    const ref = fixtures.projects.find((p) => p.organization_slug === 'globex')!.ref
    const usages = await usageOf('globex', `?project_ref=${ref}`)
    expect(usages.DATABASE_SIZE).toMatchObject({ usage: 9.5 * GB, project_allocations: [{ ref, usage: 9.5 * GB }] })
  })
  it('Enterprise is unlimited', async () => {
    const usages = await usageOf('initech')
    expect(usages.EGRESS).toMatchObject({ unlimited: true, cost: 0, pricing_strategy: 'NONE' })
  })
})

describe('PUT …/billing/subscription', () => {
  it('refuses a partner-billed organization, naming the partner', async () => {
    expect(await changePlan('vercel_harbor', 'tier_team')).toEqual({ status: 400, body: { message: BILLING_ERROR.partner('Vercel Marketplace') } })
  })
  it('refuses a member without billing write permission', async () => {
    expect((await changePlan('readonly-co', 'tier_pro')).status).toBe(403)
  })
  it('refuses Enterprise, unknown tiers and the current plan', async () => {
    expect(await changePlan('demo-free', 'tier_enterprise')).toEqual({ status: 400, body: { message: BILLING_ERROR.enterprise } })
    expect((await changePlan('initech', 'tier_pro')).status).toBe(400)
    expect(await changePlan('demo-free', 'tier_gold')).toEqual({ status: 400, body: { message: BILLING_ERROR.unknownTier('tier_gold') } })
    expect(await changePlan('demo-free', 'tier_free')).toEqual({ status: 400, body: { message: BILLING_ERROR.samePlan('Free') } })
  })
  it('refuses Free while more projects are active than Free allows', async () => {
    expect(await changePlan('acme-corp', 'tier_free')).toEqual({ status: 400, body: { message: BILLING_ERROR.freeProjectLimit(3) } })
  })
  it('upgrades Free to Pro: the organization, subscription, plans and usage follow', async () => {
    const { status, body } = await changePlan('empty-org', 'tier_pro')
    expect(status).toBe(200)
    expect(body).toMatchObject({ plan: { id: 'pro', name: 'Pro' }, compute_credits: 10 })
    const organizations = (await json('/platform/organizations')).body as unknown as { slug: string; plan: { id: string }; usage_billing_enabled: boolean }[]
    expect(organizations.find((o) => o.slug === 'empty-org')).toMatchObject({ plan: { id: 'pro', name: 'Pro' }, usage_billing_enabled: true })
    const plans = (await json('/platform/organizations/empty-org/billing/plans')).body.plans as { id: string; is_current: boolean }[]
    expect(plans.find((p) => p.is_current)?.id).toBe('tier_pro')
    expect((await usageOf('empty-org')).EGRESS.pricing_free_units).toBe(250 * GB)
  })
  it('downgrades Pro to Free when the projects fit', async () => {
    const { status, body } = await changePlan('empty-org', 'tier_free')
    expect(status).toBe(200)
    expect(body).toMatchObject({ plan: { id: 'free' }, compute_credits: 0 })
  })
})
