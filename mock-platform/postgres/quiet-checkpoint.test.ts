import { afterAll, describe, expect, it, vi } from 'vitest'
import { initialDataOption } from './initial-data-node'
import { StudioPGlite } from './studio-pglite'
import { checkpointWhenQuiet } from './quiet-checkpoint'

const LOOK_MS = 400
const pg = new StudioPGlite(await initialDataOption())
afterAll(() => pg.close())

const lastCheckpoint = async () => (await pg.query<{ lsn: string }>('select checkpoint_lsn::text as lsn from pg_control_checkpoint()')).rows[0]!.lsn
const waitFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const insert = () => pg.query("insert into events select g, repeat('x', 100) from generate_series(1, 200) g")

describe('a page database checkpointed when its writes are quiet', () => {
  it('checkpoints once the writes have stopped a while, not while they go on, and not after reads that change nothing', async () => {
    await pg.exec('create table events (id int, note text)')
    const checkpoints = checkpointWhenQuiet(pg, { lookMs: LOOK_MS })
    const before = await lastCheckpoint()
    // Writes more often than it looks: no checkpoint between them.
    for (let i = 0; i < 24; i++) {
      await insert()
      await waitFor(LOOK_MS / 10)
    }
    expect(await lastCheckpoint()).toBe(before)
    await waitFor(LOOK_MS * 3)
    const after = await lastCheckpoint()
    expect(after).not.toBe(before)
    // The first read sets the new rows' hint bits, which may write WAL (whole pages, with checksums on): checkpointed too.
    await pg.query('select count(*) from events')
    await waitFor(LOOK_MS * 3)
    const afterHints = await lastCheckpoint()
    // Reads every little while, as a project's cron scheduler makes: they write nothing, and hold nothing off.
    for (let i = 0; i < 8; i++) {
      await pg.query('select count(*) from events')
      await waitFor(LOOK_MS / 4)
    }
    expect(await lastCheckpoint()).toBe(afterHints)
    await insert()
    for (let i = 0; i < 16; i++) {
      await pg.query('select count(*) from events where id = 1')
      await waitFor(LOOK_MS / 4)
    }
    expect(await lastCheckpoint()).not.toBe(afterHints)
    checkpoints.stop()
  })

  it('checkpoints writes that never pause at least every so often', async () => {
    const checkpoints = checkpointWhenQuiet(pg, { lookMs: LOOK_MS, atLeastEveryMs: LOOK_MS * 3 })
    const before = await lastCheckpoint()
    const deadline = Date.now() + LOOK_MS * 8
    while (Date.now() < deadline && (await lastCheckpoint()) === before) {
      await insert()
      await waitFor(LOOK_MS / 5)
    }
    expect(await lastCheckpoint()).not.toBe(before)
    checkpoints.stop()
  })

  it('does not checkpoint once stopped, nor a database that is closed or cannot answer', async () => {
    const stopped = checkpointWhenQuiet(pg, { lookMs: LOOK_MS })
    stopped.stop()
    await insert()
    const before = await lastCheckpoint()
    await waitFor(LOOK_MS * 4)
    expect(await lastCheckpoint()).toBe(before)

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const query = vi.fn(async () => Promise.reject(new Error('the database did not start')))
    checkpointWhenQuiet({ closed: false, query, exec: query }, { lookMs: LOOK_MS / 4 })
    await waitFor(LOOK_MS * 2)
    // Asked once, said once, then left alone.
    expect(query).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()

    const closedQuery = vi.fn()
    checkpointWhenQuiet({ closed: true, query: closedQuery, exec: closedQuery }, { lookMs: LOOK_MS / 4 })
    await waitFor(LOOK_MS)
    expect(closedQuery).not.toHaveBeenCalled()
  })
})
