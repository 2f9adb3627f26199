import { afterEach, describe, expect, it, vi } from 'vitest'
import { TABLE_EDIT_KEY_PREFIX } from '../../constants'
import { hasOwnKey, ownRecord, ownValue } from '../../lib/own-record'
import { MemoryStorage } from '../../test/memory-storage'
import { listTableEdits, readTableEdit, removeTableEdit, tableEditKey, writeTableEdit, type CellEdit, type DeleteEdit, type InsertEdit } from './table-edit-store'

const ref = 'abcdefghijklmnopqrst'
const tableId = 42
const ID = '5b0a2c1e-7d8f-4a6b-9c3d-2e1f0a9b8c7d'
const OTHER_ID = '6c1b3d2f-8e9a-4b7c-8d4e-3f2a1b0c9d8e'

const common = { ref, tableId, keyColumns: ['id'], status: 'failed' as const, error: 'Internal server error', savingIn: null, madeAt: 1_000, triedAt: 1_000 }
const cell = (overrides: Partial<CellEdit> = {}): CellEdit => ({ ...common, id: ID, kind: 'cell', rowKey: [2], column: 'full_name', input: { kind: 'text', text: 'Zoë' }, ...overrides })
const insert = (overrides: Partial<InsertEdit> = {}): InsertEdit => ({
  ...common,
  id: OTHER_ID,
  kind: 'insert',
  keyColumns: [],
  values: ownRecord([['email', { kind: 'text', text: 'new@example.com' }]]),
  madeAt: 2_000,
  ...overrides,
})
const deletion = (overrides: Partial<DeleteEdit> = {}): DeleteEdit => ({ ...common, id: ID, kind: 'delete', rowKeys: [[1], [2]], ...overrides })

afterEach(() => vi.restoreAllMocks())

const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => {})

