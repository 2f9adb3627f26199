import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { fromRowColumns, RowColumnsSchema, toRowColumns } from './row-columns'

describe('rows in columns', () => {
  it('writes each column once and gives back the same rows', () => {
    const rows = [
      { id: 1, name: 'a', tags: ['x', 'y'], meta: { nested: true }, note: null },
      { id: 2, name: 'b', tags: [], meta: null, note: 'n' },
    ]
    const columns = toRowColumns(rows)
    expect(columns).toEqual({ rowCount: 2, columns: ['id', 'name', 'tags', 'meta', 'note'], values: [[1, 2], ['a', 'b'], [['x', 'y'], []], [{ nested: true }, null], [null, 'n']] })
    expect(fromRowColumns(JSON.parse(JSON.stringify(columns)) as typeof columns)).toEqual(rows)
  })

  it('is shorter than the rows as objects once there are a few', () => {
    const rows = Array.from({ length: 1_000 }, (_, g) => ({ g, hash: g.toString(16).padStart(32, '0') }))
    expect(JSON.stringify(toRowColumns(rows)).length / JSON.stringify(rows).length).toBeLessThan(0.8)
  })

  it('keeps rows without columns (`select from …`) and an empty result', () => {
    expect(fromRowColumns(toRowColumns([{}, {}, {}]))).toEqual([{}, {}, {}])
    expect(toRowColumns([])).toEqual({ rowCount: 0, columns: [], values: [] })
    expect(fromRowColumns(toRowColumns([]))).toEqual([])
  })

  it('makes every column name an own key, as JSON.parse does: __proto__ and constructor included', () => {
    const parsed = JSON.parse('[{"__proto__": 1, "constructor": "c", "toString": null}]') as Record<string, unknown>[]
    const rows = fromRowColumns(JSON.parse(JSON.stringify(toRowColumns(parsed))) as ReturnType<typeof toRowColumns>)
    expect(Object.keys(rows[0]!)).toEqual(['__proto__', 'constructor', 'toString'])
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value).toBe(1)
    expect(rows[0]!['constructor']).toBe('c')
    expect(JSON.stringify(rows)).toBe(JSON.stringify(parsed))
  })

  it('a repeated column name keeps its last value', () => {
    expect(fromRowColumns({ rowCount: 1, columns: ['a', 'a'], values: [[1], [2]] })).toEqual([{ a: 2 }])
  })

  it('checks a part by its columns: names, one column of values each, every column as long as the row count', () => {
    const good = { rowCount: 2, columns: ['a', 'b'], values: [[1, 2], ['x', null]] }
    expect(v.safeParse(RowColumnsSchema, good).success).toBe(true)
    const refused = [
      { ...good, values: [[1, 2]] },
      { ...good, values: [[1, 2], ['x']] },
      { ...good, rowCount: 3 },
      { ...good, rowCount: -1 },
      { ...good, values: [[1, 2], 'xy'] },
      { ...good, columns: ['a', 2] },
      [{ a: 1 }],
      null,
    ]
    for (const part of refused) expect(v.safeParse(RowColumnsSchema, part).success, JSON.stringify(part)).toBe(false)
    expect(v.summarize(v.safeParse(RowColumnsSchema, { ...good, rowCount: 3 }).issues!)).toContain('its columns and their values do not match')
  })
})
