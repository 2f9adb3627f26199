/**
 * The behaviour every `DatabaseProvider` must show, run against PGlite (`pglite-memory.test.ts`)
 * and, when DATABASE_URL is set, a real server (`server-postgres.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_TABLES, SEED_VERSION, buildSeedSql, seedProjectDatabase } from './seed.ts'
import { sqlLiteral, type SqlScalar } from '../../src/lib/sql/quote.ts'
import { describeColumnPrivilegesSuite } from './column-privileges-suite.ts'
import { describeCronSuite } from './cron-suite.ts'
import { describeExtensionsSuite } from './extensions-suite.ts'
import { describePgMetaSuite } from './pg-meta-suite.ts'
import { describePlatformLayerSuite } from './platform-layer-suite.ts'
import { describeReadOnlySuite } from './read-only-suite.ts'
import { describeSchemaDiagramSuite } from './schema-diagram-suite.ts'
import { describeDatabaseObjectsSuite } from './database-objects-suite.ts'
import { describeAuthUsersSuite } from './auth-users-suite.ts'
import { describeTablePoliciesSuite } from './table-policies-suite.ts'
import { SLOW } from './suite-timeouts.ts'
import { describeTableEditorSuite } from './table-editor-suite.ts'
import { describeWebhooksSuite } from './webhooks-suite.ts'
import { describeVaultSuite } from './vault-suite.ts'
import { describeWrappersSuite } from './wrappers-suite.ts'
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

/** Counts and a hash of every seeded row, independent of physical order. */
async function fingerprint(db: ProjectDatabase): Promise<Record<string, unknown>> {
  const parts = SEED_TABLES.map(
    (table) => `select ${sqlLiteral(table)} as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x`,
  )
  const { rows } = await db.query(parts.join(' union all '))
  return Object.fromEntries(rows.map((row) => [row['t'], `${String(row['n'])}:${String(row['h'])}`]))
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
      expect((await db.query('select ref, version from studio_meta.seeded')).rows).toEqual([{ ref: SUITE_REF, version: SEED_VERSION }])
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

      // The seed's schemas: the platform layer's vault has a trigger of its own.
      const trigger = await db.query(`select t.tgname from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and c.relnamespace::regnamespace::text in ('public', 'inventory', 'analytics')`)
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

  describeTableEditorSuite(() => db)

  describeSchemaDiagramSuite(() => db)

  describeDatabaseObjectsSuite(() => db)
  describeAuthUsersSuite(() => db)
  describeTablePoliciesSuite(() => db)

  describePgMetaSuite(() => db)

  describeReadOnlySuite(() => db)

  describePlatformLayerSuite(() => db)

  describeExtensionsSuite(() => db)

  describeWebhooksSuite(() => db)

  describeCronSuite(() => db)

  describeWrappersSuite(() => db)

  describeVaultSuite(() => db)

  describeColumnPrivilegesSuite(() => db)

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
