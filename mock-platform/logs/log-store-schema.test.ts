import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOG_SOURCES } from '../../src/constants'
import { histogramSql, NO_LOG_FILTERS } from '../../src/lib/logs-sql'
import { startEmptyDatabase } from '../postgres/initial-data-node'
import { createLogStore } from './log-store'
import { ensureSchema, logStoreSchema, readerSettingsSql, STORE_SCHEMA } from './log-store-schema'

let db: Awaited<ReturnType<typeof startEmptyDatabase>>
beforeAll(async () => {
  db = await startEmptyDatabase()
})
afterAll(async () => {
  if (!db.closed) await db.close()
})

const indexesOf = async (table: string) =>
  (await db.query<{ name: string }>(`select indexname as name from pg_indexes where schemaname = '${STORE_SCHEMA}' and tablename = $1 order by 1`, [table])).rows.map((row) => row.name)

describe("the log store's schema", () => {
  it('brings a store of the previous schema (the index without the level) up to this one, keeping its events', async () => {
    await db.exec(logStoreSchema('single').sql)
    // The previous schema: each table's index on project and time alone, and its fingerprint.
    for (const { table } of LOG_SOURCES)
      await db.exec(`drop index ${STORE_SCHEMA}.${table}_project_time_level; create index ${table}_project_time on ${STORE_SCHEMA}.${table} (project, "timestamp" desc)`)
    await db.exec(`update ${STORE_SCHEMA}.version set hash = '4e0e02b8'`)
    await db.exec(`insert into ${STORE_SCHEMA}.edge_logs (project, id, "timestamp", event_message, level) values ('abc', 'kept-1', now(), 'kept through the upgrade', 'info')`)

    expect(await ensureSchema(db, 'single')).toBe(false)
    expect((await db.query(`select id from ${STORE_SCHEMA}.edge_logs`)).rows).toEqual([{ id: 'kept-1' }])
    expect(await indexesOf('edge_logs')).toEqual(['edge_logs_project_time_level'])
    expect((await db.query(`select hash from ${STORE_SCHEMA}.version`)).rows).toEqual([{ hash: logStoreSchema('single').hash }])
    // Opened again, nothing more to do.
    expect(await ensureSchema(db, 'single')).toBe(false)
  })

  it('draws the histogram from the index alone once the events are vacuumed', async () => {
    const now = Date.UTC(2026, 10, 24, 12)
    const store = createLogStore({ now: () => now, open: async () => db })
    const day = {
      start: new Date(now - 24 * 3600_000),
      end: new Date(now + 60_000),
    }
    for (let n = 0; n < 2_000; n++)
      store.record({
        table: 'edge_logs',
        project: 'abc',
        timestamp: new Date(now - n * 30_000),
        event_message: `GET /n/${n}`,
        level: n % 9 === 0 ? 'error' : 'info',
      })
    await store.query({
      project: 'abc',
      sql: 'select count(*) from edge_logs',
      ...day,
      retentionDays: 1,
    })
    await db.exec(`vacuum analyze ${STORE_SCHEMA}.edge_logs`)
    try {
      const sql = histogramSql(LOG_SOURCES.find((s) => s.table === 'edge_logs')!.id, NO_LOG_FILTERS, day.start, day.end, 600)
      const plan = await db.transaction(async (tx) => {
        await tx.exec(readerSettingsSql('abc', day.start, day.end, 10_000))
        return (await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`)).rows.map((row) => row['QUERY PLAN']).join('\n')
      })
      expect(plan).toMatch(/Index Only Scan using edge_logs_project_time_level/)
    } finally {
      await store.close()
    }
  }, 60_000)
})
