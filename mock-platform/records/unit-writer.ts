import type pg from 'pg'
import { sqlIdent } from '../../src/lib/sql/quote'
import { COLLECTION_TABLES } from './record-tables'
import { inPoolTransaction } from './pool-transaction'
import type { UnitWriter } from './record-units'

export const KEPT_RECORDS_TABLE = 'kept_records'

/**
 * Writes a unit's changes (unit-of-work.ts) in one transaction: all of them, or after any failure
 * none. A record made again is deleted and inserted, so it gets a new `position` and lists last, as
 * it does in memory; an updated one keeps its row and its place.
 */
export function unitWriter(pool: pg.Pool, schemaName: string): UnitWriter {
  const schema = sqlIdent(schemaName)
  const upsert = (target: string) =>
    `insert into ${target} (key, record) select key, record from unnest($1::text[], $2::jsonb[]) as changed(key, record) on conflict (key) do update set record = excluded.record`
  const rows = (changed: { key: string; record: unknown }[]) => [changed.map((c) => c.key), changed.map((c) => JSON.stringify(c.record))]

  return (changes, around) =>
    inPoolTransaction(pool, async (client) => {
      await around?.before(client)
      for (const { name, deleted, updated, appended } of changes.collections) {
        const target = `${schema}.${sqlIdent(COLLECTION_TABLES[name])}`
        const gone = [...deleted, ...appended.filter((a) => a.recreated).map((a) => a.key)]
        if (gone.length > 0) await client.query(`delete from ${target} where key = any($1::text[])`, [gone])
        if (updated.length > 0) await client.query(upsert(target), rows(updated))
        if (appended.length > 0) {
          await client.query(`insert into ${target} (key, record) select key, record from unnest($1::text[], $2::jsonb[]) with ordinality as made(key, record, n) order by n`, rows(appended))
        }
      }
      if (changes.kept.length > 0) await client.query(upsert(`${schema}.${KEPT_RECORDS_TABLE}`), rows(changes.kept))
      await around?.after(client)
    })
}
