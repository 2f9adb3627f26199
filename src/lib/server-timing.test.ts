import { describe, expect, it } from 'vitest'
import { formatServerTiming, parseServerTiming } from './server-timing'

describe('Server-Timing', () => {
  it('round-trips names and durations', () => {
    const header = formatServerTiming([
      { name: 'exec', duration: 3.14159, description: 'Statement' },
      { name: 'startup', duration: 2400 },
    ])
    expect(header).toBe('exec;dur=3.14;desc="Statement", startup;dur=2400')
    expect([...parseServerTiming(header)]).toEqual([
      ['exec', 3.14],
      ['startup', 2400],
    ])
  })

  it.each([
    [null, []],
    ['', []],
    ['exec', []],
    ['exec;desc="no duration"', []],
    ['exec;dur=abc', []],
    ['exec;dur=-1', []],
    ['exec;dur="7.5"', [['exec', 7.5]]],
    ['exec;dur=1, exec;dur=2', [['exec', 1]]],
    ['cache;desc=hit, exec ; dur = 0.25', [['exec', 0.25]]],
  ] as const)('%j reads as %j', (header, expected) => {
    expect([...parseServerTiming(header)]).toEqual(expected)
  })
})
