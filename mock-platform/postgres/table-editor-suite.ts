/** The table editor's catalog and keyset-paged rows, read from a seeded database (part of `database-suite.ts`). */
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TableEntitiesAnswerSchema, TableSchemaAnswerSchema } from '../../src/api/schemas/table-editor.ts'
import { EXCLUDED_SCHEMAS } from '../../src/constants/platform.ts'
import { tableEntitiesSql, tableSchemaSql } from '../../src/lib/sql/table-catalog.ts'
import { cursorOf, rowAnchorsSql, rowCountSql, rowWindowSql, type RowSource } from '../../src/lib/sql/table-rows.ts'
import { runPgMetaQuery } from './query.ts'
import { SLOW } from './suite-timeouts.ts'
import type { ProjectDatabase } from './types.ts'

export function describeTableEditorSuite(database: () => ProjectDatabase): void {
  describe('table editor catalog', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })
    const entities = async () => v.parse(TableEntitiesAnswerSchema, await runPgMetaQuery(db, { query: tableEntitiesSql(EXCLUDED_SCHEMAS) }))
    const schemaOf = async (schema: string, name: string) => {
      const entity = (await entities()).find((e) => e.schema === schema && e.name === name)!
      return v.parse(TableSchemaAnswerSchema, await runPgMetaQuery(db, { query: tableSchemaSql(entity.id) }))!
    }

    it('lists tables, views and materialized views outside the system schemas', async () => {
      const list = await entities()
      const named = list.map((e) => `${e.schema}.${e.name}:${e.type}`)
      expect(named).toEqual(
        expect.arrayContaining([
          'public.customers:table',
          'inventory.stock_levels:table',
          'public.customer_order_summary:view',
          'analytics.daily_event_counts:materialized_view',
        ]),
      )
      expect(list.some((e) => ['pg_catalog', 'information_schema', 'pg_toast'].includes(e.schema))).toBe(false)
      expect(list.find((e) => e.name === 'customers')?.comment).toBe('People who buy from the shop.')
    })

    it('describes columns with type, identity, nullability, default, uniqueness, check and enum labels', async () => {
      const customers = await schemaOf('public', 'customers')
      expect(customers.primary_keys).toEqual(['id'])
      const column = (name: string) => customers.columns.find((c) => c.name === name)!
      expect(column('id')).toMatchObject({ data_type: 'bigint', is_identity: true, is_nullable: false })
      expect(column('email')).toMatchObject({ data_type: 'text', is_unique: true, is_nullable: false })
      expect(column('country_code')).toMatchObject({ data_type: 'character(2)', is_nullable: true, is_unique: false })
      expect(column('tags')).toMatchObject({ data_type: 'text[]', type_category: 'A', default_value: "'{}'::text[]" })
      expect(column('is_active').default_value).toBe('true')
      const orders = await schemaOf('public', 'orders')
      expect(orders.columns.find((c) => c.name === 'status')).toMatchObject({
        enums: ['pending', 'paid', 'shipped', 'delivered', 'cancelled'],
        type_category: 'E',
      })
      expect(orders.columns.find((c) => c.name === 'total')?.check).toBe('CHECK ((total >= (0)::numeric))')
    })

    it('names the single-column unique and check constraints', async () => {
      const customers = await schemaOf('public', 'customers')
      const column = (name: string) => customers.columns.find((c) => c.name === name)!
      expect(column('email')).toMatchObject({ unique_constraint: 'customers_email_key', check_constraint: null })
      // The primary key's unique index is no unique constraint.
      expect(column('id')).toMatchObject({ is_unique: true, unique_constraint: null, check_constraint: null })
      const products = await schemaOf('inventory', 'products')
      expect(products.columns.find((c) => c.name === 'price')).toMatchObject({ unique_constraint: null, check_constraint: 'products_price_positive' })
      expect(products.columns.find((c) => c.name === 'sku')).toMatchObject({ unique_constraint: 'products_sku_key', check_constraint: null })

      // A unique index alone has no constraint to drop; of several checks, the first by name is given.
      await db.exec(`drop schema if exists catalog_suite cascade;
        create schema catalog_suite;
        create table catalog_suite.t (a int, b int constraint b_z check (b < 10) constraint b_a check (b > 0));
        create unique index t_a_idx on catalog_suite.t (a);`)
      try {
        const t = await schemaOf('catalog_suite', 't')
        expect(t.columns.find((c) => c.name === 'a')).toMatchObject({ is_unique: true, unique_constraint: null })
        expect(t.columns.find((c) => c.name === 'b')).toMatchObject({ check_constraint: 'b_a', check: 'CHECK ((b > 0)) and CHECK ((b < 10))' })
      } finally {
        await db.exec('drop schema catalog_suite cascade')
      }
    })

    it('gives composite primary keys in key order and relationships both ways', async () => {
      const stock = await schemaOf('inventory', 'stock_levels')
      expect(stock.primary_keys).toEqual(['warehouse_code', 'product_id'])
      expect(stock.relationships.map((r) => `${r.source_table_name}.${r.source_column_name}->${r.target_table_name}.${r.target_column_name}`).sort()).toEqual([
        'stock_levels.product_id->products.id',
        'stock_levels.warehouse_code->warehouses.code',
      ])
      const customers = await schemaOf('public', 'customers')
      expect(customers.relationships.map((r) => `${r.source_schema}.${r.source_table_name}.${r.source_column_name}`).sort()).toEqual([
        'analytics.events.customer_id',
        'public.orders.customer_id',
      ])
      const view = await schemaOf('public', 'customer_order_summary')
      expect(view).toMatchObject({ type: 'view', primary_keys: [] })
    })

    it('answers nothing for an id that is not a relation', async () => {
      expect(v.parse(TableSchemaAnswerSchema, await runPgMetaQuery(db, { query: tableSchemaSql(1) }))).toBeNull()
      expect(() => tableSchemaSql(Number.NaN)).toThrow(RangeError)
    })
  })

  describe('table editor rows by keyset', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })
    const base: RowSource = { schema: 'rows "suite"', table: 'select table', key: ['order', 'id'] }
    beforeAll(async () => {
      await db.exec(`drop schema if exists "rows ""suite""" cascade;
        create schema "rows ""suite""";
        create table "rows ""suite"""."select table" ("order" int not null, id int not null, "two words" text, primary key ("order", id));
        insert into "rows ""suite"""."select table"
          select g % 3, g, case when g % 7 = 0 then null else chr(97 + (g * 11) % 26) || '''s' end from generate_series(1, 500) g;`)
    }, SLOW)
    afterAll(async () => {
      await db.exec(`drop schema if exists "rows ""suite""" cascade`)
    })

    /** Reads the whole source window by window, each continuing after the last row of the one before. */
    async function pageThrough(source: RowSource, windowSize: number) {
      const pages: Record<string, unknown>[] = []
      let cursor: unknown[] | null = null
      for (;;) {
        const rows = await runPgMetaQuery(db, { query: rowWindowSql(source, { cursor, limit: windowSize }) })
        pages.push(...rows)
        if (rows.length < windowSize) break
        cursor = cursorOf(source, rows.at(-1)!)
      }
      return pages
    }

    it.each([
      ['the key', base],
      ['a nullable column, ascending', { ...base, sort: [{ column: 'two words', direction: 'asc' as const }] }],
      ['a nullable column, descending', { ...base, sort: [{ column: 'two words', direction: 'desc' as const }] }],
      [
        'a key column descending, filtered',
        { ...base, sort: [{ column: 'id', direction: 'desc' as const }], filters: [{ column: 'two words', operator: 'ilike' as const, value: "%'S" }] },
      ],
    ])('pages through every row exactly once, ordered by %s', async (_, source) => {
      const all = await runPgMetaQuery(db, { query: rowWindowSql(source, { cursor: null, limit: 10_000 }) })
      expect(all.length).toBeGreaterThan(300)
      const paged = await pageThrough(source, 37)
      expect(paged).toEqual(all)
      const [{ count }] = (await runPgMetaQuery(db, { query: rowCountSql(source) })) as [{ count: string }]
      expect(paged).toHaveLength(Number(count))
    })

    it('jumps to any position from the nearest anchor with one bounded read', async () => {
      const source: RowSource = { ...base, sort: [{ column: 'two words', direction: 'desc' }] }
      const all = await runPgMetaQuery(db, { query: rowWindowSql(source, { cursor: null, limit: 10_000 }) })
      // In slices of three, each from the last anchor of the one before (its positions count from there).
      const slice = (cursor: Record<string, unknown> | null) =>
        runPgMetaQuery(db, { query: rowAnchorsSql(source, { cursor: cursor && cursorOf(source, cursor), stride: 100, anchors: 3 }) })
      const positions = (rows: Record<string, unknown>[]) => rows.map((a) => Number(a['position']))
      const first = await slice(null)
      const second = await slice(first[2]!)
      const third = await slice(second[2]!)
      expect([positions(first), positions(second), positions(third)]).toEqual([[0, 100, 200], [0, 100, 200], [0]])
      expect(cursorOf(source, second[0]!)).toEqual(cursorOf(source, first[2]!))
      const anchors = [...first, ...second.slice(1), ...third.slice(1)]
      for (const position of [0, 99, 100, 257, 499]) {
        const anchor = anchors[Math.floor(position / 100)]!
        const rows = await runPgMetaQuery(db, {
          query: rowWindowSql(source, { cursor: cursorOf(source, anchor), inclusive: true, limit: (position % 100) + 5 }),
        })
        expect(rows[position % 100]).toEqual(all[position])
      }
    })
  })
}
