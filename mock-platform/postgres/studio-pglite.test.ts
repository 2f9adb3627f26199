import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readInitialData } from './initial-data-node'
import { StudioPGlite } from './studio-pglite'

/** Reads the WAL's segment files (what IndexedDB stores and every later page loads). */
class InspectedPGlite extends StudioPGlite {
  walFiles(): string[] {
    return this.mod!.FS.readdir('/pglite/data/pg_wal').filter((name: string) => /^[0-9A-F]{24}$/.test(name))
  }
}

let pg: InspectedPGlite
beforeAll(async () => {
  // The cluster project databases start from: 1 MB WAL segments (INITDB_PARAMS).
  const snapshot = await readInitialData()
  expect(snapshot, 'the start-up snapshot (npm run prepare)').not.toBeNull()
  pg = new InspectedPGlite({ loadDataDir: snapshot! })
}, 120_000)
afterAll(() => pg.close())

describe('a project database’s write-ahead log', () => {
  it('is let go by a checkpoint (the one that ends every start’s recovery too), not kept as recycled segments', async () => {
    await pg.exec("create table filler as select g as id, repeat('x', 200) as note from generate_series(1, 40000) g")
    await pg.exec("insert into filler select g, repeat('y', 200) from generate_series(40001, 100000) g")
    const written = pg.walFiles().length
    expect(written).toBeGreaterThan(8)
    await pg.exec('checkpoint')
    // The segment in use (and at most the one before it); Postgres makes the next when it gets there.
    expect(pg.walFiles().length).toBeLessThanOrEqual(2)
    expect((await pg.query<{ n: number }>('select count(*)::int as n from filler')).rows[0]?.n).toBe(100000)
  }, 120_000)
})

describe('a project database’s shared memory', () => {
  it('is small: Emscripten zeroes every page of it at each start (Postgres’s 128 MB of buffers made a third of a start)', async () => {
    const { rows } = await pg.query<{ shared_buffers: string; shared_memory_mb: number }>(
      `select current_setting('shared_buffers') as shared_buffers, (select setting::int from pg_settings where name = 'shared_memory_size') as shared_memory_mb`,
    )
    expect(rows[0]?.shared_buffers).toBe('16MB')
    expect(rows[0]?.shared_memory_mb).toBeLessThanOrEqual(32)
  })
})
