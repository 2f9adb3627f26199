import { describe, expect, it, vi } from 'vitest'
import { PROJECT_RAIL_KEY, readRailExpanded, setRailExpanded } from './rail-preference'

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial))
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  }
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
