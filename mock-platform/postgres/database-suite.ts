/**
 * The behaviour every `DatabaseProvider` must show, run against PGlite (`pglite-memory.test.ts`)
 * and, when DATABASE_URL is set, a real server (`server-postgres.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toPgMetaError } from './errors.ts'
import { runPgMetaQuery } from './query.ts'
import { SEED_TABLES, buildSeedSql, seedProjectDatabase } from './seed.ts'
import { sqlLiteral, type SqlScalar } from '../../src/lib/sql/quote.ts'
import { tableEntitiesSql, tableSchemaSql } from '../../src/lib/sql/table-catalog.ts'
import { cursorOf, rowAnchorsSql, rowCountSql, rowWindowSql, type RowSource } from '../../src/lib/sql/table-rows.ts'
import { TableEntitiesAnswerSchema, TableSchemaAnswerSchema } from '../../src/api/schemas/table-editor.ts'
import { EXCLUDED_SCHEMAS } from '../../src/constants/platform.ts'
import * as v from 'valibot'
import type { DatabaseProvider, ProjectDatabase } from './types.ts'

export interface DatabaseSuiteTarget {
  /**
   * A new provider. 'twin' must give databases of its own (a second in-memory instance, another
   * database name on a server) so a ref can be seeded twice from scratch.
   */
  createProvider(variant: 'main' | 'twin'): DatabaseProvider
  /** Drops what earlier runs left behind (server databases); in-memory targets need nothing. */
  reset?(refs: readonly string[]): Promise<void>
}

export const SUITE_REF = 'vitestsuite'
const SLOW = 120_000

/** Counts and a hash of every seeded row, independent of physical order. */
async function fingerprint(db: ProjectDatabase): Promise<Record<string, unknown>> {
  const parts = SEED_TABLES.map(
    (table) => `select ${sqlLiteral(table)} as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x`,
  )
  const { rows } = await db.query(parts.join(' union all '))
  return Object.fromEntries(rows.map((row) => [row['t'], `${String(row['n'])}:${String(row['h'])}`]))
}

/** Runs a pg-meta query that must fail, and maps the failure as the handler would. */
async function pgMetaFailure(db: ProjectDatabase, query: string, parameters?: unknown[]) {
  try {
    await runPgMetaQuery(db, { query, parameters })
  } catch (error) {
    return toPgMetaError(error, query)
  }
  throw new Error(`expected the query to fail: ${query}`)
}

