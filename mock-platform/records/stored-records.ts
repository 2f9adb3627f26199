/**
 * Reading the record store whole: every collection's records made records of a database again, the
 * kept records, and the version of the commit log they stand at, in one snapshot. Start-up reads it
 * (postgres-records.ts), and so does a replica left behind what the log still holds (replica-log.ts).
 */
import type pg from 'pg'
import { sqlIdent } from '../../src/lib/sql/quote'
import { errorMessage } from '../../src/lib/error-message'
import type { MockDatabase } from './db'
import { COLLECTION_NAMES, COLLECTION_TABLES, type CollectionName } from './record-tables'
import { KEPT_RECORDS_TABLE } from './unit-writer'

export const RECORD_CHANGES_TABLE = 'record_changes'

/** A record as JSON made a record of its collection again (with the hidden key @msw/data updates and deletes by). */
export const makeRecord = (db: MockDatabase, name: CollectionName, record: unknown) => (db[name] as unknown as { create(record: unknown): Promise<object> }).create(record)

/** The version of the last commit logged (0: none yet). */
export async function loggedVersion(client: pg.ClientBase, schemaName: string): Promise<number> {
  const { rows } = await client.query<{ version: string }>(`select coalesce(max(version), 0)::text as version from ${sqlIdent(schemaName)}.${RECORD_CHANGES_TABLE}`)
  return Number(rows[0]!.version)
}

/** Creates every stored record in its collection of `db`, in the order made; false when none is stored (first start). */
async function fillCollections(client: pg.ClientBase, schemaName: string, db: MockDatabase): Promise<boolean> {
  const stored = new Map<CollectionName, { key: string; record: unknown }[]>()
  for (const name of COLLECTION_NAMES) {
    const { rows } = await client.query<{ key: string; record: unknown }>(`select key, record from ${sqlIdent(schemaName)}.${sqlIdent(COLLECTION_TABLES[name])} order by position`)
    stored.set(name, rows)
  }
  if ([...stored.values()].every((rows) => rows.length === 0)) return false
  for (const [name, rows] of stored) {
    for (const { key, record } of rows) {
      try {
        await makeRecord(db, name, record)
      } catch (error) {
        throw new Error(`The stored record ${COLLECTION_TABLES[name]} "${key}" does not match the platform's schema: ${errorMessage(error)}`)
      }
    }
  }
  return true
}

/**
 * Fills `db`'s collections with the stored records and answers the kept records and the log's version,
 * all read in one snapshot (other replicas may be committing meanwhile); null when nothing is stored.
 */
export async function readStoredSnapshot(client: pg.ClientBase, schemaName: string, db: MockDatabase): Promise<{ kept: Map<string, unknown>; version: number } | null> {
  await client.query('begin isolation level repeatable read')
  try {
    let found: { kept: Map<string, unknown>; version: number } | null = null
    if (await fillCollections(client, schemaName, db)) {
      const { rows } = await client.query<{ key: string; record: unknown }>(`select key, record from ${sqlIdent(schemaName)}.${KEPT_RECORDS_TABLE}`)
      found = { kept: new Map(rows.map((row) => [row.key, row.record])), version: await loggedVersion(client, schemaName) }
    }
    await client.query('commit')
    return found
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  }
}
