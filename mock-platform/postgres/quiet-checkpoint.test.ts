import { afterAll, describe, expect, it, vi } from 'vitest'
import { initialDataOption } from './initial-data-node'
import { StudioPGlite } from './studio-pglite'
import { checkpointWhenQuiet } from './quiet-checkpoint'

const QUIET_MS = 300
const pg = new StudioPGlite(await initialDataOption())
afterAll(() => pg.close())

/** Where the last checkpoint is, read as the tab leader's own call (not a tab's, which would hold the checkpoint off). */
const lastCheckpoint = async () => (await pg.query<{ lsn: string }>('select checkpoint_lsn::text as lsn from pg_control_checkpoint()')).rows[0]!.lsn
const quietFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a page database checkpointed when quiet', () => {
  it('checkpoints once the calls have been quiet a while, not while they go on, and not after a read that changes nothing', async () => {
    const quiet = checkpointWhenQuiet(pg, QUIET_MS)
    await quiet.during(() => pg.exec('create table events (id int, note text)'))
    const before = await lastCheckpoint()
    // Writes closer together than the quiet time: no checkpoint between them.
    for (let i = 0; i < 5; i++) {
      await quiet.during(() => pg.query("insert into events select g, repeat('x', 100) from generate_series(1, 500) g"))
      await quietFor(QUIET_MS / 6)
      expect(await lastCheckpoint()).toBe(before)
    }
    await quietFor(QUIET_MS * 4)
    const after = await lastCheckpoint()
    expect(after).not.toBe(before)
    // The first read sets the new rows' hint bits, which may write WAL (whole pages, with checksums on): checkpointed too.
    await quiet.during(() => pg.query('select count(*) from events'))
    await quietFor(QUIET_MS * 4)
    const afterHints = await lastCheckpoint()
    // A read that changes nothing writes no WAL worth a checkpoint.
    await quiet.during(() => pg.query('select count(*) from events'))
    await quietFor(QUIET_MS * 4)
    expect(await lastCheckpoint()).toBe(afterHints)
    quiet.stop()
  })

  it('holds the checkpoint off while a call runs longer than the quiet time', async () => {
    const quiet = checkpointWhenQuiet(pg, QUIET_MS)
    await quiet.during(() => pg.query('insert into events values (1, null)'))
    const before = await lastCheckpoint()
    // A second call begins before the first's quiet time is up and outlasts it (a tab holding its lock for a while).
    await quietFor(QUIET_MS / 2)
    await quiet.during(() => quietFor(QUIET_MS * 3))
    expect(await lastCheckpoint()).toBe(before)
    await quietFor(QUIET_MS * 4)
    expect(await lastCheckpoint()).not.toBe(before)
    quiet.stop()
  })

  it('does not checkpoint once stopped, nor a database that is closed or cannot answer', async () => {
    const stopped = checkpointWhenQuiet(pg, QUIET_MS)
    await stopped.during(() => pg.query('insert into events values (0, null)'))
    const before = await lastCheckpoint()
    stopped.stop()
    await quietFor(QUIET_MS * 4)
    expect(await lastCheckpoint()).toBe(before)

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const query = vi.fn(async () => Promise.reject(new Error('the database did not start')))
    const failed = checkpointWhenQuiet({ closed: false, query, exec: query }, QUIET_MS / 3)
    await failed.during(async () => null)
    await quietFor(QUIET_MS)
    await failed.during(async () => null)
    await quietFor(QUIET_MS)
    // Asked once, said once, then left alone.
    expect(query).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()

    const closedQuery = vi.fn()
    const closed = checkpointWhenQuiet({ closed: true, query: closedQuery, exec: closedQuery }, QUIET_MS / 3)
    await closed.during(async () => null)
    await quietFor(QUIET_MS)
    expect(closedQuery).not.toHaveBeenCalled()
  })
})
