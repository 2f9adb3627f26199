import { describe, expect, it } from 'vitest'
import { migrationDate } from './migrations'

describe('migrationDate', () => {
  it('reads the CLI’s version as a UTC date and time, and nothing else', () => {
    expect(migrationDate('20261128120501')).toBe('2026-11-28 12:05:01 UTC')
    expect(migrationDate('0001')).toBeNull()
    expect(migrationDate('20261399120000')).toBeNull()
  })
})
