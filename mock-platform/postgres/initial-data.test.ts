import { PGlite } from '@electric-sql/pglite'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseTarGzip } from 'nanotar'
import { afterAll, describe, expect, it } from 'vitest'
import { makeInitialData } from './initial-data-node'
import { createMemoryDatabaseProvider } from './pglite-memory'

/** The WAL segments a gzipped tar snapshot holds, by file name. */
async function walSegments(snapshot: Blob): Promise<string[]> {
  const files = await parseTarGzip(new Uint8Array(await snapshot.arrayBuffer()))
  return files.flatMap(({ name }) => /pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1] ?? [])
}

const dir = await mkdtemp(join(tmpdir(), 'studio-initial-data-'))
afterAll(() => rm(dir, { recursive: true, force: true }))
// Made once (an initdb: 3–4 s in node); the first two tests read the same file.
const made = makeInitialData(join(dir, 'snapshot.tar.gz'))

describe('the start-up snapshot', () => {
  it('is an initialised, empty cluster that a new PGlite starts from', async () => {
    const snapshot = await made
    const pg = new PGlite({ loadDataDir: snapshot })
    const { rows } = await pg.query<{ tables: number; version: string; segment: string }>(
      "select count(*)::int as tables, current_setting('server_version') as version, current_setting('wal_segment_size') as segment from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    )
    // Its WAL in 1 MB segments (INITDB_PARAMS): what a write makes the page store again is that small.
    expect(rows[0]).toEqual({ tables: 0, version: expect.stringMatching(/^\d+/), segment: '1MB' })
    await pg.close()
  })

  it('holds no WAL segment past the one in use, and a database started from it writes past it', async () => {
    const snapshot = await made
    const wal = await walSegments(snapshot)
    expect(wal).toHaveLength(1)
    const pg = new PGlite({ loadDataDir: snapshot })
    const { rows } = await pg.query<{ segment: string }>('select pg_walfile_name(pg_current_wal_insert_lsn()) as segment')
    expect(rows[0]?.segment).toBe(wal[0])
    // Over 1 MB of WAL: the next segments are made as they are needed.
    await pg.exec("create table filler as select g as id, repeat('x', 200) as note from generate_series(1, 20000) g")
    const after = await pg.query<{ segment: string; n: number }>('select pg_walfile_name(pg_current_wal_insert_lsn()) as segment, (select count(*)::int from filler) as n')
    expect(after.rows[0]!.segment > wal[0]!).toBe(true)
    expect(after.rows[0]?.n).toBe(20000)
    await pg.close()
  })

  it('project databases start from it and are seeded as before', async () => {
    const provider = createMemoryDatabaseProvider()
    const db = await provider.open('snapshot-seeded')
    const { rows } = await db.query('select count(*)::int as n from public.customers')
    expect(rows[0]?.['n']).toBeGreaterThan(0)
    await provider.closeAll()
  })
})
