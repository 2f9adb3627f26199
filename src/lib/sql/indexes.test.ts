import { describe, expect, it } from 'vitest'
import { createIndexSql, defaultIndexName, dropIndexSql, type IndexDefinition } from './indexes'

const base: IndexDefinition = { schema: 'public', table: 'orders', name: '', method: 'btree', unique: false, columns: ['customer_id'], expression: '', predicate: '', concurrently: false }

describe('index statements', () => {
  it('write the columns quoted in order, the method, unique, partial and concurrently', () => {
    expect(createIndexSql(base)).toBe('create index "orders_customer_id_idx" on "public"."orders" using btree ("customer_id");')
    expect(createIndexSql({ ...base, name: 'by "status"', unique: true, columns: ['status', 'placed_at'], predicate: ' status <> \'cancelled\' ', concurrently: true })).toBe(
      `create unique index concurrently "by ""status""" on "public"."orders" using btree ("status", "placed_at") where status <> 'cancelled';`,
    )
    expect(createIndexSql({ ...base, method: 'gin', columns: [], expression: "to_tsvector('english', notes)" })).toBe(`create index "orders_to_tsvector_english_notes_idx" on "public"."orders" using gin ((to_tsvector('english', notes)));`)
    expect(dropIndexSql('public', 'a "b"', true)).toBe('drop index concurrently "public"."a ""b""";')
  })

  it('say what cannot be built before Postgres does', () => {
    expect(() => createIndexSql({ ...base, table: '' })).toThrow('Choose the table to index.')
    expect(() => createIndexSql({ ...base, columns: [] })).toThrow('Choose the columns to index, or type an expression.')
    expect(() => createIndexSql({ ...base, method: 'gin', unique: true })).toThrow('Only a btree index can be unique.')
    expect(() => createIndexSql({ ...base, method: 'hash', columns: ['a', 'b'] })).toThrow('A hash index has one key: one column or one expression.')
  })

  it('name an index by its table and keys, cut to what Postgres keeps', () => {
    expect(defaultIndexName('t', ['a', 'b'], '')).toBe('t_a_b_idx')
    const long = defaultIndexName('é'.repeat(40), ['column'], '')
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(63)
    expect(long.endsWith('_idx')).toBe(true)
  })
})
