import { PGlite } from '@electric-sql/pglite'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeInitialData } from './initial-data-node'
import { createMemoryDatabaseProvider } from './pglite-memory'

const dir = await mkdtemp(join(tmpdir(), 'studio-initial-data-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('the start-up snapshot', () => {
  it('is an initialised, empty cluster that a new PGlite starts from', async () => {
    const snapshot = await makeInitialData(join(dir, 'snapshot.tar.gz'))
    const pg = new PGlite({ loadDataDir: snapshot })
    const { rows } = await pg.query<{ tables: number; version: string; segment: string }>(
      "select count(*)::int as tables, current_setting('server_version') as version, current_setting('wal_segment_size') as segment from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    )
    // Its WAL in 1 MB segments (INITDB_PARAMS): what a write makes the page store again is that small.
    expect(rows[0]).toEqual({ tables: 0, version: expect.stringMatching(/^\d+/), segment: '1MB' })
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
