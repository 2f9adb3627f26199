import { describe } from 'vitest'
import { formatCountdown, formatDuration } from './duration'
import { itReadsEach } from '../test/each-row'

describe('formatDuration', () => {
  itReadsEach('%d ms reads "%s"', formatDuration, [
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
  ])
})

describe('formatCountdown', () => {
  itReadsEach('%d ms reads "%s"', formatCountdown, [
    [-5, 'now'],
    [0, 'now'],
    [1, 'in 1 s'],
    [12_400, 'in 13 s'],
    [59_000, 'in 59 s'],
    [61_000, 'in 1 min'],
    [45 * 60_000, 'in 45 min'],
    [3 * 3_600_000, 'in 3 h'],
    [5 * 86_400_000, 'in 5 days'],
    [Number.POSITIVE_INFINITY, '—'],
  ])
})
