import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLeaderTabCron } from './cron-hosting'
import { projectRefOfPath } from '../projects/database-start'
import { startCronScheduler, systemClock, type CronRunOutcome } from './cron-scheduler'
import type { PlatformContext } from '../context'
import { createMemoryDatabaseProvider } from '../postgres/pglite-memory'
import { installShim, PG_CRON } from '../postgres/shims/index.ts'
import type { DatabaseProvider, ProjectDatabase } from '../postgres/types'

let provider: DatabaseProvider
let db: ProjectDatabase

beforeAll(async () => {
  provider = createMemoryDatabaseProvider({ seed: false })
  db = await provider.open('cronscheduler')
  await installShim(db, PG_CRON)
}, 60_000)
afterAll(() => provider.closeAll())
afterEach(() => vi.useRealTimers())

/** Lets the database's promises settle without moving the (fake) clock. */
async function settle(done: () => boolean) {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((resolve) => setImmediate(resolve))
}

describe('the cron scheduler with fake timers', () => {
  it('runs due jobs at each whole second and writes their runs: succeeded with the tag, failed with the error', async () => {
    await db.exec(`select cron.schedule('every two', '2 seconds', 'select 1');
      select cron.schedule('every minute', '* * * * *', 'select 1/0');
      select cron.schedule('paused', '1 second', 'select 1');
      select cron.alter_job(jobid, active := false) from cron.job where jobname = 'paused';`)
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 6, 4, 59, 400), toFake: ['Date', 'setTimeout', 'clearTimeout'] })
    const runs: CronRunOutcome[] = []
    const scheduler = startCronScheduler({ database: () => db, clock: systemClock, onRun: (run) => runs.push(run) })
    try {
      // Nothing before the first whole second.
      await vi.advanceTimersByTimeAsync(500)
      expect(runs).toEqual([])
      // 06:05:00: both active jobs are due.
      await vi.advanceTimersByTimeAsync(200)
      await settle(() => runs.length >= 2)
      expect(runs.map((run) => [run.status, run.returnMessage])).toEqual([
        ['succeeded', 'SELECT 1'],
        ['failed', 'division by zero'],
      ])
      // 06:05:01: nothing; 06:05:02: the two-second job again.
      await vi.advanceTimersByTimeAsync(1000)
      await settle(() => false)
      expect(runs).toHaveLength(2)
      await vi.advanceTimersByTimeAsync(1000)
      await settle(() => runs.length >= 3)
      expect(runs).toHaveLength(3)

      const { rows } = await db.query(`select j.jobname::text as job, d.status, d.return_message, d.start_time, d.end_time
        from cron.job_run_details d join cron.job j using (jobid) order by d.runid`)
      expect(rows.map((row) => [row['job'], row['status'], row['return_message'], row['start_time']])).toEqual([
        ['every two', 'succeeded', 'SELECT 1', '2026-11-24T06:05:00.001+00:00'],
        ['every minute', 'failed', 'division by zero', '2026-11-24T06:05:00.001+00:00'],
        ['every two', 'succeeded', 'SELECT 1', '2026-11-24T06:05:02.001+00:00'],
      ])
      expect(rows.every((row) => row['end_time'] !== null)).toBe(true)
    } finally {
      await scheduler.stop()
      await db.exec(`select cron.unschedule(jobid) from cron.job; delete from cron.job_run_details;`)
    }
    // Stopped: the clock moves on, nothing more runs.
    await vi.advanceTimersByTimeAsync(5000)
    expect(runs).toHaveLength(3)
  })

  it('asks for the database at every tick and skips the tick while there is none', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 6, 0, 0, 500), toFake: ['Date', 'setTimeout', 'clearTimeout'] })
    const asked = vi.fn(() => null)
    const errors: unknown[] = []
    const scheduler = startCronScheduler({ database: asked, onError: (error) => errors.push(error) })
    await vi.advanceTimersByTimeAsync(3000)
    await scheduler.stop()
    expect(asked).toHaveBeenCalledTimes(3)
    expect(errors).toEqual([])
  })
})

describe('one leader tab per project', () => {
  /** Web Locks in one process: each name granted to one holder at a time, in request order. */
  function fakeLocks() {
    const queues = new Map<string, (() => void)[]>()
    const granted: string[] = []
    const locks = {
      request: (name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) =>
        new Promise<void>((resolve, reject) => {
          const queue = queues.get(name) ?? []
          queues.set(name, queue)
          const grant = () => {
            granted.push(name)
            void callback().then(() => {
              queue.shift()
              queue[0]?.()
              resolve()
            })
          }
          options.signal?.addEventListener('abort', () => {
            const at = queue.indexOf(grant)
            if (at > 0) {
              queue.splice(at, 1)
              reject(new DOMException('aborted', 'AbortError'))
            }
          })
          queue.push(grant)
          if (queue.length === 1) grant()
        }),
    }
    return { locks: locks as unknown as Pick<LockManager, 'request'>, granted, holders: (name: string) => queues.get(name)?.length ?? 0 }
  }
  const ctx = { db: { projects: { findFirst: () => undefined } } } as unknown as PlatformContext

  it('reads the project of a page, under any base path', () => {
    expect(projectRefOfPath('/project/abcdefghij/integrations/cron')).toBe('abcdefghij')
    expect(projectRefOfPath('/studio/project/abcdefghij')).toBe('abcdefghij')
    expect(projectRefOfPath('/organizations')).toBeNull()
  })

  it('lets the second tab lead once the first leaves the project, and not before', async () => {
    const { locks, granted, holders } = fakeLocks()
    let first = '/project/abc/integrations/cron'
    let second = '/project/abc/editor'
    const a = startLeaderTabCron(ctx, { locks, pathname: () => first, checkMs: 10 })
    const b = startLeaderTabCron(ctx, { locks, pathname: () => second, checkMs: 10 })
    try {
      expect(granted).toEqual(['studio-cron-abc'])
      expect(holders('studio-cron-abc')).toBe(2)
      first = '/organizations'
      await vi.waitFor(() => expect(granted).toEqual(['studio-cron-abc', 'studio-cron-abc']))
      expect(holders('studio-cron-abc')).toBe(1)
      // The second tab moves to another project: it leads that one, and nobody leads the first.
      second = '/project/xyz'
      await vi.waitFor(() => expect(granted).toEqual(['studio-cron-abc', 'studio-cron-abc', 'studio-cron-xyz']))
      await vi.waitFor(() => expect(holders('studio-cron-abc')).toBe(0))
    } finally {
      a.stop()
      b.stop()
    }
  })
})
