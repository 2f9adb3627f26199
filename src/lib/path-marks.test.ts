import { afterEach, describe, expect, it } from 'vitest'
import { PATH_MARKS_FLAG } from '../constants'
import { markPath, pathMarksOn } from './path-marks'

const flags = globalThis as Record<string, unknown>

describe('path marks', () => {
  afterEach(() => {
    delete flags[PATH_MARKS_FLAG]
    performance.clearMarks()
  })

  it('leave the timeline alone unless the bench turned them on', () => {
    expect(pathMarksOn()).toBe(false)
    markPath('client:sent', 'r1', { path: '/platform/pg-meta/abc/query' })
    expect(performance.getEntriesByName('studio:path:client:sent')).toHaveLength(0)
  })

  it('name the step and carry the request id and path when on', () => {
    flags[PATH_MARKS_FLAG] = true
    markPath('client:sent', 'r1', { path: '/platform/pg-meta/abc/query' })
    const [mark] = performance.getEntriesByName('studio:path:client:sent') as PerformanceMark[]
    expect(mark?.detail).toEqual({ requestId: 'r1', path: '/platform/pg-meta/abc/query' })
  })
})
