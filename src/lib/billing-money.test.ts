import { describe, expect, it } from 'vitest'
import { formatCents, formatMonthlyPrice, formatUnitPrice, formatUsd } from './billing-money'
import { itReadsEach } from '../test/each-row'

describe('formatUsd (SPEC §9: USD, 2 decimals, sub-cent amounts with no minimum digits)', () => {
  itReadsEach('%s → %s', formatUsd, [
    [0, '$0.00'],
    [25, '$25.00'],
    [599, '$599.00'],
    [1234.5, '$1,234.50'],
    [1_000_000, '$1,000,000.00'],
    [0.01, '$0.01'],
    [0.1, '$0.10'],
    [13, '$13.00'],
    [0.125, '$0.13'],
    [1.005, '$1.01'],
    [-10, '-$10.00'],
  ])

  itReadsEach('sub-cent %s keeps its digits: %s', formatUsd, [
    [0.00325, '$0.00325'],
    [0.005, '$0.005'],
    [0.0099, '$0.0099'],
    [0.000002, '$0.000002'],
    [0.0000025, '$0.0000025'],
    [0.01344 / 10, '$0.001344'],
    [-0.00325, '-$0.00325'],
  ])

  it('says nothing misleading for amounts that are not numbers', () => {
    expect(formatUsd(Number.NaN)).toBe('—')
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe('—')
  })
})

describe('formatCents', () => {
  it('turns computed cents into dollars', () => {
    expect(formatCents(0)).toBe('$0.00')
    expect(formatCents(108)).toBe('$1.08')
    expect(formatCents(1300)).toBe('$13.00')
    expect(formatCents(123456)).toBe('$1,234.56')
  })
})

describe('formatMonthlyPrice (the tier labels: whole dollars)', () => {
  itReadsEach('%s → %s', formatMonthlyPrice, [
    [0, '$0/month'],
    [25, '$25/month'],
    [599, '$599/month'],
    [1500, '$1,500/month'],
    [2.5, '$2.50/month'],
    [null, 'Custom'],
  ])
})

describe('formatUnitPrice (prices per unit are never rounded to the cent)', () => {
  itReadsEach('%s → %s', formatUnitPrice, [
    [0.125, '$0.125'],
    [0.09, '$0.09'],
    [0.021, '$0.021'],
    [0.00325, '$0.00325'],
    [0.01344, '$0.01344'],
    [2.5, '$2.50'],
    [2, '$2.00'],
    [100, '$100.00'],
  ])
})
