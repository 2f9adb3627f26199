import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOGS_RECENT_QUERY_LIMIT } from '../../constants'
import { MemoryStorage } from '../../test/memory-storage'
import { deleteSavedQuery, readRecentQueries, readSavedQueries, recentQueriesKey, recordRecentQuery, saveQuery, savedNameProblem, savedQueriesKey } from './saved-queries'

const REF = 'abcdefghijklmnopqrst'
afterEach(() => vi.restoreAllMocks())

describe('saved logs queries', () => {
  it('keeps named queries per project, one name once, and deletes them', () => {
    const storage = new MemoryStorage()
    expect(saveQuery(REF, { name: ' Slow requests ', sql: 'select 1' }, storage, 1)).toBe(true)
    expect(saveQuery(REF, { name: 'Errors', sql: 'select 2' }, storage, 2)).toBe(true)
    expect(readSavedQueries(REF, storage).map((q) => [q.name, q.sql])).toEqual([
      ['Slow requests', 'select 1'],
      ['Errors', 'select 2'],
    ])
    expect(readSavedQueries('otherprojectrefxxxxx', storage)).toEqual([])
    expect(savedNameProblem(REF, 'slow REQUESTS', storage)).toBe('A saved query is already called slow REQUESTS')
    expect(savedNameProblem(REF, 'New one', storage)).toBeNull()
    const [first] = readSavedQueries(REF, storage)
    deleteSavedQuery(REF, first!.id, storage)
    expect(readSavedQueries(REF, storage).map((q) => q.name)).toEqual(['Errors'])
  })

  it('reports a refused write', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = new MemoryStorage()
    storage.full = true
    expect(saveQuery(REF, { name: 'A', sql: 'select 1' }, storage)).toBe(false)
    expect(recordRecentQuery(REF, 'select 1', storage)).toBe(false)
  })

  it('drops entries that do not parse with a warning and discards a value that is not a list', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = new MemoryStorage()
    storage.setItem(
      savedQueriesKey(REF),
      JSON.stringify([{ id: 'a', name: 'Kept', sql: 'select 1', savedAt: 1 }, { id: 'b', name: '', sql: 'select 2', savedAt: 2 }, null, { id: 'c', name: 'kept', sql: 'select 3', savedAt: 3 }]),
    )
    expect(readSavedQueries(REF, storage).map((q) => q.id)).toEqual(['a'])
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/dropped 2 entries that did not parse; kept 1 of 2/))
    storage.setItem(recentQueriesKey(REF), '{"sql": "select 1"}')
    expect(readRecentQueries(REF, storage)).toEqual([])
    expect(storage.getItem(recentQueriesKey(REF))).toBeNull()
  })
})

describe('recent logs queries', () => {
  it('keeps runs newest first, a repeated one moved up, at most the limit', () => {
    const storage = new MemoryStorage()
    for (let n = 1; n <= LOGS_RECENT_QUERY_LIMIT + 3; n += 1) recordRecentQuery(REF, `select ${n}`, storage, n)
    recordRecentQuery(REF, 'select 10', storage, 100)
    const recent = readRecentQueries(REF, storage)
    expect(recent).toHaveLength(LOGS_RECENT_QUERY_LIMIT)
    expect(recent.slice(0, 2).map((q) => q.sql)).toEqual(['select 10', `select ${LOGS_RECENT_QUERY_LIMIT + 3}`])
    expect(recent.filter((q) => q.sql === 'select 10')).toHaveLength(1)
    expect(recordRecentQuery(REF, '   ', storage)).toBe(false)
  })
})
