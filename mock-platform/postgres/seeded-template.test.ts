import { PGlite } from '@electric-sql/pglite'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PRELOADED_EXTENSIONS } from './contrib-extensions'
import { makeSeededTemplate, readInitialData } from './initial-data-node'
import { createPGliteDatabase } from './pglite-database'
import { ensurePlatformLayer } from './platform-layer'
import { SEED_TABLES, seedProjectDatabase, seedState } from './seed'
import { SEEDED_TEMPLATE_PREFIX, seededTemplateFile } from './seeded-template'
import type { ProjectDatabase } from './types'

const dir = await mkdtemp(join(tmpdir(), 'studio-seeded-template-'))
const opened: PGlite[] = []
afterAll(async () => {
  await Promise.all(opened.map((pg) => pg.close()))
  await rm(dir, { recursive: true, force: true })
})

async function open(loadDataDir: Blob | null): Promise<ProjectDatabase> {
  const pg = new PGlite({ ...(loadDataDir ? { loadDataDir } : {}), extensions: PRELOADED_EXTENSIONS })
  opened.push(pg)
  await pg.waitReady
  return createPGliteDatabase(pg)
}

/** Everything of the seed a user can see: its rows, the views' rows, the catalogue's shape, the planner's row counts. */
async function fingerprint(db: ProjectDatabase): Promise<unknown> {
  const read = async (sql: string) => (await db.query(sql)).rows
  const tables = Object.fromEntries(await Promise.all(SEED_TABLES.map(async (table) => [table, await read(`select * from ${table} order by 1, 2`)] as const)))
  return {
    tables,
    summary: await read('select * from public.customer_order_summary order by customer_id'),
    daily: await read('select * from analytics.daily_event_counts order by 1, 2'),
    marker: await read('select ref, version, seeded_at from studio_meta.seeded'),
    relations: await read(
      `select n.nspname, c.relname, c.relkind, c.reltuples, c.relispopulated from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'inventory', 'analytics', 'studio_meta') order by 1, 2`,
    ),
    columns: await read(
      `select table_schema, table_name, column_name, data_type, column_default, is_nullable from information_schema.columns
        where table_schema in ('public', 'inventory', 'analytics') order by 1, 2, ordinal_position`,
    ),
    constraints: await read(`select conname, contype, pg_get_constraintdef(oid) as def from pg_constraint where connamespace::regnamespace::text in ('public', 'inventory', 'analytics') order by 1`),
    sequences: await read(`select schemaname, sequencename, last_value from pg_sequences where schemaname in ('public', 'inventory', 'analytics') order by 1, 2`),
  }
}

describe('the seeded template', () => {
  it('holds the layer and the seed without rows, and a database started from it gets the very database a full seed makes', async () => {
    await writeFile(join(dir, `${SEEDED_TEMPLATE_PREFIX}stale.tar.gz`), 'old')
    const template = await makeSeededTemplate(join(dir, seededTemplateFile()))
    // Templates of other versions are removed.
    expect(await readdir(dir)).toEqual([seededTemplateFile()])

    const fromTemplate = await open(template)
    expect(await seedState(fromTemplate)).toBe('template')
    expect(await ensurePlatformLayer(fromTemplate)).toBe(false)
    expect(await seedProjectDatabase(fromTemplate, 'templateref')).toBe(true)
    expect(await seedState(fromTemplate)).toBe('seeded')
    expect(await seedProjectDatabase(fromTemplate, 'templateref')).toBe(false)

    const seededInFull = await open(await readInitialData())
    expect(await seedState(seededInFull)).toBe('empty')
    await ensurePlatformLayer(seededInFull)
    await seedProjectDatabase(seededInFull, 'templateref')

    expect(await fingerprint(fromTemplate)).toEqual(await fingerprint(seededInFull))
  }, 120_000)
})
