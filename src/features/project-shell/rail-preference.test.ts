import { describe, expect, it, vi } from 'vitest'
import { MemoryStorage } from '../../test/memory-storage'
import { PROJECT_RAIL_KEY } from '../../constants'
import { readRailExpanded, setRailExpanded } from './rail-preference'

const memoryStorage = (initial: Record<string, string> = {}): Storage => {
  const storage = new MemoryStorage()
  for (const [key, value] of Object.entries(initial)) storage.setItem(key, value)
  return storage
}

describe('the rail preference', () => {
  it('is collapsed by default and remembers being expanded', () => {
    const storage = memoryStorage()
    expect(readRailExpanded(storage)).toBe(false)
    setRailExpanded(true, storage)
    expect(readRailExpanded(storage)).toBe(true)
    setRailExpanded(false, storage)
    expect(readRailExpanded(storage)).toBe(false)
  })

  it.each(['not json', '[]', '{"expanded":"yes"}', '{"__proto__":{"expanded":true}}', 'null', '1'])('discards a corrupt value %j with a warning', (raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const storage = memoryStorage({ [PROJECT_RAIL_KEY]: raw })
    expect(readRailExpanded(storage)).toBe(false)
    expect(warn).toHaveBeenCalled()
    expect(storage.getItem(PROJECT_RAIL_KEY)).toBeNull()
    warn.mockRestore()
  })
})
