import { describe, expect, it, vi } from 'vitest'
import { runPgMetaQuery, toJsonValue } from './query.ts'
import type { ProjectDatabase, QueryResult } from './types.ts'

const result = (rows: Record<string, unknown>[]): QueryResult => ({ rows, fields: [] })

function fakeDatabase(results: QueryResult[]) {
  return {
    exec: vi.fn(async () => results),
    query: vi.fn(async () => results[0] ?? result([])),
    close: vi.fn(async () => undefined),
  } satisfies ProjectDatabase
}

describe('runPgMetaQuery', () => {
  it('answers with the rows of the last statement that has rows', async () => {
    const db = fakeDatabase([result([{ a: 1 }]), result([{ b: 2 }]), result([])])
    expect(await runPgMetaQuery(db, { query: 'x' })).toEqual([{ b: 2 }])
    expect(db.query).not.toHaveBeenCalled()
  })

  it('answers [] when no statement has rows', async () => {
    expect(await runPgMetaQuery(fakeDatabase([result([]), result([])]), { query: 'create table t ()' })).toEqual([])
    expect(await runPgMetaQuery(fakeDatabase([]), { query: '' })).toEqual([])
  })

  it('binds parameters through query, and treats an empty list like none', async () => {
    const db = fakeDatabase([result([{ t: 'x' }])])
    expect(await runPgMetaQuery(db, { query: 'select $1::text as t', parameters: ['x'] })).toEqual([{ t: 'x' }])
    expect(db.query).toHaveBeenCalledWith('select $1::text as t', ['x'], { signal: undefined })
    await runPgMetaQuery(db, { query: 'select 1', parameters: [] })
    expect(db.exec).toHaveBeenCalledWith('select 1', { signal: undefined })
  })

  it('hands the request signal to the database, which cancels server-side where it can', async () => {
    const db = fakeDatabase([result([{ n: 1 }])])
    const signal = new AbortController().signal
    await runPgMetaQuery(db, { query: 'select pg_sleep(10)' }, { signal })
    expect(db.exec).toHaveBeenCalledWith('select pg_sleep(10)', { signal })
  })

  it('answers rows that are JSON already as they are, and makes the others so (a Date, a bigint, bytes, nested)', async () => {
    const plain = { n: 1, s: 'x', b: true, z: null, j: { a: [1, 'y', null] } }
    const odd = { at: new Date(Date.UTC(2026, 0, 1)), big: 12n, bytes: Uint8Array.from([222, 173]), nested: { list: [3n] }, gone: undefined }
    const [first, second] = await runPgMetaQuery(fakeDatabase([result([plain, odd])]), { query: 'x' })
    expect(first).toBe(plain)
    expect(second).toEqual({ at: '2026-01-01T00:00:00.000Z', big: '12', bytes: '\\xdead', nested: { list: ['3'] }, gone: null })
  })

  it('does not reorder the results it was given', async () => {
    const results = [result([{ a: 1 }]), result([{ b: 2 }])]
    await runPgMetaQuery(fakeDatabase(results), { query: 'x' })
    expect(results[0]?.rows).toEqual([{ a: 1 }])
  })
})

describe('toJsonValue', () => {
  it('leaves JSON values alone and converts the rest as pg-meta would send them', () => {
    expect(toJsonValue({ a: [1, 'x', null, true] })).toEqual({ a: [1, 'x', null, true] })
    expect(toJsonValue(12n)).toBe('12')
    expect(toJsonValue(new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01T00:00:00.000Z')
    expect(toJsonValue(Uint8Array.from([222, 173]))).toBe('\\xdead')
    expect(toJsonValue([undefined, [3n]])).toEqual([null, ['3']])
  })

  it('keeps every key of an object it copies as its own, `__proto__` too', () => {
    const copied = toJsonValue(JSON.parse('{"__proto__": 1, "at": "x"}') as object) as object
    expect(Object.keys(copied)).toEqual(['__proto__', 'at'])
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype)
  })
})
