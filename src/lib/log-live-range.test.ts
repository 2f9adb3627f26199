import { describe, expect, it } from 'vitest'
import { extendedByLive } from './log-live-range'

const START = Date.UTC(2026, 10, 24, 11, 0, 0)
const END = START + 3600_000
const range = { start: new Date(START), end: new Date(END) }
const at = (ms: number) => new Date(ms).toISOString()
const counted = [
  { bucket: at(START), count: 3, errors: 1 },
  { bucket: at(END - 60_000), count: 2, errors: 0 },
]

describe('extendedByLive', () => {
  it('keeps the counted range and bars when nothing newer is shown and live mode is off', () => {
    const rows = [{ timestamp: at(END - 1000), level: 'info' }]
    const { range: shown, buckets } = extendedByLive(counted, rows, range, 60, null)
    expect(shown).toBe(range)
    expect(buckets).toHaveLength(60)
    expect(buckets!.reduce((sum, b) => sum + b.count, 0)).toBe(5)
  })

  it('moves the end to now while live, adding empty bars up to it', () => {
    const { range: shown, buckets } = extendedByLive(counted, [], range, 60, END + 5 * 60_000)
    expect(shown.end.getTime()).toBe(END + 5 * 60_000)
    expect(shown.start).toBe(range.start)
    expect(buckets).toHaveLength(65)
    expect(buckets!.at(-1)!.end.getTime()).toBe(END + 5 * 60_000)
  })

  it("counts the live tail's events into new bars, errors too", () => {
    const rows = [
      { timestamp: at(END + 150_000), level: 'error' },
      { timestamp: at(END + 130_000), level: 'info' },
      { timestamp: at(END + 10_000), level: 'info' },
      { timestamp: at(END - 1000), level: 'info' },
    ]
    const { buckets } = extendedByLive(counted, rows, range, 60, END + 180_000)
    expect(buckets).toHaveLength(63)
    expect(buckets![60]).toMatchObject({ count: 1, errors: 0 })
    expect(buckets![62]).toMatchObject({ count: 2, errors: 1 })
    // The counted bars are as they were: the event before the end is among them already.
    expect(buckets![59]).toMatchObject({ count: 2, errors: 0 })
  })

  it('ends at the newest event shown once live mode is off', () => {
    const rows = [{ timestamp: at(END + 90_000), level: 'info' }]
    const { range: shown, buckets } = extendedByLive(counted, rows, range, 60, null)
    expect(shown.end.getTime()).toBe(END + 90_001)
    expect(buckets!.reduce((sum, b) => sum + b.count, 0)).toBe(6)
  })

  it('moves the range while the bars are still being counted', () => {
    const { range: shown, buckets } = extendedByLive(undefined, null, range, 60, END + 60_000)
    expect(shown.end.getTime()).toBe(END + 60_000)
    expect(buckets).toBeNull()
  })
})
