import { describe, expect, it, vi } from 'vitest'
import { MemoryStorage } from '../../test/memory-storage'
import { readResultsShare, RESULTS_SHARE_DEFAULT, RESULTS_SHARE_MAX, RESULTS_SHARE_MIN, splitKey, writeResultsShare } from './workspace-split'

describe('the SQL editor’s split, kept per user', () => {
  it('gives each user the share they left, the default to one who left none', () => {
    const storage = new MemoryStorage()
    expect(writeResultsShare('ada', 0.3, storage)).toBe(true)
    expect(readResultsShare('ada', storage)).toBe(0.3)
    expect(readResultsShare('grace', storage)).toBe(RESULTS_SHARE_DEFAULT)
  })

  it('keeps the share within reach of both halves, and discards what is not a share', () => {
    const storage = new MemoryStorage()
    writeResultsShare('ada', 0.99, storage)
    expect(readResultsShare('ada', storage)).toBe(RESULTS_SHARE_MAX)
    storage.setItem(splitKey('ada'), '{"results":0.01}')
    expect(readResultsShare('ada', storage)).toBe(RESULTS_SHARE_MIN)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    storage.setItem(splitKey('ada'), '{"results":"half"}')
    expect(readResultsShare('ada', storage)).toBe(RESULTS_SHARE_DEFAULT)
    expect(storage.getItem(splitKey('ada'))).toBeNull()
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})
