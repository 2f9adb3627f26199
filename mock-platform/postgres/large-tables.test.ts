import { describe, expect, it } from 'vitest'
import { LARGE_TABLE, LARGE_TABLE_ROWS, SAMPLE_TABLE, SAMPLE_TABLE_ROWS, ensureLargeTables } from './large-tables'
import { createMemoryDatabaseProvider } from './pglite-memory'
import { suiteDatabase } from './suite-database'

const db = suiteDatabase(createMemoryDatabaseProvider, 'large')

describe('large tables', () => {
  it('are generated once, inside Postgres, with a valid foreign key and statistics', async () => {
    await Promise.all([ensureLargeTables(db()), ensureLargeTables(db())])
    const { rows } = await db().query(`select (select count(*) from ${LARGE_TABLE})::int as large, (select count(*) from ${SAMPLE_TABLE})::int as sample,
      (select max(id) from ${LARGE_TABLE})::int as last_id,
      (select count(*) from ${LARGE_TABLE} v left join public.customers c on c.id = v.customer_id where v.customer_id is not null and c.id is null)::int as orphans,
      (select reltuples from pg_class where oid = '${LARGE_TABLE}'::regclass)::int as estimate`)
    expect(rows[0]).toEqual({ large: LARGE_TABLE_ROWS, sample: SAMPLE_TABLE_ROWS, last_id: LARGE_TABLE_ROWS, orphans: 0, estimate: LARGE_TABLE_ROWS })
    // The JSON column, written as text for speed, holds the values jsonb_build_object gives, row for row.
    const json = await db().query(`select
        count(*) filter (where properties is distinct from jsonb_build_object('session', id / 6, 'device', (array['desktop', 'mobile', 'tablet'])[1 + id % 3], 'scroll', (id * 37) % 101))::int as differing,
        min(properties::text) filter (where id = 7) as seventh
      from ${LARGE_TABLE}`)
    expect(json.rows[0]).toEqual({ differing: 0, seventh: '{"device": "mobile", "scroll": 57, "session": 1}' })
    // The identity continues after the generated ids.
    const inserted = await db().query(`insert into ${LARGE_TABLE} (visited_at, path, duration_ms) values (now(), '/new', 1) returning id`)
    expect(inserted.rows[0]).toEqual({ id: String(LARGE_TABLE_ROWS + 1) })
    await ensureLargeTables(db())
  }, 120_000)

  it('carry the same constraints as a table declared with them, all validated', async () => {
    await ensureLargeTables(db())
    for (const table of [LARGE_TABLE, SAMPLE_TABLE]) {
      const { rows } = await db().query(`select conname, contype, convalidated, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = $1::regclass and contype in ('p', 'c', 'f') order by conname`, [table])
      const name = table.replace('public.', '')
      expect(rows).toEqual([
        { conname: `${name}_customer_id_fkey`, contype: 'f', convalidated: true, definition: 'FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE SET NULL' },
        { conname: `${name}_duration_ms_check`, contype: 'c', convalidated: true, definition: 'CHECK ((duration_ms >= 0))' },
        { conname: `${name}_pkey`, contype: 'p', convalidated: true, definition: 'PRIMARY KEY (id)' },
      ])
    }
    await expect(db().query(`insert into ${SAMPLE_TABLE} (visited_at, path, duration_ms) values (now(), '/x', -1)`)).rejects.toThrow(/duration_ms_check/)
  }, 120_000)
})
