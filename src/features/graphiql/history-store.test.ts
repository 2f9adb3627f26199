import { afterEach, describe, expect, it, vi } from 'vitest'
import { GRAPHQL_HISTORY_LIMIT } from '../../constants'
import { clearHistory, historyKey, readHistory, recordRun, type HistoryEntry } from './history-store'

class MemoryStorage {
  private items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  key = (i: number) => [...this.items.keys()][i] ?? null
  getItem = (key: string) => this.items.get(key) ?? null
  setItem = (key: string, value: string) => void this.items.set(key, value)
  removeItem = (key: string) => void this.items.delete(key)
  clear = () => this.items.clear()
}

const REF = 'abcdefghijklmnopqrst'
const entry = (n: number, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: `id-${n}`,
  query: `query Q${n} { a }`,
  variables: '',
  operationName: null,
  role: 'anon',
  ranAt: n,
  ...extra,
})

afterEach(() => vi.restoreAllMocks())

describe('the explorer history', () => {
  it('keeps runs newest first, an identical run moved up, at most the limit', () => {
    const storage = new MemoryStorage() as unknown as Storage
    for (let n = 1; n <= GRAPHQL_HISTORY_LIMIT + 2; n += 1) expect(recordRun(REF, entry(n), storage)).toBe(true)
    recordRun(REF, entry(99, { query: 'query Q5 { a }' }), storage)
    const runs = readHistory(REF, storage)
    expect(runs).toHaveLength(GRAPHQL_HISTORY_LIMIT)
    expect(runs.slice(0, 2).map((r) => r.id)).toEqual(['id-99', `id-${GRAPHQL_HISTORY_LIMIT + 2}`])
    expect(runs.filter((r) => r.query === 'query Q5 { a }')).toHaveLength(1)
    clearHistory(REF, storage)
    expect(readHistory(REF, storage)).toEqual([])
  })

  it('drops what does not parse with a warning, keeping the rest; corrupt text is discarded', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = new MemoryStorage() as unknown as Storage
    storage.setItem(historyKey(REF), JSON.stringify([entry(1), { ...entry(2), role: 'postgres' }, 'nope', entry(3)]))
    expect(readHistory(REF, storage).map((r) => r.id)).toEqual(['id-1', 'id-3'])
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/dropped 2 entries that did not parse/))
    expect(JSON.parse(storage.getItem(historyKey(REF))!)).toHaveLength(2)
    storage.setItem(historyKey(REF), '{"not": "a list"')
    expect(readHistory(REF, storage)).toEqual([])
    expect(storage.getItem(historyKey(REF))).toBeNull()
    expect(warn).toHaveBeenCalledTimes(2)
  })
})
