import { afterEach, describe, expect, it, vi } from 'vitest'
import { DASHBOARD_HISTORY_KEY } from '../../constants'
import {
  DASHBOARD_HISTORY_LIMIT,
  forgetProjectVisit,
  readProjectHistory,
  recordProjectVisit,
  sqlEditorPath,
  tableEditorPath,
} from './dashboard-history'
import { MemoryStorage } from '../../test/memory-storage'

const memoryStorage = (): Storage => new MemoryStorage()

afterEach(() => vi.restoreAllMocks())

describe('dashboard history', () => {
  it('remembers the last table and snippet per project, and the links open them', () => {
    const storage = memoryStorage()
    expect(sqlEditorPath('abc', readProjectHistory('abc', storage))).toBe('/project/abc/sql/new')
    expect(tableEditorPath('abc', readProjectHistory('abc', storage))).toBe('/project/abc/editor')
    recordProjectVisit('abc', 'sql', '3f2a-snippet', storage)
    recordProjectVisit('abc', 'editor', '17', storage)
    recordProjectVisit('xyz', 'sql', 'other', storage)
    recordProjectVisit('abc', 'sql', 'newer', storage)
    expect(readProjectHistory('abc', storage)).toEqual({ sql: 'newer', editor: '17' })
    expect(sqlEditorPath('abc', readProjectHistory('abc', storage))).toBe('/project/abc/sql/newer')
    expect(tableEditorPath('abc', readProjectHistory('abc', storage))).toBe('/project/abc/editor/17')
    expect(readProjectHistory('xyz', storage)).toEqual({ sql: 'other' })
  })

  it('forgets a deleted table or snippet, so the link leads to the list again; a newer visit is kept', () => {
    const storage = memoryStorage()
    recordProjectVisit('abc', 'sql', 'gone', storage)
    recordProjectVisit('abc', 'editor', '17', storage)
    forgetProjectVisit('abc', 'sql', 'other', storage)
    expect(readProjectHistory('abc', storage)).toEqual({ sql: 'gone', editor: '17' })
    forgetProjectVisit('abc', 'sql', 'gone', storage)
    expect(sqlEditorPath('abc', readProjectHistory('abc', storage))).toBe('/project/abc/sql/new')
    forgetProjectVisit('abc', 'editor', '17', storage)
    expect(tableEditorPath('abc', readProjectHistory('abc', storage))).toBe('/project/abc/editor')
    forgetProjectVisit('nobody', 'editor', '1', storage)
    expect(readProjectHistory('nobody', storage)).toEqual({})
  })

  it('ignores ids that are not safe path parts', () => {
    const storage = memoryStorage()
    recordProjectVisit('abc', 'sql', '../../evil', storage)
    recordProjectVisit('abc', 'sql', '', storage)
    expect(readProjectHistory('abc', storage)).toEqual({})
  })

  it('discards corrupt or foreign stored history with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = memoryStorage()
    storage.setItem(DASHBOARD_HISTORY_KEY, '{not json')
    expect(readProjectHistory('abc', storage)).toEqual({})
    storage.setItem(DASHBOARD_HISTORY_KEY, JSON.stringify({ abc: { sql: 'javascript:alert(1)' } }))
    expect(readProjectHistory('abc', storage)).toEqual({})
    expect(storage.getItem(DASHBOARD_HISTORY_KEY)).toBeNull()
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('discards history of the wrong shape with a warning, and reads a ref by its own key only', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = memoryStorage()
    storage.setItem(DASHBOARD_HISTORY_KEY, '[]')
    expect(readProjectHistory('abc', storage)).toEqual({})
    expect(storage.getItem(DASHBOARD_HISTORY_KEY)).toBeNull()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(readProjectHistory('constructor', storage)).toEqual({})
    storage.setItem(DASHBOARD_HISTORY_KEY, '{"abc": {"sql": "s1"}}')
    expect(readProjectHistory('constructor', storage)).toEqual({})
    recordProjectVisit('constructor', 'sql', 's2', storage)
    expect(readProjectHistory('constructor', storage)).toEqual({ sql: 's2' })
    expect(readProjectHistory('abc', storage)).toEqual({ sql: 's1' })
  })

  it(`keeps the ${DASHBOARD_HISTORY_LIMIT} most recently touched projects`, () => {
    const storage = memoryStorage()
    for (let i = 0; i <= DASHBOARD_HISTORY_LIMIT; i++) recordProjectVisit(`p${i}`, 'sql', 's', storage)
    recordProjectVisit('p1', 'editor', 't', storage)
    recordProjectVisit('late', 'sql', 's', storage)
    expect(readProjectHistory('p0', storage)).toEqual({})
    expect(readProjectHistory('p2', storage)).toEqual({})
    expect(readProjectHistory('p1', storage)).toEqual({ sql: 's', editor: 't' })
    expect(Object.keys(JSON.parse(storage.getItem(DASHBOARD_HISTORY_KEY)!))).toHaveLength(DASHBOARD_HISTORY_LIMIT)
  })
})
