/**
 * A page's database checkpointed once its writes have been quiet a while. PGlite's Postgres runs
 * single-user, with no checkpointer: it checkpoints only at the end of a start's recovery, so each
 * cold start replayed all the WAL written since the page before started (the log store after
 * 100,000 events: the first cold open 2.5–3.3 s against 1.4–1.9 s for the next; bench, 2026-12-02),
 * and the pages it replayed were stored again after its first query. Checkpointed while nobody
 * waits, the next start has almost nothing to replay. Every database a page keeps (the project
 * databases and the log store) runs in a tab leader (pglite-tab-leader.ts), which starts this.
 *
 * Quiet means no WAL written, not no statements: a project's cron scheduler reads its jobs every
 * second, so a database with pg_cron is never a few seconds without a call. A write that never
 * stops for long is checkpointed anyway every so often, as Postgres's checkpoint_timeout would.
 */
import type { PGlite } from '@electric-sql/pglite'

/** How often the database is looked at: a checkpoint comes one to two of these after the last write. */
export const CHECKPOINT_LOOK_MS = 5000

/** Writes that never pause this long still get a checkpoint this often (Postgres's own checkpoint_timeout is 5 min). */
export const CHECKPOINT_AT_LEAST_EVERY_MS = 5 * 60_000

/** Less WAL than this since the last checkpoint (its own record is ~100 bytes): nothing worth one. */
const WORTH_A_CHECKPOINT_BYTES = 1024

const WAL_SQL =
  'select pg_current_wal_insert_lsn()::text as written, pg_wal_lsn_diff(pg_current_wal_insert_lsn(), checkpoint_lsn)::float8 as since_checkpoint from pg_control_checkpoint()'

/** What is asked of the database: its statements wait for any tab's transaction (PGlite's own locks). */
type CheckpointedDatabase = Pick<PGlite, 'query' | 'exec'> & { readonly closed: unknown }

export interface QuietCheckpointOptions {
  lookMs?: number
  atLeastEveryMs?: number
}

/** Looks at `db` every `lookMs` and checkpoints it once no WAL was written since the last look. Stopped when the database closes or cannot answer. */
export function checkpointWhenQuiet(db: CheckpointedDatabase, { lookMs = CHECKPOINT_LOOK_MS, atLeastEveryMs = CHECKPOINT_AT_LEAST_EVERY_MS }: QuietCheckpointOptions = {}): { stop(): void } {
  let lastWritten: string | null = null
  let lastCheckpointAt = Date.now()
  let looking = false
  const look = async () => {
    if (db.closed) return stop()
    const { rows } = await db.query<{ written: string; since_checkpoint: number }>(WAL_SQL)
    const { written = null, since_checkpoint = 0 } = rows[0] ?? {}
    const quiet = written === lastWritten
    lastWritten = written
    if (since_checkpoint < WORTH_A_CHECKPOINT_BYTES || (!quiet && Date.now() - lastCheckpointAt < atLeastEveryMs)) return
    await db.exec('checkpoint')
    lastCheckpointAt = Date.now()
    // The checkpoint's own record moved the WAL on: the next look compares with where it ended.
    lastWritten = (await db.query<{ written: string }>(WAL_SQL)).rows[0]?.written ?? null
  }
  const timer = setInterval(() => {
    // A look still waiting behind a long statement is not joined by another.
    if (looking) return
    looking = true
    look()
      .catch((error: unknown) => {
        // Only time is at stake: the next start replays what was not checkpointed.
        console.warn('Database not checkpointed', error)
        stop()
      })
      .finally(() => (looking = false))
  }, lookMs)
  function stop() {
    clearInterval(timer)
  }
  return { stop }
}
