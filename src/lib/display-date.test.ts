import { describe, expect, it } from 'vitest'
import { formatDisplayDate, formatSentDate } from './display-date'


describe('formatDisplayDate (SPEC §9 DD MMM YYYY, HH:mm:ss (ZZ))', () => {
  it('writes the moment in the reader’s zone with its offset', () => {
    const date = new Date(Date.UTC(2026, 10, 24, 6, 5, 9))
    const offset = -date.getTimezoneOffset()
    const local = new Date(date.getTime() + offset * 60_000)
    const sign = offset < 0 ? '-' : '+'
    const zone = `${sign}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}${String(Math.abs(offset) % 60).padStart(2, '0')}`
    const hh = String(local.getUTCHours()).padStart(2, '0')
    expect(formatDisplayDate(date)).toBe(`${String(local.getUTCDate()).padStart(2, '0')} Nov 2026, ${hh}:05:09 (${zone})`)
  })
  it('reads Postgres timestamptz text and ISO strings, and refuses what is not a date', () => {
    expect(formatDisplayDate('2026-11-24 06:05:09.123+00')).toBe(formatDisplayDate(Date.UTC(2026, 10, 24, 6, 5, 9)))
    expect(formatDisplayDate('2026-11-24T06:05:09Z')).toBe(formatDisplayDate(Date.UTC(2026, 10, 24, 6, 5, 9)))
    expect(formatDisplayDate('yesterday')).toBeNull()
  })
})

describe('formatSentDate (SPEC §9 YYYY-MM-DDTHH:mm:ssZ)', () => {
  it('writes UTC to the whole second', () => {
    expect(formatSentDate(Date.UTC(2026, 10, 24, 6, 5, 9, 987))).toBe('2026-11-24T06:05:09Z')
    expect(formatSentDate(new Date('2026-01-02T03:04:05+01:00'))).toBe('2026-01-02T02:04:05Z')
  })
})