export function describeDatabaseSuite(target: DatabaseSuiteTarget): void {
  let provider: DatabaseProvider
  let twin: DatabaseProvider
  let db: ProjectDatabase

  beforeAll(async () => {
    await target.reset?.([SUITE_REF])
    provider = target.createProvider('main')
    twin = target.createProvider('twin')
    db = await provider.open(SUITE_REF)
  }, SLOW)

  afterAll(async () => {
    await provider?.closeAll()
    await twin?.closeAll()
  }, SLOW)

  describe('provider', () => {
    it('gives the same database for a ref, also to concurrent callers', async () => {
      const [a, b] = await Promise.all([provider.open(SUITE_REF), provider.open(SUITE_REF)])
      expect(a).toBe(db)
      expect(b).toBe(db)
    })
  })

  describe('seed', () => {
    it(
      'is deterministic: the same ref gives the same rows in a database seeded from scratch',
      async () => {
        expect(buildSeedSql(SUITE_REF)).toBe(buildSeedSql(SUITE_REF))
        expect(buildSeedSql('anotherref')).not.toBe(buildSeedSql(SUITE_REF))
        const other = await twin.open(SUITE_REF)
        expect(other).not.toBe(db)
        expect(await fingerprint(other)).toEqual(await fingerprint(db))
      },
      SLOW,
    )

    it('is idempotent: a seeded database is left alone', async () => {
      const before = await fingerprint(db)
      expect(await seedProjectDatabase(db, SUITE_REF)).toBe(false)
      expect(await fingerprint(db)).toEqual(before)
      expect((await db.query('select ref, version from studio_meta.seeded')).rows).toEqual([{ ref: SUITE_REF, version: 1 }])
    })

    it('fills a few hundred rows', async () => {
      const counts = Object.values(await fingerprint(db)).map((value) => Number(String(value).split(':')[0]))
      const total = counts.reduce((sum, count) => sum + count, 0)
      expect(counts.every((count) => count > 0)).toBe(true)
      expect(total).toBeGreaterThanOrEqual(300)
      expect(total).toBeLessThanOrEqual(800)
    })

    it('creates schemas, keys, an enum, views and a trigger', async () => {
      const schemas = await db.query(`select nspname from pg_catalog.pg_namespace where nspname in ('public', 'inventory', 'analytics') order by nspname`)
      expect(schemas.rows.map((row) => row['nspname'])).toEqual(['analytics', 'inventory', 'public'])

      const foreignKeys = await db.query(`
        select cn.nspname || '.' || c.relname as from_table, fn.nspname || '.' || f.relname as to_table
          from pg_catalog.pg_constraint k
          join pg_catalog.pg_class c on c.oid = k.conrelid join pg_catalog.pg_namespace cn on cn.oid = c.relnamespace
          join pg_catalog.pg_class f on f.oid = k.confrelid join pg_catalog.pg_namespace fn on fn.oid = f.relnamespace
         where k.contype = 'f' order by 1, 2`)
      expect(foreignKeys.rows).toEqual(
        expect.arrayContaining([
          { from_table: 'public.orders', to_table: 'public.customers' },
          { from_table: 'public.order_items', to_table: 'inventory.products' },
          { from_table: 'inventory.stock_levels', to_table: 'inventory.warehouses' },
          { from_table: 'analytics.events', to_table: 'public.customers' },
        ]),
      )

      const primaryKeys = await db.query(`
        select n.nspname || '.' || c.relname as rel, array_length(k.conkey, 1) as columns
          from pg_catalog.pg_constraint k
          join pg_catalog.pg_class c on c.oid = k.conrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where k.contype = 'p' and array_length(k.conkey, 1) > 1 and n.nspname in ('public', 'inventory', 'analytics')
         order by 1`)
      expect(primaryKeys.rows).toEqual([
        { rel: 'inventory.stock_levels', columns: 2 },
        { rel: 'public.order_items', columns: 2 },
      ])

      const constraints = await db.query(`
        select conname, contype::text from pg_catalog.pg_constraint
         where conname in ('customers_email_key', 'products_sku_key', 'products_price_positive', 'orders_total_nonnegative')
         order by conname`)
      expect(constraints.rows).toEqual([
        { conname: 'customers_email_key', contype: 'u' },
        { conname: 'orders_total_nonnegative', contype: 'c' },
        { conname: 'products_price_positive', contype: 'c' },
        { conname: 'products_sku_key', contype: 'u' },
      ])

      const labels = await db.query(`select enum_range(null::public.order_status)::text[] as labels`)
      expect(labels.rows[0]?.['labels']).toEqual(['pending', 'paid', 'shipped', 'delivered', 'cancelled'])

      const views = await db.query(`
        select schemaname || '.' || viewname as name from pg_catalog.pg_views where viewname = 'customer_order_summary'
        union all select schemaname || '.' || matviewname from pg_catalog.pg_matviews where matviewname = 'daily_event_counts'`)
      expect(views.rows.map((row) => row['name'])).toEqual(['public.customer_order_summary', 'analytics.daily_event_counts'])

      const trigger = await db.query(`select tgname from pg_catalog.pg_trigger where not tgisinternal`)
      expect(trigger.rows).toEqual([{ tgname: 'products_touch_updated_at' }])
    })

    it('uses the column types the dashboard must render', async () => {
      const { rows } = await db.query(`
        select table_schema || '.' || table_name || '.' || column_name as col, data_type, is_identity
          from information_schema.columns
         where (table_schema, table_name, column_name) in (
           ('public', 'customers', 'id'), ('public', 'customers', 'tags'), ('public', 'customers', 'metadata'),
           ('public', 'customers', 'created_at'), ('public', 'orders', 'id'), ('public', 'orders', 'status'),
           ('inventory', 'products', 'price'), ('analytics', 'events', 'checksum'), ('public', 'customers', 'is_active'))
         order by 1`)
      expect(rows).toEqual([
        { col: 'analytics.events.checksum', data_type: 'bytea', is_identity: 'NO' },
        { col: 'inventory.products.price', data_type: 'numeric', is_identity: 'NO' },
        { col: 'public.customers.created_at', data_type: 'timestamp with time zone', is_identity: 'NO' },
        { col: 'public.customers.id', data_type: 'bigint', is_identity: 'YES' },
        { col: 'public.customers.is_active', data_type: 'boolean', is_identity: 'NO' },
        { col: 'public.customers.metadata', data_type: 'jsonb', is_identity: 'NO' },
        { col: 'public.customers.tags', data_type: 'ARRAY', is_identity: 'NO' },
        { col: 'public.orders.id', data_type: 'uuid', is_identity: 'NO' },
        { col: 'public.orders.status', data_type: 'USER-DEFINED', is_identity: 'NO' },
      ])
    })
  })

  describe('table editor catalog', () => {
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
      const anchors = await runPgMetaQuery(db, { query: rowAnchorsSql(source, 100) })
      expect(anchors.map((a) => Number(a['position']))).toEqual([0, 100, 200, 300, 400])
      for (const position of [0, 99, 100, 257, 499]) {
        const anchor = anchors[Math.floor(position / 100)]!
        const rows = await runPgMetaQuery(db, {
          query: rowWindowSql(source, { cursor: cursorOf(source, anchor), inclusive: true, limit: (position % 100) + 5 }),
        })
        expect(rows[position % 100]).toEqual(all[position])
      }
    })
  })

  describe('runPgMetaQuery', () => {
    it('answers a select with its rows', async () => {
      const rows = await runPgMetaQuery(db, { query: 'select id, full_name from public.customers order by id limit 3' })
      expect(rows).toEqual([
        { id: '1', full_name: "Zoë O'Brien" },
        { id: '2', full_name: 'José Müller-Łukasiewicz' },
        { id: '3', full_name: '李雷 (Li Lei)' },
      ])
    })

    it('answers [] for DDL', async () => {
      expect(await runPgMetaQuery(db, { query: 'create table public.scratch_ddl (id int primary key)' })).toEqual([])
      expect(await runPgMetaQuery(db, { query: 'drop table public.scratch_ddl' })).toEqual([])
      expect(await runPgMetaQuery(db, { query: '-- only a comment' })).toEqual([])
    })

    it('answers the last statement that returned rows', async () => {
      const rows = await runPgMetaQuery(db, {
        query: 'select 1 as first; select 2 as second; select 3 as third where false; create temp table scratch_multi (x int); drop table scratch_multi;',
      })
      expect(rows).toEqual([{ second: 2 }])
    })

    it('binds parameters', async () => {
      const rows = await runPgMetaQuery(db, {
        query: 'select $1::text as text, $2::int as number, $3::jsonb as doc, email from public.customers where id = $4',
        parameters: ["it's", 7, { a: [1] }, 1],
      })
      expect(rows).toEqual([{ text: "it's", number: 7, doc: { a: [1] }, email: expect.stringContaining('@') }])
    })

    it('sends values as pg-meta would, JSON-safe', async () => {
      const [row] = await runPgMetaQuery(db, {
        query: String.raw`select 9007199254740993::int8 as big, 12345.6789::numeric as num, 1.5::float8 as f, 42 as i, true as b,
          'NaN'::float8 as nan, '2026-11-01 12:34:56.123456+00'::timestamptz as tz, '2026-11-01 12:34:56'::timestamp as ts,
          '2026-11-01'::date as d, interval '1 day 2 hours' as iv, '{"a": [1, "x", null]}'::jsonb as j, '[1, 2]'::json as js,
          '\xdeadbeef'::bytea as bytes, array[1, 2, 3] as ints, array['a b', 'c"d', null, 'e\f'] as texts,
          array[[1, 2], [3, 4]] as matrix, '{}'::text[] as empty, array[9007199254740993]::int8[] as bigs,
          array['{"k": 1}'::jsonb] as docs, array['2026-01-01 00:00:00+00'::timestamptz] as stamps,
          array['paid', 'shipped']::public.order_status[] as statuses, 'paid'::public.order_status as status,
          'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid as id, null::text as nothing`,
      })
      expect(JSON.parse(JSON.stringify(row))).toEqual({
        big: '9007199254740993',
        num: '12345.6789',
        f: 1.5,
        i: 42,
        b: true,
        nan: null,
        tz: '2026-11-01T12:34:56.123456+00:00',
        ts: '2026-11-01T12:34:56',
        d: '2026-11-01',
        iv: '1 day 02:00:00',
        j: { a: [1, 'x', null] },
        js: [1, 2],
        bytes: '\\xdeadbeef',
        ints: [1, 2, 3],
        texts: ['a b', 'c"d', null, 'e\\f'],
        matrix: [
          [1, 2],
          [3, 4],
        ],
        empty: [],
        bigs: ['9007199254740993'],
        docs: [{ k: 1 }],
        stamps: ['2026-01-01T00:00:00+00:00'],
        statuses: ['paid', 'shipped'],
        status: 'paid',
        id: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
        nothing: null,
      })
    })

    it('reads seeded rows of every kind', async () => {
      const [row] = await runPgMetaQuery(db, {
        query: `select c.tags, c.metadata, c.created_at, o.total, o.status, e.checksum
                  from public.customers c join public.orders o on o.customer_id = c.id
                  cross join lateral (select checksum from analytics.events where checksum is not null order by id limit 1) e
                 order by o.placed_at limit 1`,
      })
      expect(row).toMatchObject({
        tags: expect.any(Array),
        metadata: expect.objectContaining({ plan: expect.any(String) }),
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/),
        total: expect.stringMatching(/^\d+\.\d{2}$/),
        status: expect.any(String),
        checksum: expect.stringMatching(/^\\x[0-9a-f]{16}$/),
      })
    })
  })

  describe('errors', () => {
    it('maps a syntax error with its position and a caret on the right line', async () => {
      const query = 'select 1;\nselect * frm public.customers'
      const { status, body } = await pgMetaFailure(db, query)
      expect(status).toBe(400)
      expect(body).toMatchObject({ code: '42601', severity: 'ERROR', position: String(query.indexOf('frm') + 1) })
      expect(body.formattedError).toBe('ERROR:  42601: syntax error at or near "frm"\nLINE 2: select * frm public.customers\n                 ^\n')
      expect(body.error).toBe(body.formattedError)
    })

    it('maps an undefined table', async () => {
      const { status, body } = await pgMetaFailure(db, 'select * from x')
      expect(status).toBe(400)
      expect(body).toMatchObject({ code: '42P01', message: 'relation "x" does not exist', position: '15' })
      expect(body.formattedError).toBe('ERROR:  42P01: relation "x" does not exist\nLINE 1: select * from x\n                      ^\n')
    })

    it('maps a unique violation with its detail and constraint', async () => {
      const [existing] = await runPgMetaQuery(db, { query: 'select email from public.customers order by id limit 1' })
      const email = String(existing?.['email'])
      const { body } = await pgMetaFailure(db, 'insert into public.customers (email, full_name) values ($1, $2)', [email, 'Twin'])
      expect(body).toMatchObject({
        code: '23505',
        constraint: 'customers_email_key',
        schema: 'public',
        table: 'customers',
        detail: `Key (email)=(${email}) already exists.`,
      })
      expect(body.formattedError).toContain(`DETAIL:  Key (email)=(${email}) already exists.\n`)
    })

    it('maps a check violation', async () => {
      const { body } = await pgMetaFailure(db, `update inventory.products set price = -1 where id = 1`)
      expect(body).toMatchObject({ code: '23514', constraint: 'products_price_positive' })
    })
  })

  describe('sessions', () => {
    it('rolls back a transaction left open, as a closed pg-meta connection would', async () => {
      await db.exec(`begin; insert into inventory.warehouses (code, name, city) values ('TMP', 'Temporary', 'Nowhere')`)
      expect((await db.query(`select count(*)::int as n from inventory.warehouses where code = 'TMP'`)).rows).toEqual([{ n: 0 }])
    })

    it('recovers from an error inside an explicit transaction', async () => {
      await expect(db.exec('begin; select 1/0;')).rejects.toMatchObject({ code: '22012' })
      expect((await db.query('select 1 as ok')).rows).toEqual([{ ok: 1 }])
    })

    it('does not carry settings into the next run', async () => {
      const before = (await db.query('show search_path')).rows
      await db.exec('set search_path = analytics')
      expect((await db.query('show search_path')).rows).toEqual(before)
    })

    it('runs a multi-statement text atomically', async () => {
      await expect(db.exec(`insert into inventory.warehouses (code, name, city) values ('AAA', 'A', 'A'); select * from nope;`)).rejects.toMatchObject({
        code: '42P01',
      })
      expect((await db.query(`select count(*)::int as n from inventory.warehouses where code = 'AAA'`)).rows).toEqual([{ n: 0 }])
    })

    it('reports affected rows per statement', async () => {
      const results = await db.exec(`
        create temp table scratch_rows (x int);
        insert into scratch_rows values (1), (2), (3);
        update scratch_rows set x = x + 1 where x > 1;
        select * from scratch_rows;
        drop table scratch_rows;`)
      expect(results.map((result) => result.affectedRows)).toEqual([undefined, 3, 2, undefined, undefined])
    })
  })

  describe('sqlLiteral', () => {
    const cases: [string, SqlScalar, unknown][] = [
      ['quotes', "it's 'quoted'", "it's 'quoted'"],
      ['backslashes', 'C:\\temp\\new', 'C:\\temp\\new'],
      ['a backslash before a quote', "\\'", "\\'"],
      ['unicode', 'Zoë 李雷 🎉 ﷽', 'Zoë 李雷 🎉 ﷽'],
      ['newlines and tabs', 'a\nb\r\n\tc', 'a\nb\r\n\tc'],
      ['an injection attempt', "x'); drop table public.customers; --", "x'); drop table public.customers; --"],
      ['the empty string', '', ''],
      ['a negative number', -5, -5],
      ['a big integer', 9007199254740993n, '9007199254740993'],
      ['a date', new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)), '2026-01-02T03:04:05.006+00:00'],
      ['bytes', Uint8Array.from([0, 15, 255]), '\\x000fff'],
      ['null', null, null],
    ]
    it.each(cases)('round-trips %s', async (_name, value, expected) => {
      const { rows } = await db.query(`select ${sqlLiteral(value)} as v`)
      expect(rows[0]?.['v']).toEqual(expected)
    })
  })
}
