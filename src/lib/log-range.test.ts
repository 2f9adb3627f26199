import { describe, expect, it } from 'vitest'
import { LOGS_MESSAGE } from '../constants'
import { customRangeProblem, isRetentionRefusal, fillBuckets, histogramBucketSeconds, isPastRetention, rangeLabel, resolveRange, retentionStart } from './log-range'

const NOW = Date.parse('2026-11-24T12:00:00.000Z')
const DAY = 24 * 3600_000

describe('log ranges', () => {
  it('counts a quick range back from now and keeps a custom one as given', () => {
    expect(resolveRange({ kind: 'relative', id: '15m' }, NOW)).toEqual({ start: new Date(NOW - 15 * 60_000), end: new Date(NOW) })
    expect(resolveRange({ kind: 'relative', id: '24h' }, NOW).start).toEqual(new Date(NOW - DAY))
    expect(resolveRange({ kind: 'custom', start: '2026-11-24T10:00:00Z', end: '2026-11-24T11:00:00Z' }, NOW)).toEqual({
      start: new Date('2026-11-24T10:00:00Z'),
      end: new Date('2026-11-24T11:00:00Z'),
    })
    expect(rangeLabel({ kind: 'relative', id: '3h' })).toBe('Last 3 hours')
  })

  it('refuses a custom range that is not one', () => {
    expect(customRangeProblem('', '2026-11-24T11:00')).toBe('Give both dates.')
    expect(customRangeProblem('2026-11-24T11:00', '2026-11-24T10:00')).toBe('The start must be before the end.')
    expect(customRangeProblem('2026-11-24T10:00', '2026-11-24T11:00')).toBeNull()
  })

  it('picks round buckets of at most sixty bars', () => {
    expect(histogramBucketSeconds(15 * 60_000)).toBe(15)
    expect(histogramBucketSeconds(3600_000)).toBe(60)
    expect(histogramBucketSeconds(DAY)).toBe(1800)
    expect(histogramBucketSeconds(90 * DAY)).toBe(86_400)
  })

  it('fills the empty buckets and clips the last to the range', () => {
    const range = { start: new Date(NOW - 3600_000), end: new Date(NOW) }
    const buckets = fillBuckets([{ bucket: new Date(NOW - 600_000).toISOString(), count: 4, errors: 1 }], range, 1800)
    expect(buckets.map((b) => [b.start.toISOString(), b.count, b.errors])).toEqual([
      ['2026-11-24T11:00:00.000Z', 0, 0],
      ['2026-11-24T11:30:00.000Z', 4, 1],
    ])
    const odd = fillBuckets([], { start: new Date(NOW - 1000_000), end: new Date(NOW) }, 600)
    expect(odd).toHaveLength(2)
    expect(odd[1]!.end).toEqual(new Date(NOW))
    // A bucket the range does not hold (a clock between two reads) is left out, not drawn past the edge.
    expect(fillBuckets([{ bucket: new Date(NOW + 1).toISOString(), count: 1, errors: 0 }], range, 1800).every((b) => b.count === 0)).toBe(true)
  })

  it('knows what each plan keeps (SPEC §9: 1 / 7 / 28 days, enterprise 90)', () => {
    expect(retentionStart('free', NOW)).toEqual(new Date(NOW - DAY))
    expect(retentionStart('pro', NOW)).toEqual(new Date(NOW - 7 * DAY))
    expect(retentionStart('team', NOW)).toEqual(new Date(NOW - 28 * DAY))
    expect(retentionStart('enterprise', NOW)).toEqual(new Date(NOW - 90 * DAY))
    const twoDays = { start: new Date(NOW - 2 * DAY), end: new Date(NOW) }
    expect(isPastRetention(twoDays, 'free', NOW)).toBe(true)
    expect(isPastRetention(twoDays, 'pro', NOW)).toBe(false)
    expect(isRetentionRefusal(LOGS_MESSAGE.retention(1, 'Free'))).toBe(true)
    expect(isRetentionRefusal(LOGS_MESSAGE.retention(7, 'Pro'))).toBe(true)
    expect(isRetentionRefusal(LOGS_MESSAGE.badRange)).toBe(false)
  })
})
