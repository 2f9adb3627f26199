/** pg-meta queries and the errors they map to, on a seeded database (part of `database-suite.ts`). */
import { beforeAll, describe, expect, it } from 'vitest'
import { toPgMetaError } from './errors.ts'
import { runPgMetaQuery } from './query.ts'
import type { ProjectDatabase } from './types.ts'

/** Runs a pg-meta query that must fail, and maps the failure as the handler would. */
async function pgMetaFailure(db: ProjectDatabase, query: string, parameters?: unknown[]) {
  try {
    await runPgMetaQuery(db, { query, parameters })
  } catch (error) {
    return toPgMetaError(error, query)
  }
  throw new Error(`expected the query to fail: ${query}`)
}

export function describePgMetaSuite(database: () => ProjectDatabase): void {
  describe('runPgMetaQuery', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })
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
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })
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
}
