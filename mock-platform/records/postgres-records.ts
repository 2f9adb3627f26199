/**
 * The platform's records on the PostgreSQL server (`npm run serve`): a schema of their own
 * (`studio_platform` by default) in DATABASE_URL's database, one table per collection, made by the
 * migrations at start. The collections in memory are what handlers read; a request's changes to them
 * and to kept records are written in one transaction, and reach memory only once it commits
 * (record-units.ts).
 */
import pg from 'pg'
import type { RecordPersistence } from '../context'
import type { MockDatabase } from './db'
import { PLATFORM_RECORDS_SCHEMA } from '../../src/constants/platform'
import { sqlIdent } from '../../src/lib/sql/quote'
import { migrate, withStoreLock } from './migrations'
import { COLLECTION_NAMES, COLLECTION_TABLES, recordKey } from './record-tables'
import { createRecordUnits } from './record-units'
import { createReplicaLog } from './replica-log'
import { loggedVersion, readStoredSnapshot } from './stored-records'
import { unitWriter } from './unit-writer'

export const DEFAULT_PLATFORM_SCHEMA = PLATFORM_RECORDS_SCHEMA

export interface PostgresRecordsOptions {
  databaseUrl: string
  /** The schema the records live in (tests keep theirs apart from a running server's). */
  schema?: string
  /** Connections for writes and catching up with other replicas (default 4: commits are written one at a time). */
  poolSize?: number
}

/**
 * Opens the store for `createMockPlatform`'s `recordStore`: fills the collections from it, or on the
 * first start (no record stored) runs `seed` and stores the demo world it made, all under the
 * store's lock, so two servers starting at once migrate and seed once.
 */
export function postgresRecords(options: PostgresRecordsOptions) {
  const schemaName = options.schema ?? DEFAULT_PLATFORM_SCHEMA
  const schema = sqlIdent(schemaName)
  return async (db: MockDatabase, seed: () => Promise<void>): Promise<RecordPersistence> => {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 4 })
    // An idle connection the server drops must not end the process; the next write reconnects.
    pool.on('error', (error) => console.error('The platform record store lost a connection:', error.message))
    let loaded: { kept: Map<string, unknown>; version: number }
    try {
      const client = await pool.connect()
      try {
        loaded = await withStoreLock(client, schemaName, async () => {
          await migrate(client, schemaName)
          const found = await readStoredSnapshot(client, schemaName, db)
          if (found) return found
          await seed()
          await storeWholeCollections(client, schema, db)
          return { kept: new Map(), version: await loggedVersion(client, schemaName) }
        })
      } finally {
        client.release()
      }
    } catch (error) {
      await pool.end()
      throw error
    }
    const replica = createReplicaLog(pool, schemaName, db, loaded.kept, loaded.version)
    const units = createRecordUnits(db, loaded.kept, unitWriter(pool, schemaName), replica)
    return {
      collections: units.collections,
      kept: units.kept,
      keep: units.keep,
      track: units.track,
      async close() {
        replica.close()
        await units.settled()
        await pool.end()
      },
    }
  }
}

/** The first start's demo world, stored in one transaction: all of it or, after a failure, none. */
async function storeWholeCollections(client: pg.ClientBase, schema: string, db: MockDatabase): Promise<void> {
  await client.query('begin')
  try {
    for (const name of COLLECTION_NAMES) {
      const records = db[name].all() as unknown[]
      if (records.length === 0) continue
      await client.query(
        `insert into ${schema}.${sqlIdent(COLLECTION_TABLES[name])} (key, record) select key, record from unnest($1::text[], $2::jsonb[]) with ordinality as made(key, record, n) order by n`,
        [records.map((record) => recordKey(name, record)), records.map((record) => JSON.stringify(record))],
      )
    }
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  }
}
