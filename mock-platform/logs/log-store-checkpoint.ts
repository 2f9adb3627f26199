/**
 * The page's log store checkpointed once it has been quiet a while after a write. PGlite's Postgres
 * runs single-user, with no checkpointer: it checkpoints only at the end of a start's recovery, so
 * each cold start replayed all the WAL written since the page before started (after 100,000 events
 * the first cold open took 2.5–3.3 s against 1.4–1.9 s for the next: bench, 2026-12-02), and the
 * pages it replayed were stored again after its first query. Checkpointed while nobody waits, the next
 * start has almost nothing to replay.
 */
import type { LogDatabase } from './log-store-schema'

/** Less WAL than this since the last checkpoint (its own record is ~100 bytes): nothing worth one. */
const WORTH_A_CHECKPOINT_BYTES = 1024

const WAL_SINCE_CHECKPOINT_SQL = 'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), checkpoint_lsn)::float8 as bytes from pg_control_checkpoint()'

/** `db`, checkpointed `quietMs` after its last statement ended, when WAL was written since the last checkpoint. */
export function withQuietCheckpoints(db: LogDatabase, quietMs: number): LogDatabase {
  let timer: ReturnType<typeof setTimeout> | null = null
  let running = 0
  let closed = false
  const checkpointIfWorthIt = async () => {
    const { rows } = await db.query<{ bytes: number }>(WAL_SINCE_CHECKPOINT_SQL)
    if (!closed && running === 0 && (rows[0]?.bytes ?? 0) >= WORTH_A_CHECKPOINT_BYTES) await db.exec('checkpoint')
  }
  const ran = <T>(work: () => Promise<T>): Promise<T> => {
    running++
    if (timer) clearTimeout(timer)
    timer = null
    return work().finally(() => {
      running--
      if (running > 0 || closed) return
      timer = setTimeout(() => {
        timer = null
        // Only time is at stake: the next start replays what this one did not checkpoint.
        checkpointIfWorthIt().catch((error: unknown) => console.warn('Log store: not checkpointed', error))
      }, quietMs)
    })
  }
  return {
    query: (sql, params) => ran(() => db.query(sql, params)),
    exec: (sql) => ran(() => db.exec(sql)),
    transaction: (work) => ran(() => db.transaction(work)),
    close: () => {
      closed = true
      if (timer) clearTimeout(timer)
      return db.close()
    },
  }
}
