/**
 * A page's database checkpointed once it has been quiet a while after a write. PGlite's Postgres
 * runs single-user, with no checkpointer: it checkpoints only at the end of a start's recovery, so
 * each cold start replayed all the WAL written since the page before started (the log store after
 * 100,000 events: the first cold open 2.5–3.3 s against 1.4–1.9 s for the next; bench, 2026-12-02),
 * and the pages it replayed were stored again after its first query. Checkpointed while nobody
 * waits, the next start has almost nothing to replay. Every database a page keeps (the project
 * databases and the log store) runs in a tab leader (pglite-tab-leader.ts), which holds the
 * checkpoint off while any tab's call runs.
 */
import type { PGlite } from '@electric-sql/pglite'

/** How long a database is quiet after a call before it checkpoints. */
export const CHECKPOINT_WHEN_QUIET_MS = 5000

/** Less WAL than this since the last checkpoint (its own record is ~100 bytes): nothing worth one. */
const WORTH_A_CHECKPOINT_BYTES = 1024

const WAL_SINCE_CHECKPOINT_SQL = 'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), checkpoint_lsn)::float8 as bytes from pg_control_checkpoint()'

/** What is asked of the database: its statements wait for any tab's transaction (PGlite's own locks). */
type CheckpointedDatabase = Pick<PGlite, 'query' | 'exec'> & { readonly closed: unknown }

export interface QuietCheckpoints {
  /** Runs `work` with the checkpoint held off while it runs, and for the quiet time after the last call ends. */
  during<T>(work: () => Promise<T>): Promise<T>
  stop(): void
}

export function checkpointWhenQuiet(db: CheckpointedDatabase, quietMs = CHECKPOINT_WHEN_QUIET_MS): QuietCheckpoints {
  let timer: ReturnType<typeof setTimeout> | null = null
  let running = 0
  let stopped = false
  const stop = () => {
    stopped = true
    if (timer) clearTimeout(timer)
    timer = null
  }
  const checkpointIfWorthIt = async () => {
    if (db.closed) return stop()
    const { rows } = await db.query<{ bytes: number }>(WAL_SINCE_CHECKPOINT_SQL)
    if (!stopped && running === 0 && (rows[0]?.bytes ?? 0) >= WORTH_A_CHECKPOINT_BYTES) await db.exec('checkpoint')
  }
  return {
    during(work) {
      running++
      if (timer) clearTimeout(timer)
      timer = null
      return work().finally(() => {
        running--
        if (running > 0 || stopped) return
        timer = setTimeout(() => {
          timer = null
          // Only time is at stake: the next start replays what this one did not checkpoint. A database
          // that cannot answer (closed, or its start failed) is not asked again.
          checkpointIfWorthIt().catch((error: unknown) => {
            console.warn('Database not checkpointed', error)
            stop()
          })
        }, quietMs)
      })
    },
    stop,
  }
}
