import { describe, expect, it, vi } from 'vitest'
import { OID, ResultDecoder, parsePgArray, readArrayTypeLookup, timestampToIso, timestamptzToIso } from './decode.ts'
import { itReadsEach } from '../../src/test/each-row'

describe('parsePgArray', () => {
  it('reads flat, nested, quoted and NULL elements', () => {
    expect(parsePgArray('{}')).toEqual([])
    expect(parsePgArray('{a,b}')).toEqual(['a', 'b'])
    expect(parsePgArray('{1,NULL,3}', Number)).toEqual([1, null, 3])
    expect(parsePgArray('{"NULL",NULL}')).toEqual(['NULL', null])
    expect(parsePgArray('{"a b","c\\"d","e\\\\f",""}')).toEqual(['a b', 'c"d', 'e\\f', ''])
    expect(parsePgArray('{{1,2},{3,4}}', Number)).toEqual([[1, 2], [3, 4]])
    expect(parsePgArray('{"{\\"a\\": 1}"}', (text) => JSON.parse(text))).toEqual([{ a: 1 }])
  })

  it('handles bounds, other delimiters and non-arrays', () => {
    expect(parsePgArray('[0:1]={7,8}', Number)).toEqual([7, 8])
    expect(parsePgArray('{(3,4),(1,2);(7,8),(5,6)}', undefined, ';')).toEqual(['(3,4),(1,2)', '(7,8),(5,6)'])
    expect(parsePgArray('1 2 3')).toBe('1 2 3') // int2vector prints like this
  })
})

describe('timestamps', () => {
  it('turns timestamptz text into ISO 8601, microseconds and offsets kept', () => {
    expect(timestamptzToIso('2026-11-01 12:00:00+00')).toBe('2026-11-01T12:00:00+00:00')
    expect(timestamptzToIso('2026-11-01 12:00:00.123456+05:30')).toBe('2026-11-01T12:00:00.123456+05:30')
    expect(timestamptzToIso('1999-12-31 23:59:59.5-08')).toBe('1999-12-31T23:59:59.5-08:00')
    expect(new Date(timestamptzToIso('2026-11-01 12:00:00.123+02')).toISOString()).toBe('2026-11-01T10:00:00.123Z')
  })

  itReadsEach('keeps spellings ISO has no word for: %j → %j', timestamptzToIso, [
    ['infinity', 'infinity'],
    ['0044-03-15 12:00:00+00 BC', '0044-03-15 12:00:00+00 BC'],
    ['1850-01-01 00:00:00+00:53:28', '1850-01-01 00:00:00+00:53:28'],
  ])

  itReadsEach('turns timestamp text into ISO 8601 without an offset: %j → %j', timestampToIso, [
    ['2026-11-01 12:00:00', '2026-11-01T12:00:00'],
    ['2026-11-01 12:00:00.25', '2026-11-01T12:00:00.25'],
    ['-infinity', '-infinity'],
  ])
})

describe('ResultDecoder', () => {
  it('decodes scalars and builtin arrays without asking the catalog', async () => {
    const lookup = vi.fn(async () => new Map())
    const decoder = new ResultDecoder(lookup)
    const [result] = await decoder.decode([
      {
        fields: [
          { name: 'b', dataTypeID: OID.bool },
          { name: 'i', dataTypeID: OID.int4 },
          { name: 'big', dataTypeID: OID.int8 },
          { name: 'n', dataTypeID: OID.numeric },
          { name: 'j', dataTypeID: OID.jsonb },
          { name: 'ts', dataTypeID: OID.timestamptz },
          { name: 'ints', dataTypeID: 1007 },
          { name: 'none', dataTypeID: 25 },
        ],
        rows: [['t', '7', '9007199254740993', '1.50', '{"a": [1]}', '2026-11-01 12:00:00+00', '{1,2}', null]],
        command: 'SELECT',
        rowCount: 1,
      },
    ])
    expect(lookup).not.toHaveBeenCalled()
    expect(result).toEqual({
      fields: expect.any(Array),
      rows: [{ b: true, i: 7, big: '9007199254740993', n: '1.50', j: { a: [1] }, ts: '2026-11-01T12:00:00+00:00', ints: [1, 2], none: null }],
      command: 'SELECT',
    })
  })

  it('asks the catalog once per unknown type, and reads enum arrays with it', async () => {
    const lookup = vi.fn(async () => new Map([[90001, { element: 90000, delimiter: ',' }]]))
    const decoder = new ResultDecoder(lookup)
    const raw = {
      fields: [
        { name: 'statuses', dataTypeID: 90001 },
        { name: 'status', dataTypeID: 90000 },
      ],
      rows: [['{paid,shipped}', 'paid']],
    }
    const [first] = await decoder.decode([raw])
    await decoder.decode([raw])
    expect(first?.rows).toEqual([{ statuses: ['paid', 'shipped'], status: 'paid' }])
    expect(lookup).toHaveBeenCalledTimes(1)
    expect(lookup).toHaveBeenCalledWith([90001, 90000])
  })

  it('reports affected rows for data changes only, and keeps the last of duplicate names', async () => {
    const decoder = new ResultDecoder(async () => new Map())
    const [insert, create, select] = await decoder.decode([
      { fields: [], rows: [], command: 'INSERT', rowCount: 3 },
      { fields: [], rows: [], command: 'CREATE', rowCount: null },
      {
        fields: [
          { name: 'a', dataTypeID: OID.int4 },
          { name: 'a', dataTypeID: OID.int4 },
        ],
        rows: [['1', '2']],
        command: 'SELECT',
        rowCount: 1,
      },
    ])
    expect(insert?.affectedRows).toBe(3)
    expect(create).not.toHaveProperty('affectedRows')
    expect(select).not.toHaveProperty('affectedRows')
    expect(select?.rows).toEqual([{ a: 2 }])
    // The command word is kept (pg_cron's run messages are built from it).
    expect([insert?.command, create?.command, select?.command]).toEqual(['INSERT', 'CREATE', 'SELECT'])
  })

  it('makes every column name the row\'s own key: `__proto__` and `constructor` too', async () => {
    const decoder = new ResultDecoder(async () => new Map())
    const [result] = await decoder.decode([
      {
        fields: [
          { name: '__proto__', dataTypeID: OID.int4 },
          { name: 'constructor', dataTypeID: OID.bool },
        ],
        rows: [['1', 't']],
      },
    ])
    const row = result!.rows[0]!
    expect(Object.keys(row)).toEqual(['__proto__', 'constructor'])
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype)
    expect(JSON.stringify(row)).toBe('{"__proto__":1,"constructor":true}')
  })

  it('reads the lookup rows', () => {
    expect(readArrayTypeLookup([['90001', '90000', ','], ['603', '600', ';']])).toEqual(
      new Map([
        [90001, { element: 90000, delimiter: ',' }],
        [603, { element: 600, delimiter: ';' }],
      ]),
    )
  })
})
