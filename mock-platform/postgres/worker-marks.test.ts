import { afterEach, describe, expect, it, vi } from 'vitest'
import { PATH_MARKS_FLAG } from '../../src/constants'
import { relayWorkerMarks, workerMarks } from './worker-marks.ts'

const flags = globalThis as Record<string, unknown>

describe('worker marks', () => {
  afterEach(() => {
    delete flags[PATH_MARKS_FLAG]
    performance.clearMarks()
  })

  it('are not asked for unless the bench turned path marks on', () => {
    expect(relayWorkerMarks()).toBe(false)
    // A worker not asked marks nothing (and opens no channel).
    expect(() => workerMarks(null)('booted')).not.toThrow()
  })

  it("land on the page's timeline at the moment the worker's step happened, named by ref", async () => {
    flags[PATH_MARKS_FLAG] = true
    expect(relayWorkerMarks()).toBe(true)
    const at = performance.timeOrigin + performance.now() - 250
    workerMarks('abcdefghij')('booted', at)
    await vi.waitFor(() => expect(performance.getEntriesByName('studio:path:database:worker:booted')).toHaveLength(1))
    const [mark] = performance.getEntriesByName('studio:path:database:worker:booted') as PerformanceMark[]
    expect(mark!.startTime).toBeCloseTo(at - performance.timeOrigin, 3)
    expect(mark!.detail).toEqual({ requestId: 'abcdefghij' })
  })
})
