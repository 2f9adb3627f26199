import { describe, expect, it } from 'vitest'
import { cursorOf, filterCondition, keysetCondition, orderColumns, rowAnchorsSql, rowCountSql, rowWindowSql, type RowSource } from './table-rows'

const odd: RowSource = { schema: 'my schema', table: 'select "quoted" table', key: ['id'] }

describe('table row SQL', () => {
  it('quotes identifiers with quotes, spaces and keywords, and literals with quotes and backslashes', () => {
    expect(rowWindowSql(odd, { cursor: null, limit: 100 })).toBe('select * from "my schema"."select ""quoted"" table" order by "id" asc limit 100')
    expect(filterCondition({ column: 'order', operator: '=', value: "O'Brien \\ co" })).toBe(`"order" =  E'O''Brien \\\\ co'`)
  })

  it('orders by the sort, then the rest of the key', () => {
    expect(
      orderColumns({
        ...odd,
        key: ['a', 'b'],
        sort: [
          { column: 'b', direction: 'desc' },
          { column: 'name', direction: 'asc' },
        ],
      }),
    ).toEqual([
      { column: 'b', direction: 'desc', nullable: false },
      { column: 'name', direction: 'asc', nullable: true },
      { column: 'a', direction: 'asc', nullable: false },
    ])
    expect(() => orderColumns({ ...odd, key: [] })).toThrow('no primary key')
  })

  it('continues after a cursor, NULL-aware in sorted columns', () => {
    const order = orderColumns({ ...odd, sort: [{ column: 'name', direction: 'asc' }] })
    expect(keysetCondition(order, ['m', 7])).toBe(`(("name" > 'm' or "name" is null)) or ("name" = 'm' and "id" > 7)`)
    expect(keysetCondition(order, [null, 7])).toBe(`(false) or ("name" is null and "id" > 7)`)
    const desc = orderColumns({ ...odd, sort: [{ column: 'name', direction: 'desc' }] })
    expect(keysetCondition(desc, [null, 7])).toBe(`("name" is not null) or ("name" is null and "id" > 7)`)
    // A value in the first column bounds the index scan (not for a nullable ascending column: its NULLs come after).
    expect(keysetCondition(desc, ['m', 7], true)).toBe(`"name" <= 'm' and (("name" < 'm') or ("name" = 'm' and "id" > 7) or ("name" = 'm' and "id" = 7))`)
    expect(() => keysetCondition(order, [1])).toThrow('1 values for 2 order columns')
  })

  it('builds every filter operator', () => {
    expect(filterCondition({ column: 'n', operator: '>=', value: '10' })).toBe(`"n" >= '10'`)
    expect(filterCondition({ column: 'n', operator: 'ilike', value: '%ann%' })).toBe(`"n"::text ilike '%ann%'`)
    expect(filterCondition({ column: 'n', operator: 'in', value: 'a, b ,,c' })).toBe(`"n" in ('a', 'b', 'c')`)
    expect(filterCondition({ column: 'n', operator: 'in', value: ' , ' })).toBe('false')
    expect(filterCondition({ column: 'n', operator: 'is', value: 'NOT NULL' })).toBe('"n" is not null')
    expect(() => filterCondition({ column: 'n', operator: 'is', value: 'maybe' })).toThrow('"is" takes null, not null, true or false')
  })

  it('puts filters and the cursor in one where clause; counts and anchors share the filters', () => {
    const source: RowSource = { ...odd, filters: [{ column: 'status', operator: '=', value: 'paid' }] }
    expect(rowWindowSql(source, { cursor: [41], limit: 50, columns: ['id', 'status'] })).toBe(
      `select "id", "status" from "my schema"."select ""quoted"" table" where ("status" = 'paid') and ("id" >= 41 and (("id" > 41))) order by "id" asc limit 50`,
    )
    expect(rowCountSql(source)).toBe(`select count(*)::int8 as count from "my schema"."select ""quoted"" table" where ("status" = 'paid')`)
    // In the key's order, anchors hop along the index from the cursor's row, each under the same filters.
    const anchors = rowAnchorsSql(source, { cursor: [41], stride: 1000, anchors: 3 })
    expect(anchors).toContain(`where ("status" = 'paid') and ("id" >= 41 and (("id" > 41) or ("id" = 41))) order by "id" asc limit 1)`)
    expect(anchors).toContain(`where ("status" = 'paid') and (("id") > (studio_anchor."id")) order by "id" asc offset 999 limit 1`)
    expect(anchors).toContain('where studio_anchor.studio_anchor_index < 2')
    // In a user's sort (no index to hop along) every row of the slice is numbered.
    const sorted = rowAnchorsSql({ ...source, sort: [{ column: 'status', direction: 'desc' }] }, { cursor: ['paid', 41], stride: 1000, anchors: 3 })
    expect(sorted).toContain(`order by "status" desc, "id" asc limit 2001)`)
    expect(sorted).toContain('where studio_anchor_position % 1000 = 0')
    expect(() => rowWindowSql(source, { cursor: null, limit: 0 })).toThrow(RangeError)
  })

  it('reads the cursor from a row, NULLs included', () => {
    expect(cursorOf({ ...odd, sort: [{ column: 'name', direction: 'asc' }] }, { id: 3, name: null })).toEqual([null, 3])
  })
})
