import { afterEach, describe, expect, it, vi } from 'vitest'
import { TABLE_EDIT_UNCONFIRMED_AFTER_MS } from '../../constants'
import { MemoryStorage } from '../../test/memory-storage'
import { INTERRUPTED_MESSAGE, KeptEdits, THIS_PAGE, rowKeyText } from './kept-edits'
import { listTableEdits, writeTableEdit, type CellEdit } from './table-edit-store'

const ref = 'abcdefghijklmnopqrst'
const edit = (overrides: Partial<CellEdit> = {}): CellEdit => ({
  ref,
  tableId: 42,
  id: '5b0a2c1e-7d8f-4a6b-9c3d-2e1f0a9b8c7d',
  kind: 'cell',
  keyColumns: ['id'],
  rowKey: [2],
  column: 'name',
  input: { kind: 'text', text: 'typed' },
  status: 'failed',
  error: 'Internal server error',
  savingIn: null,
  madeAt: 1_000,
  triedAt: 1_000,
  ...overrides,
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('KeptEdits', () => {
  it('shows a failed cell edit in its cell, by row key and column', () => {
    const storage = new MemoryStorage()
    writeTableEdit(edit(), storage)
    const kept = new KeptEdits(ref, 42, storage)
    kept.reload()
    const { views, cells, savingHere } = kept.getSnapshot()
    expect(views.map((v) => [v.state, v.error])).toEqual([['failed', 'Internal server error']])
    expect(cells.get(rowKeyText(['id'], [2]))?.get('name')).toMatchObject({ text: 'typed', error: 'Internal server error' })
    // A row key under other key columns is another row.
    expect(cells.get(rowKeyText(['code'], [2]))).toBeUndefined()
    expect(savingHere).toBe(0)
  })

  it('counts only this page’s saves as on their way here; another tab’s turns interrupted once it goes unconfirmed too long', () => {
    vi.useFakeTimers()
    const storage = new MemoryStorage()
    let now = 10_000
    writeTableEdit(edit({ status: 'saving', error: null, savingIn: 'another-page', triedAt: now }), storage)
    const kept = new KeptEdits(ref, 42, storage, () => now)
    kept.reload()
    expect(kept.getSnapshot().views.map((v) => [v.state, v.elsewhere])).toEqual([['saving', true]])
    expect(kept.getSnapshot().savingHere).toBe(0)
    const listener = vi.fn()
    kept.subscribe(listener)
    now += TABLE_EDIT_UNCONFIRMED_AFTER_MS
    vi.advanceTimersByTime(TABLE_EDIT_UNCONFIRMED_AFTER_MS + 100)
    expect(listener).toHaveBeenCalled()
    expect(kept.getSnapshot().views.map((v) => [v.state, v.error])).toEqual([['failed', INTERRUPTED_MESSAGE]])

    kept.put(edit({ status: 'saving', error: null, savingIn: THIS_PAGE, triedAt: now }))
    expect(kept.getSnapshot().savingHere).toBe(1)
  })

  it('keeps a change the browser refused to store in this page, across a reload of storage', () => {
    const storage = new MemoryStorage()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const kept = new KeptEdits(ref, 42, storage)
    storage.full = true
    expect(kept.put(edit())).toBe(false)
    kept.reload()
    expect(kept.getSnapshot().views).toHaveLength(1)
    storage.full = false
    expect(kept.put(edit({ error: 'again' }))).toBe(true)
    expect(listTableEdits(ref, 42, storage)).toMatchObject([{ error: 'again' }])
    kept.remove(edit().id)
    expect(kept.getSnapshot().views).toEqual([])
    expect(storage.length).toBe(0)
  })

  it('picks up what another tab kept or removed when storage is read again', () => {
    const storage = new MemoryStorage()
    const kept = new KeptEdits(ref, 42, storage)
    kept.reload()
    writeTableEdit(edit(), storage)
    kept.reload()
    expect(kept.getSnapshot().views).toHaveLength(1)
    storage.clear()
    kept.reload()
    expect(kept.getSnapshot().views).toHaveLength(0)
  })
})
