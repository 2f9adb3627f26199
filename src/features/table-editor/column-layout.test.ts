import { afterEach, describe, expect, it, vi } from 'vitest'
import { ownValue } from '../../lib/own-record'
import { MemoryStorage } from '../../test/memory-storage'
import {
  EMPTY_LAYOUT,
  arrangeColumns,
  columnLayoutKey,
  readColumnLayout,
  reorderColumn,
  setColumnHidden,
  setColumnWidth,
  writeColumnLayout,
} from './column-layout'

const columns = ['id', 'name', 'email', 'created_at'].map((name) => ({ name }))
const names = (list: { name: string }[]) => list.map((c) => c.name)

afterEach(() => vi.restoreAllMocks())

describe('column layout', () => {
  it('orders, appends new columns and hides', () => {
    const layout = { order: ['email', 'gone', 'id'], widths: {}, hidden: ['name'] }
    expect(names(arrangeColumns(columns, layout))).toEqual(['email', 'id', 'created_at'])
  })

  it('moves a column before another, hidden ones keeping their place', () => {
    const layout = reorderColumn(setColumnHidden(EMPTY_LAYOUT, 'name', true), names(columns), 'created_at', 'name')
    expect(layout.order).toEqual(['id', 'created_at', 'name', 'email'])
    expect(names(arrangeColumns(columns, layout))).toEqual(['id', 'created_at', 'email'])
    expect(names(arrangeColumns(columns, setColumnHidden(layout, 'name', false)))).toEqual(['id', 'created_at', 'name', 'email'])
  })

  it('is remembered per project and table, and a corrupt copy is discarded with a warning', () => {
    const storage = new MemoryStorage()
    const layout = setColumnWidth(EMPTY_LAYOUT, 'email', 250.4)
    expect(writeColumnLayout(storage, 'ref1', 42, layout)).toBe(true)
    expect(readColumnLayout(storage, 'ref1', 42)).toEqual({ order: [], widths: { email: 250 }, hidden: [] })
    expect(readColumnLayout(storage, 'ref1', 43)).toEqual(EMPTY_LAYOUT)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    storage.setItem(columnLayoutKey('ref1', 42), '{"order": 3')
    expect(readColumnLayout(storage, 'ref1', 42)).toEqual(EMPTY_LAYOUT)
    expect(warn).toHaveBeenCalled()
    expect(storage.getItem(columnLayoutKey('ref1', 42))).toBeNull()
  })

  it('keeps widths of columns named like Object.prototype members, and reads no others', () => {
    const storage = new MemoryStorage()
    storage.setItem(columnLayoutKey('ref1', 7), '{"order":[],"widths":{"constructor":300,"__proto__":200},"hidden":[]}')
    const layout = readColumnLayout(storage, 'ref1', 7)
    expect(ownValue(layout.widths, 'constructor')).toBe(300)
    expect(ownValue(layout.widths, '__proto__')).toBe(200)
    expect(ownValue(layout.widths, 'toString')).toBeUndefined()
    expect(ownValue(setColumnWidth(layout, 'toString', 99).widths, 'toString')).toBe(99)
    expect(ownValue(EMPTY_LAYOUT.widths, 'valueOf')).toBeUndefined()
  })
})
