import { describe, expect, it } from 'vitest'
import { addTestTime, formatFileTimes, type FileTime } from './file-times'

describe('formatFileTimes', () => {
  it('lists the files slowest first with their sum and the wall time', () => {
    const times = new Map<string, FileTime>()
    addTestTime(times, 'a.spec.ts', 1_000)
    addTestTime(times, 'b.spec.ts', 5_000)
    addTestTime(times, 'a.spec.ts', 500)
    const text = formatFileTimes('e2e', [...times.values()], 4_000)
    const lines = text.split('\n')
    expect(lines[0]).toBe('e2e: 2 files in 4.0 s (their times summed: 6.5 s)')
    expect(lines[1]).toMatch(/^ {2}b\.spec\.ts +5\.0 s +1 tests$/)
    expect(lines[2]).toMatch(/^ {2}a\.spec\.ts +1\.5 s +2 tests$/)
  })

  it('sums the files past the shown ones into one line', () => {
    const times: FileTime[] = [1, 2, 3].map((n) => ({ file: `f${n}.test.ts`, ms: n * 1000, tests: 1 }))
    const lines = formatFileTimes('unit', times, 3_000, 1).split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain('f3.test.ts')
    expect(lines[2]).toMatch(/2 more files +3\.0 s$/)
  })
})
