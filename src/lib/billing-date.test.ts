import { describe, expect, it } from 'vitest'
import { BILLING_DATE_FORMAT } from '../constants'
import { formatBillingDate, formatBillingUnixDate } from './billing-date'
import { itReadsEach } from '../test/each-row'

describe(`formatBillingDate (SPEC §9 '${BILLING_DATE_FORMAT}')`, () => {
  itReadsEach('%s → %s', formatBillingDate, [
    ['2026-11-01T12:00:00.000Z', '01 Nov, 2026'],
    ['2026-01-09T00:00:00Z', '09 Jan, 2026'],
    ['2025-12-31T23:59:59Z', '31 Dec, 2025'],
    ['2024-02-29T00:00:00Z', '29 Feb, 2024'],
    ['2026-05-15T08:30:00+02:00', '15 May, 2026'],
  ])

  it('reads the date in UTC, so midnight starts of a billing period keep their day anywhere', () => {
    expect(formatBillingDate(Date.UTC(2026, 9, 10))).toBe('10 Oct, 2026')
    expect(formatBillingDate(new Date(Date.UTC(2026, 9, 10, 23, 59)))).toBe('10 Oct, 2026')
  })

  it('accepts the platform’s unix seconds', () => {
    expect(formatBillingUnixDate(Date.UTC(2026, 10, 10) / 1000)).toBe('10 Nov, 2026')
  })

  it('gives null for what is not a date', () => {
    expect(formatBillingDate('not a date')).toBeNull()
    expect(formatBillingDate(Number.NaN)).toBeNull()
  })

  it('names every month with its three-letter English abbreviation', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatBillingDate(Date.UTC(2026, m, 1))!.slice(3, 6))
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'])
  })
})
