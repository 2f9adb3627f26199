/**
 * What a log store that outlives its run keeps beside the events (the page's in IndexedDB, the
 * served one on disk): which parts of each project's seeded history were written, and from what
 * anchor, so neither the next run nor another tab on the same database writes them again. And what
 * every store does to stay bounded: events past the longest plan retention are deleted.
 */
import { LOG_SOURCES, LOG_STORE_PRUNE_INTERVAL_MS } from '../../src/constants'
import type { LogSql } from './log-store'
import { STORE_SCHEMA } from './log-store-schema'

/** Outside the store's schemas (not in their hash, and out of the reader's sight). */
const HISTORY_PARTS_TABLE = 'log_store_state.history_parts'
/** When the store last deleted what is past the retention (one row). */
const PRUNED_TABLE = 'log_store_state.pruned'
const STATE_TABLES_SQL = `create schema if not exists log_store_state;
create table if not exists ${HISTORY_PARTS_TABLE} (project text not null, part integer not null, anchor timestamptz not null, retention_days integer not null, primary key (project, part));
create table if not exists ${PRUNED_TABLE} (only_row boolean primary key default true check (only_row), at timestamptz not null)`

export interface KeptHistoryPart {
  project: string
  part: number
  anchor: Date
  retention_days: number
}

export interface KeptState {
  /** The history parts an earlier run wrote; none when the store's schema was made anew (its events went with it). */
  parts: KeptHistoryPart[]
  /** When an earlier run last deleted what is past the retention (ms), if one did. */
  prunedAt: number | null
}

export async function keptState(db: LogSql, rebuilt: boolean): Promise<KeptState> {
  await db.exec(STATE_TABLES_SQL)
  if (rebuilt) await db.exec(`delete from ${HISTORY_PARTS_TABLE}`)
  const { rows } = await db.query<{ project: string; part: number; anchor: string | Date; retention_days: number }>(`select project, part, anchor, retention_days from ${HISTORY_PARTS_TABLE}`)
  const pruned = await db.query<{ at: string | Date }>(`select at from ${PRUNED_TABLE}`)
  const at = pruned.rows[0]?.at
  return { parts: rows.map((row) => ({ ...row, anchor: new Date(row.anchor) })), prunedAt: at === undefined ? null : new Date(at).getTime() }
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

/** Whether a prune is due: none done yet, the interval passed, or a time ahead of the clock (the clock was set back). */
export const pruneDue = (prunedAt: number | null, now: number): boolean => prunedAt === null || now < prunedAt || now - prunedAt >= LOG_STORE_PRUNE_INTERVAL_MS

/**
 * Deletes every event older than `before`, in every log table; a durable store also notes when
 * (`at`): its next run prunes only once the interval has passed. Each delete reads the whole table
 * (its index leads with the project), which on a store of 100,000 events reopened in the browser
 * sets every page's hint bits and stores the table again: 0.3–0.5 s of a cold logs page, every load.
 */
export function pruneEventsSql(before: Date, at: Date | null = null): string {
  const deletes = LOG_SOURCES.map(({ table }) => `delete from ${STORE_SCHEMA}.${table} where "timestamp" < '${before.toISOString()}'::timestamptz;`)
  if (at) deletes.push(`insert into ${PRUNED_TABLE} (at) values ('${at.toISOString()}') on conflict (only_row) do update set at = excluded.at;`)
  return deletes.join('\n')
}
