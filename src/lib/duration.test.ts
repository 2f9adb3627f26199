import { describe, expect, it } from 'vitest'
import { formatDuration } from './duration'

describe('formatDuration', () => {
  it.each([
    [0, '< 1 ms'],
    [0.4, '< 1 ms'],
    [1, '1 ms'],
    [3.2, '3 ms'],
    [999.4, '999 ms'],
    [999.5, '1.0 s'],
    [2412, '2.4 s'],
    [61_000, '61.0 s'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%d ms reads "%s"', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})
