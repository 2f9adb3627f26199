/**
 * What a log store that outlives its run keeps beside the events (the page's in IndexedDB, the
 * served one on disk): which parts of each project's seeded history were written, and from what
 * anchor, so neither the next run nor another tab on the same database writes them again. And what
 * every store does to stay bounded: events past the longest plan retention are deleted.
 */
import { LOG_SOURCES } from '../../src/constants'
import type { LogSql } from './log-store'
import { STORE_SCHEMA } from './log-store-schema'

/** Outside the store's schemas (not in their hash, and out of the reader's sight). */
const HISTORY_PARTS_TABLE = 'log_store_state.history_parts'
const HISTORY_PARTS_TABLE_SQL = `create schema if not exists log_store_state;
create table if not exists ${HISTORY_PARTS_TABLE} (project text not null, part integer not null, anchor timestamptz not null, retention_days integer not null, primary key (project, part))`

export interface KeptHistoryPart {
  project: string
  part: number
  anchor: Date
  retention_days: number
}

/** The parts an earlier run wrote; none when the store's schema was made anew (its events went with it). */
export async function keptHistoryParts(db: LogSql, rebuilt: boolean): Promise<KeptHistoryPart[]> {
  await db.exec(HISTORY_PARTS_TABLE_SQL)
  if (rebuilt) await db.exec(`delete from ${HISTORY_PARTS_TABLE}`)
  const { rows } = await db.query<{ project: string; part: number; anchor: string | Date; retention_days: number }>(`select project, part, anchor, retention_days from ${HISTORY_PARTS_TABLE}`)
  return rows.map((row) => ({ ...row, anchor: new Date(row.anchor) }))
}

/** Inside the transaction that would write the part: whether it is written already, and the anchor of the project's history, if it has one. */
export async function keptPart(tx: LogSql, project: string, part: number): Promise<{ written: boolean; anchor: Date | null }> {
  // Another writer of the same part (a replica, a tab) waits here, then finds it written.
  await tx.query(`select pg_advisory_xact_lock(hashtext($1), $2)`, [`log history ${project}`, part])
  const { rows } = await tx.query<{ anchor: string | Date | null; written: boolean }>(
    `select min(anchor) as anchor, coalesce(bool_or(part = $2), false) as written from ${HISTORY_PARTS_TABLE} where project = $1`,
    [project, part],
  )
  const found = rows[0]
  return { written: found?.written === true, anchor: found?.anchor ? new Date(found.anchor) : null }
}

export async function markPartWritten(tx: LogSql, project: string, part: number, anchor: Date, retentionDays: number): Promise<void> {
  await tx.query(`insert into ${HISTORY_PARTS_TABLE} (project, part, anchor, retention_days) values ($1, $2, $3, $4)`, [project, part, anchor.toISOString(), retentionDays])
}

/** Deletes every event older than `before`, in every log table. */
export function pruneEventsSql(before: Date): string {
  return LOG_SOURCES.map(({ table }) => `delete from ${STORE_SCHEMA}.${table} where "timestamp" < '${before.toISOString()}'::timestamptz;`).join('\n')
}
