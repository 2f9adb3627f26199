import { describe, expect, it, vi } from 'vitest'
import { SQL_EDITOR_TAB_LIMIT } from '../../constants'
import { MemoryStorage } from '../../test/memory-storage'
import { readOpenTabs, tabsKey, withTabClosed, withTabOpened, writeOpenTabs } from './open-tabs'

describe('the SQL editor’s snippet tabs', () => {
  it('open at the end once each, the oldest closing past the limit', () => {
    expect(withTabOpened(['a', 'b'], 'c')).toEqual(['a', 'b', 'c'])
    expect(withTabOpened(['a', 'b'], 'a')).toEqual(['a', 'b'])
    const full = Array.from({ length: SQL_EDITOR_TAB_LIMIT }, (_, i) => `t${i}`)
    expect(withTabOpened(full, 'new')).toEqual([...full.slice(1), 'new'])
  })

  it('closing the one shown shows the one after it, else the one before, else none', () => {
    expect(withTabClosed(['a', 'b', 'c'], 'b')).toEqual({ ids: ['a', 'c'], next: 'c' })
    expect(withTabClosed(['a', 'b', 'c'], 'c')).toEqual({ ids: ['a', 'b'], next: 'b' })
    expect(withTabClosed(['a'], 'a')).toEqual({ ids: [], next: null })
    expect(withTabClosed(['a'], 'z')).toEqual({ ids: ['a'], next: null })
  })

  it('are kept per project, and what is not a list of tabs is discarded', () => {
    const storage = new MemoryStorage()
    writeOpenTabs('ref-a', ['a', 'b'], storage)
    expect(readOpenTabs('ref-a', storage)).toEqual(['a', 'b'])
    expect(readOpenTabs('ref-b', storage)).toEqual([])
    storage.setItem(tabsKey('ref-a'), JSON.stringify({ ids: ['a', 'a', 'b'] }))
    expect(readOpenTabs('ref-a', storage)).toEqual(['a', 'b'])
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    storage.setItem(tabsKey('ref-a'), '{"ids":[1]}')
    expect(readOpenTabs('ref-a', storage)).toEqual([])
    warn.mockRestore()
  })
})
