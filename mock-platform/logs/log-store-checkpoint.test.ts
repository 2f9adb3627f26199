import { afterAll, describe, expect, it } from 'vitest'
import { initialDataOption } from '../postgres/initial-data-node'
import { StudioPGlite } from '../postgres/studio-pglite'
import { withQuietCheckpoints } from './log-store-checkpoint'
import type { LogDatabase } from './log-store-schema'

const QUIET_MS = 300
const pg = new StudioPGlite(await initialDataOption())
afterAll(() => pg.close())
const raw: LogDatabase = { exec: (sql) => pg.exec(sql), query: (sql, params) => pg.query(sql, params), transaction: (run) => pg.transaction(run), close: async () => {} }

/** Where the last checkpoint is, read past the wrapper (reading it through the wrapper would count as a statement). */
const lastCheckpoint = async () => (await pg.query<{ lsn: string }>('select checkpoint_lsn::text as lsn from pg_control_checkpoint()')).rows[0]!.lsn
const quietFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the log store checkpointed when quiet', () => {
  it('checkpoints once the writes have been quiet a while, not while they go on, and not after a read that changes nothing', async () => {
    const db = withQuietCheckpoints(raw, QUIET_MS)
    await db.exec('create table events (id int, note text)')
    const before = await lastCheckpoint()
    // Writes closer together than the quiet time: no checkpoint between them.
    for (let i = 0; i < 5; i++) {
      await db.query("insert into events select g, repeat('x', 100) from generate_series(1, 500) g")
      await quietFor(QUIET_MS / 6)
      expect(await lastCheckpoint()).toBe(before)
    }
    await quietFor(QUIET_MS * 4)
    const after = await lastCheckpoint()
    expect(after).not.toBe(before)
    // The first read sets the new rows' hint bits, which may write WAL (whole pages, with checksums on): checkpointed too.
    await db.query('select count(*) from events')
    await quietFor(QUIET_MS * 4)
    const afterHints = await lastCheckpoint()
    // A read that changes nothing writes no WAL worth a checkpoint.
    await db.query('select count(*) from events')
    await quietFor(QUIET_MS * 4)
    expect(await lastCheckpoint()).toBe(afterHints)
    await db.close()
  })

  it('does not checkpoint once closed', async () => {
    const db = withQuietCheckpoints(raw, QUIET_MS)
    await db.query('insert into events values (0, null)')
    const before = await lastCheckpoint()
    await db.close()
    await quietFor(QUIET_MS * 4)
    expect(await lastCheckpoint()).toBe(before)
  })
})
