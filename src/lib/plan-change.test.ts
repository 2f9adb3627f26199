import { describe, expect, it } from 'vitest'
import { planChangeKind, planTier, summarizePlanChange, tierOf } from './plan-change'

describe('planChangeKind', () => {
  it.each([
    ['free', 'pro', 'upgrade'],
    ['free', 'team', 'upgrade'],
    ['pro', 'team', 'upgrade'],
    ['team', 'enterprise', 'upgrade'],
    ['pro', 'free', 'downgrade'],
    ['team', 'pro', 'downgrade'],
    ['enterprise', 'team', 'downgrade'],
    ['pro', 'pro', 'none'],
  ] as const)('%s → %s is %s', (from, to, kind) => {
    expect(planChangeKind(from, to)).toBe(kind)
  })
})

describe('summarizePlanChange', () => {
  it('Free → Pro states the price change and the $10 compute credits', () => {
    const summary = summarizePlanChange('free', 'tier_pro')
    expect(summary.kind).toBe('upgrade')
    expect(summary.title).toBe('Upgrade to Pro')
    expect(summary.priceChange).toBe('Your bill changes from $0/month to $25/month.')
    expect(summary.details[0]).toBe('Includes $10.00 in compute credits every month.')
    expect(summary.details).toContain('Usage above the Pro plan’s limits is billed at the prices in the feature table.')
  })
  it('Pro → Team', () => {
    const summary = summarizePlanChange('pro', 'tier_team')
    expect(summary.priceChange).toBe('Your bill changes from $25/month to $599/month.')
    expect(summary.details.some((d) => d.includes('compute credits'))).toBe(false)
  })
  it('Team → Pro is a downgrade', () => {
    const summary = summarizePlanChange('team', 'tier_pro')
    expect(summary).toMatchObject({ kind: 'downgrade', title: 'Downgrade to Pro', priceChange: 'Your bill changes from $599/month to $25/month.' })
  })
  it('Pro → Free ends the credits and the billing of usage', () => {
    const summary = summarizePlanChange('pro', 'tier_free')
    expect(summary.priceChange).toBe('Your bill changes from $25/month to $0/month.')
    expect(summary.details).toEqual([
      'The $10.00 in monthly compute credits end.',
      'Usage above the Free plan’s limits is not billed: projects over them are restricted.',
      'The Free plan allows 2 active projects; add-ons are removed.',
      'The change applies at once; unused time of the current plan is credited.',
    ])
  })
  it('names tiers by id and plans by tier', () => {
    expect(tierOf('tier_team').name).toBe('Team - $599/month')
    expect(planTier('pro').id).toBe('tier_pro')
    expect(planTier('enterprise').name).toBe('Enterprise - Custom')
    expect(() => tierOf('tier_gold' as never)).toThrow(RangeError)
  })
})
