/**
 * Replicas over one record store: every commit also writes its changes to `record_changes` under a
 * version number, taken in turn under a transaction-scoped advisory lock, so versions commit in order
 * and every replica applies them in that order. A replica catches up before each request (so a
 * request sees every commit answered before it began, on any replica), once a second besides (for
 * work outside requests: the cron scheduler), and inside its own commit's transaction, under the
 * lock, where it checks again that nothing it changes was changed meanwhile (record-units.ts runs
 * the request again if it was). Memory stays a cache of PostgreSQL, never ahead of it.
 */
import type pg from 'pg'
import { sqlIdent } from '../../src/lib/sql/quote'
import { createMockDatabase, type MockDatabase } from './db'
import { COLLECTION_NAMES, type CollectionName } from './record-tables'
import { makeRecord, readStoredSnapshot, RECORD_CHANGES_TABLE } from './stored-records'
import { applyChanges, recordsArray, replaceRecords, type UnitChanges } from './unit-of-work'

/** How often a replica reads the others' commits when no request asks it to. */
export const REPLICA_POLL_MS = 1_000

/** Logged changes older than this (and not among the newest PRUNE_KEEP_VERSIONS) are deleted; a replica further behind reloads whole. */
const PRUNE_AFTER = '1 hour'
const PRUNE_KEEP_VERSIONS = 10_000
const PRUNE_EVERY_VERSIONS = 500

/** The lock commits take turns under: one per store schema. */
const commitLockKey = (schema: string) => `studio platform record commits ${schema}`

interface LoggedChange {
  version: string
  changes: UnitChanges
}

/** A logged commit's records made records again, in a database of their own. */
async function revive(changes: UnitChanges): Promise<UnitChanges> {
  const scratch = createMockDatabase()
  const make = (name: CollectionName, record: object) => makeRecord(scratch, name, record)
  return {
    kept: changes.kept,
    collections: await Promise.all(
      changes.collections.map(async (change) => ({
        ...change,
        updated: await Promise.all(change.updated.map(async ({ key, record }) => ({ key, record: await make(change.name, record) }))),
        appended: await Promise.all(change.appended.map(async ({ key, record, recreated }) => ({ key, record: await make(change.name, record), recreated }))),
      })),
    ),
  }
}

export interface ReplicaLog {
  /** Applies every commit made since the last one applied here (a request's first step). */
  catchUp(): Promise<void>
  /** In a commit's transaction: takes the commit lock (unless `alone` holds it) and applies what others committed meanwhile. */
  catchUpLocked(client: pg.ClientBase): Promise<void>
  /**
   * Runs `work` (a request run again after a collision, and its commit) holding the commit lock
   * throughout, caught up first: no replica commits until it is done, so nothing it reads changes
   * under it. Called one at a time on a replica (record-units.ts runs them in turn).
   */
  alone<T>(work: () => Promise<T>): Promise<T>
  /** In a commit's transaction, holding the lock: logs its changes under the next version, which it returns. */
  log(client: pg.ClientBase, changes: UnitChanges): Promise<number>
  /** After that commit: its changes into memory, unless a catch-up applied them first. */
  applyOwn(version: number, changes: UnitChanges): void
  close(): void
}

/**
 * The replica's side of the log, from `startVersion` (read in the same snapshot as the records it
 * loaded); a replica that fell behind what the log still holds reads every record again.
 */
export function createReplicaLog(
  pool: pg.Pool,
  schemaName: string,
  live: MockDatabase,
  committedKept: Map<string, unknown>,
  startVersion: number,
): ReplicaLog {
  const schema = sqlIdent(schemaName)
  const table = `${schema}.${RECORD_CHANGES_TABLE}`
  let seen = startVersion

  async function applyLogged(rows: LoggedChange[]): Promise<void> {
    const fresh = rows.filter((row) => Number(row.version) > seen)
    if (fresh.length === 0) return
    const revived = await Promise.all(fresh.map((row) => revive(row.changes)))
    // Applied in one synchronous step, in order, skipping what another catch-up or the own commit applied meanwhile.
    fresh.forEach((row, index) => {
      const version = Number(row.version)
      if (version <= seen) return
      if (version !== seen + 1) throw new Error(`The record log skips from version ${seen} to ${version}`)
      applyChanges(live, committedKept, revived[index]!)
      seen = version
    })
  }

  async function pull(client: pg.ClientBase | pg.Pool): Promise<void> {
    const { rows } = await client.query<LoggedChange>(`select version, changes from ${table} where version > $1 order by version`, [seen])
    if (rows.length > 0 && Number(rows[0]!.version) > seen + 1) return reload()
    await applyLogged(rows)
  }

  /** Every record and kept record read again, in one snapshot with the version it holds, then put in place at once. */
  async function reload(): Promise<void> {
    const scratch = createMockDatabase()
    const connection = await pool.connect()
    let read: Awaited<ReturnType<typeof readStoredSnapshot>>
    try {
      read = await readStoredSnapshot(connection, schemaName, scratch)
    } finally {
      connection.release()
    }
    if (!read) return
    const { kept, version } = read
    if (version <= seen) return
    for (const name of COLLECTION_NAMES) replaceRecords(recordsArray(live[name]), recordsArray(scratch[name]))
    committedKept.clear()
    for (const [key, record] of kept) committedKept.set(key, record)
    console.warn(`The platform records were read again whole: this replica was at version ${seen}, older than the log still holds (now at ${version})`)
    seen = version
  }

  // One pull at a time; callers that come while one runs share the next one, which starts after they came.
  let running: Promise<void> | null = null
  let queued: Promise<void> | null = null
  function catchUp(): Promise<void> {
    if (running) {
      queued ??= running.then(() => {
        queued = null
        return catchUp()
      })
      return queued
    }
    running = pull(pool)
      .catch((error: unknown) => {
        // Without the store, this replica answers from what it has; its commits fail until the store is back.
        console.error('The platform records could not be read for other replicas’ changes:', (error as Error).message)
      })
      .finally(() => {
        running = null
      })
    return running
  }

  const poll = setInterval(() => void catchUp(), REPLICA_POLL_MS)
  poll.unref()

  let holdingLock = false
  return {
    catchUp,
    async catchUpLocked(client) {
      if (!holdingLock) await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [commitLockKey(schemaName)])
      await pull(client)
    },
    async alone(work) {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [commitLockKey(schemaName)])
        holdingLock = true
        try {
          await pull(client)
          return await work()
        } finally {
          holdingLock = false
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [commitLockKey(schemaName)])
        }
      } finally {
        client.release()
      }
    },
    async log(client, changes) {
      const version = seen + 1
      await client.query(`insert into ${table} (version, changes) values ($1, $2)`, [version, JSON.stringify(changes)])
      if (version % PRUNE_EVERY_VERSIONS === 0) {
        await client.query(`delete from ${table} where version <= $1 and committed_at < now() - interval '${PRUNE_AFTER}'`, [version - PRUNE_KEEP_VERSIONS])
      }
      return version
    },
    applyOwn(version, changes) {
      if (version <= seen) return
      applyChanges(live, committedKept, changes)
      seen = version
    },
    close() {
      clearInterval(poll)
    },
  }
}