describe('table edit store', () => {
  it('keeps each kind of change exactly until it is removed, one key per change', () => {
    const storage = new MemoryStorage()
    const text = "it's \"quoted\", ünïcødé and\nmulti-line"
    expect(writeTableEdit(cell({ input: { kind: 'text', text } }), storage)).toBe(true)
    expect(writeTableEdit(insert(), storage)).toBe(true)
    expect(storage.length).toBe(2)
    expect(readTableEdit(ref, tableId, ID, storage)).toEqual(cell({ input: { kind: 'text', text } }))
    expect(storage.getItem(tableEditKey(ref, tableId, ID))).not.toBeNull()
    expect(tableEditKey(ref, tableId, ID).startsWith(TABLE_EDIT_KEY_PREFIX)).toBe(true)
    removeTableEdit(ref, tableId, ID, storage)
    expect(readTableEdit(ref, tableId, ID, storage)).toBeNull()
    expect(listTableEdits(ref, tableId, storage).map((e) => e.kind)).toEqual(['insert'])
  })

  it('lists one table’s changes, oldest first, and not table 420’s or another project’s', () => {
    const storage = new MemoryStorage()
    writeTableEdit(insert({ madeAt: 5 }), storage)
    writeTableEdit(deletion({ madeAt: 3 }), storage)
    writeTableEdit(cell({ tableId: 420, id: '7d2c4e3a-9fab-4c8d-9e5f-4a3b2c1d0e9f' }), storage)
    writeTableEdit(cell({ ref: 'zyxwvutsrqponmlkjihg', id: '8e3d5f4b-a0bc-4d9e-af60-5b4c3d2e1f0a' }), storage)
    expect(listTableEdits(ref, tableId, storage).map((e) => e.kind)).toEqual(['delete', 'insert'])
  })

  it('keeps inserted values keyed by column names like __proto__ and constructor as own keys of a record without prototype', () => {
    const storage = new MemoryStorage()
    storage.setItem(
      tableEditKey(ref, tableId, OTHER_ID),
      JSON.stringify({ ...insert(), values: undefined }).replace(
        '}',
        ',"values":{"__proto__":{"kind":"text","text":"p"},"constructor":{"kind":"null"},"toString":{"kind":"default"}}}',
      ),
    )
    const read = readTableEdit(ref, tableId, OTHER_ID, storage) as InsertEdit
    expect(Object.getPrototypeOf(read.values)).toBeNull()
    expect(hasOwnKey(read.values, '__proto__')).toBe(true)
    expect(ownValue(read.values, '__proto__')).toEqual({ kind: 'text', text: 'p' })
    expect(ownValue(read.values, 'constructor')).toEqual({ kind: 'null' })
    expect(ownValue(read.values, 'hasOwnProperty')).toBeUndefined()
    // And back: written as it was read.
    expect(writeTableEdit(read, storage)).toBe(true)
    expect((readTableEdit(ref, tableId, OTHER_ID, storage) as InsertEdit).values).toEqual(read.values)
  })

  it('reports a full storage instead of throwing', () => {
    const storage = new MemoryStorage()
    storage.full = true
    quiet()
    expect(writeTableEdit(cell(), storage)).toBe(false)
  })

  const corrupt: [string, string][] = [
    ['not JSON', '{"kind": "cell"'],
    ['null', 'null'],
    ['an array', '[1, 2]'],
    ['a string', '"cell"'],
    ['the string __proto__', '"__proto__"'],
    ['a __proto__ key', '{"__proto__": {"kind": "cell"}}'],
    ['a constructor key', '{"constructor": {"prototype": {"polluted": true}}}'],
    ['an unknown kind', JSON.stringify({ ...cell(), kind: 'merge' })],
    ['an unknown status', JSON.stringify({ ...cell(), status: 'saved' })],
    ['a cell edit without its column', JSON.stringify({ ...cell(), column: undefined })],
    ['a cell value that is not an input', JSON.stringify({ ...cell(), input: { kind: 'text', text: 7 } })],
    ['a null key value', JSON.stringify(cell({ rowKey: [null] }))],
    ['a row key of the wrong length', JSON.stringify(cell({ rowKey: [1, 2] }))],
    ['a cell edit with no key columns', JSON.stringify(cell({ keyColumns: [], rowKey: [] }))],
    ['a delete of no rows', JSON.stringify(deletion({ rowKeys: [] }))],
    ['inserted values as an array', JSON.stringify({ ...insert(), values: [{ kind: 'null' }] })],
    ['inserted values of the wrong shape', JSON.stringify({ ...insert(), values: { email: 'x' } })],
    ['another change’s record', JSON.stringify(cell({ id: OTHER_ID }))],
    ['another table’s record', JSON.stringify(cell({ tableId: 7 }))],
    ['another project’s record', JSON.stringify(cell({ ref: 'zyxwvutsrqponmlkjihg' }))],
    ['an id that is not a uuid', JSON.stringify(cell({ id: '../x' }))],
    ['a huge string', JSON.stringify('x'.repeat(1_000_000))],
  ]

  it.each(corrupt)('discards %s with a warning, never a crash', (_, raw) => {
    const storage = new MemoryStorage()
    const warn = quiet()
    storage.setItem(tableEditKey(ref, tableId, ID), raw)
    expect(readTableEdit(ref, tableId, ID, storage)).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Discarded (corrupt|invalid) "studio\.table-edit\./))
    expect(storage.getItem(tableEditKey(ref, tableId, ID))).toBeNull()
  })

  it('lists past entries under prototype names and corrupt ones, discarding them with a warning', () => {
    const storage = new MemoryStorage()
    const warn = quiet()
    writeTableEdit(cell(), storage)
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) storage.setItem(`${TABLE_EDIT_KEY_PREFIX}${ref}.${tableId}.${name}`, JSON.stringify(cell()))
    storage.setItem(`${TABLE_EDIT_KEY_PREFIX}${ref}.${tableId}.${OTHER_ID}`, 'undefined')
    expect(listTableEdits(ref, tableId, storage)).toEqual([cell()])
    expect(warn).toHaveBeenCalledTimes(5)
    expect(storage.length).toBe(1)
  })

  it('lists nothing when storage cannot be read', () => {
    const storage = new MemoryStorage()
    vi.spyOn(storage, 'key').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError')
    })
    writeTableEdit(cell(), storage)
    expect(listTableEdits(ref, tableId, storage)).toEqual([])
    expect(listTableEdits(ref, tableId, undefined)).toEqual([])
  })
})
