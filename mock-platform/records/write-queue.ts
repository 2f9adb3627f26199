import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'
import { sqlIdent } from '../../src/lib/sql/quote'

/** A change to one row: the record as JSON, or null to delete it. */
interface RowChange {
  table: string
  key: string
  json: string | null
  /** Deleted and made again (a snippet saved whole): the row goes to the end, as the record did in memory. */
  recreate: boolean
}

interface Pending {
  change: RowChange
  written: Promise<void>
  settle: (error?: unknown) => void
}

/** The writes one request caused; its answer waits for them. */
interface RequestWrites {
  writes: Promise<void>[]
  failure: unknown
}

export const KEPT_RECORDS_TABLE = 'kept_records'

/**
 * Writes changed records to the store in the order they happened, a batch per transaction: changes
 * made while a batch is being written wait for the next one, and several changes to one row in a
 * batch are written once, as the last left it. A request's answer waits for its own writes
 * (`track`), so a 200 means stored; what changes outside a request (timers) is logged if it fails.
 */
export function createWriteQueue(pool: pg.Pool, schemaName: string) {
  const schema = sqlIdent(schemaName)
  const pending = new Map<string, Pending>()
  const requests = new AsyncLocalStorage<RequestWrites>()
  let draining: Promise<void> | null = null

  function enqueue(change: RowChange): void {
    const id = `${change.table}\u0000${change.key}`
    const earlier = pending.get(id)
    if (earlier) {
      earlier.change = { ...change, recreate: change.recreate || earlier.change.recreate || (earlier.change.json === null && change.json !== null) }
    } else {
      let settle!: Pending['settle']
      const written = new Promise<void>((resolve, reject) => (settle = (error) => (error === undefined ? resolve() : reject(error))))
      pending.set(id, { change, written, settle })
    }
    const entry = pending.get(id)!
    const request = requests.getStore()
    if (request) request.writes.push(entry.written.catch((error: unknown) => void (request.failure ??= error)))
    else entry.written.catch((error: unknown) => console.error(`A platform record (${change.table} ${change.key}) could not be stored:`, error))
    // After the current turn, so the changes of one update (a patch each) share a batch.
    draining ??= new Promise<void>((resolve) => queueMicrotask(resolve)).then(drain)
  }

  async function drain(): Promise<void> {
    while (pending.size > 0) {
      const batch = [...pending.values()]
      pending.clear()
      try {
        const refused = await writeBatch(batch.map((entry) => entry.change))
        batch.forEach((entry, n) => entry.settle(refused.get(n)))
      } catch (error) {
        for (const entry of batch) entry.settle(error ?? new Error('write failed'))
      }
    }
    draining = null
  }

  /** Writes the batch in one transaction; a change the database refuses is undone alone (a savepoint each) and returned by its index. */
  async function writeBatch(changes: RowChange[]): Promise<Map<number, unknown>> {
    const refused = new Map<number, unknown>()
    const client = await pool.connect()
    try {
      await client.query('begin')
      for (const [n, { table, key, json, recreate }] of changes.entries()) {
        const target = `${schema}.${sqlIdent(table)}`
        await client.query('savepoint change')
        try {
          if (json === null || recreate) await client.query(`delete from ${target} where key = $1`, [key])
          if (json !== null) await client.query(`insert into ${target} (key, record) values ($1, $2::jsonb) on conflict (key) do update set record = excluded.record`, [key, json])
          await client.query('release savepoint change')
        } catch (error) {
          await client.query('rollback to savepoint change')
          refused.set(n, error ?? new Error('write refused'))
        }
      }
      await client.query('commit')
      return refused
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
  }

  return {
    upsert(table: string, key: string, record: unknown): void {
      enqueue({ table, key, json: JSON.stringify(record), recreate: false })
    },
    remove(table: string, key: string): void {
      enqueue({ table, key, json: null, recreate: false })
    },
    async track<T>(handle: () => Promise<T>): Promise<{ result: T; stored: Promise<void> }> {
      const request: RequestWrites = { writes: [], failure: undefined }
      const result = await requests.run(request, handle)
      const stored = Promise.all(request.writes).then(() => {
        if (request.failure !== undefined) throw request.failure
      })
      return { result, stored }
    },
    /** Resolves once every change made so far is written (or failed). */
    async settled(): Promise<void> {
      while (draining) await draining
    },
  }
}
export type WriteQueue = ReturnType<typeof createWriteQueue>
