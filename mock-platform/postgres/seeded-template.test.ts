import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PRELOADED_EXTENSIONS } from './contrib-extensions'
import { nodeExtensionFiles } from './extension-files-node'
import { makeSeededTemplate, readInitialData } from './initial-data-node'
import { createPGliteDatabase } from './pglite-database'
import { ensurePlatformLayer } from './platform-layer'
import { SEED_TABLES, seedProjectDatabase, seedState } from './seed'
import { SEEDED_TEMPLATE_PREFIX, seededTemplateFile } from './seeded-template'
import { StudioPGlite } from './studio-pglite'
import type { ProjectDatabase } from './types'

const dir = await mkdtemp(join(tmpdir(), 'studio-seeded-template-'))
const opened: StudioPGlite[] = []
afterAll(async () => {
  await Promise.all(opened.map((pg) => pg.close()))
  await rm(dir, { recursive: true, force: true })
})

/** A project database as the providers open one: with the extensions' files (contrib and shims). */
async function open(loadDataDir: Blob | null): Promise<ProjectDatabase> {
  const pg = new StudioPGlite({ ...(loadDataDir ? { loadDataDir } : {}), extensions: PRELOADED_EXTENSIONS })
  opened.push(pg)
  await pg.waitReady
  pg.writeExtensionFiles(await nodeExtensionFiles())
  return createPGliteDatabase(pg)
}

let made: Promise<Blob> | null = null
/** The template, made once for the file (the first test checks how). */
const template = () => (made ??= makeSeededTemplate(join(dir, seededTemplateFile())))

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
    const made = await template()
    // Templates of other versions are removed.
    expect(await readdir(dir)).toEqual([seededTemplateFile()])

    const fromTemplate = await open(made)
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

  it('holds supabase_vault, as every project has it, and no Vault key: each database started from it makes its own', async () => {
    const databases = [await open(await template()), await open(await template())]
    const keys: unknown[] = []
    for (const db of databases) {
      expect(await ensurePlatformLayer(db)).toBe(false)
      await seedProjectDatabase(db, 'templateref')
      expect((await db.query(`select extversion from pg_catalog.pg_extension where extname = 'supabase_vault'`)).rows).toHaveLength(1)
      // The template is a public file: a key in it would be everyone's.
      expect((await db.query('select count(*)::int as n from vault._root_key')).rows).toEqual([{ n: 0 }])
      await db.exec(`select vault.create_secret('the same value', 'the same name')`)
      expect((await db.query(`select decrypted_secret from vault.decrypted_secrets where name = 'the same name'`)).rows).toEqual([{ decrypted_secret: 'the same value' }])
      keys.push((await db.query(`select encode(key, 'hex') as key from vault._root_key`)).rows)
    }
    expect(keys[0]).toHaveLength(1)
    expect(keys[1]).toHaveLength(1)
    expect(keys[0]).not.toEqual(keys[1])
  }, 120_000)

  it('two tabs opening the same new database at once: both lay the layer, one seeds it, the other finds it seeded, and neither fails', async () => {
    // PGliteWorker gives the tabs of a project one database: each tab's platform checks, then writes.
    // Measured in the browser before: the second tab's seed failed on customers_email_key.
    for (const snapshot of [await template(), await readInitialData()]) {
      const db = await open(snapshot)
      // The layer's SQL may run twice: it is written to (create … if not exists, or replace).
      await Promise.all([ensurePlatformLayer(db), ensurePlatformLayer(db)])
      expect(await ensurePlatformLayer(db)).toBe(false)
      expect((await Promise.all([seedProjectDatabase(db, 'templateref'), seedProjectDatabase(db, 'templateref')])).sort()).toEqual([false, true])
      expect((await db.query('select count(*)::int as n from studio_meta.seeded')).rows).toEqual([{ n: 1 }])
    }
  }, 120_000)
})
