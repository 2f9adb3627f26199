import { afterAll, describe, expect, it } from 'vitest'
import { LOG_SOURCES, LOGS_MESSAGE } from '../../src/constants'
import { startEmptyDatabase } from '../postgres/initial-data-node'
import { createLogStore, LogQueryRefused } from './log-store'

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0)
const store = createLogStore({ open: startEmptyDatabase, now: () => NOW })
const hoursAgo = (h: number) => new Date(NOW - h * 3600_000)
const day = { start: hoursAgo(24), end: new Date(NOW + 60_000) }
afterAll(() => store.close())

describe('the log store', () => {
  it('seeds every source with history for the project, the same every time', async () => {
    for (const source of LOG_SOURCES) {
      const rows = await store.query({ project: 'abc', sql: `select count(*)::int as n from ${source.table}`, ...day, retentionDays: 7 })
      expect(rows[0]!.n, source.table).toBeGreaterThan(0)
    }
    const [first] = await store.query({ project: 'abc', sql: 'select id, event_message from edge_logs order by timestamp desc, id limit 1', ...day, retentionDays: 7 })
    const again = createLogStore({ open: startEmptyDatabase, now: () => NOW })
    const [second] = await again.query({ project: 'abc', sql: 'select id, event_message from edge_logs order by timestamp desc, id limit 1', ...day, retentionDays: 7 })
    await again.close()
    expect(second).toEqual(first)
  }, 60_000)

  it('keeps recorded events, one project and one range at a time', async () => {
    store.record({ table: 'postgres_logs', project: 'abc', timestamp: hoursAgo(1), event_message: 'relation "nope" does not exist', level: 'error', request_id: 'req-1', error_severity: 'ERROR', sqlstate: '42P01', query: 'select * from nope' })
    store.record({ table: 'postgres_logs', project: 'other', timestamp: hoursAgo(1), event_message: 'secret of another project', level: 'error', error_severity: 'ERROR' })
    const mine = await store.query({ project: 'abc', sql: "select sqlstate, request_id, metadata from postgres_logs where request_id = 'req-1'", ...day, retentionDays: 7 })
    expect(mine).toEqual([{ sqlstate: '42P01', request_id: 'req-1', metadata: {} }])
    const leaked = await store.query({ project: 'abc', sql: "select * from postgres_logs where event_message like '%another project%'", ...day, retentionDays: 7 })
    expect(leaked).toEqual([])
    const earlier = await store.query({ project: 'abc', sql: "select * from postgres_logs where request_id = 'req-1'", start: hoursAgo(24), end: hoursAgo(2), retentionDays: 7 })
    expect(earlier).toEqual([])
  })

  it('answers timestamps as ISO text and jsonb as objects', async () => {
    const [row] = await store.query({ project: 'abc', sql: 'select timestamp, metadata from edge_logs limit 1', ...day, retentionDays: 7 })
    expect(row!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(typeof row!.metadata).toBe('object')
  })

  const refused = async (sql: string) => {
    try {
      await store.query({ project: 'abc', sql, ...day, retentionDays: 7 })
      return null
    } catch (error) {
      expect(error).toBeInstanceOf(LogQueryRefused)
      return (error as Error).message
    }
  }

  it('refuses what is not one SELECT over log tables, saying why', async () => {
    expect(await refused('delete from edge_logs')).toBe(LOGS_MESSAGE.notSelect)
    expect(await refused('select 1; select 2')).toBe(LOGS_MESSAGE.multipleStatements)
    expect(await refused('   ')).toBe(LOGS_MESSAGE.sqlRequired)
    expect(await refused('select * from pg_catalog.pg_authid')).toBe(LOGS_MESSAGE.notLogTable('pg_authid'))
    expect(await refused('select relname from pg_class')).toBe(LOGS_MESSAGE.notLogTable('pg_catalog.pg_class'))
    expect(await refused('select * from store.edge_logs')).toBe(LOGS_MESSAGE.notLogTable('store'))
    expect(await refused("with gone as (delete from edge_logs returning *) select * from gone")).toBe(LOGS_MESSAGE.writes)
    // Nor can a query move its own project or range: the reader may not set them.
    await expect(store.query({ project: 'abc', sql: "select set_config('studio.logs_project', 'other', true)", ...day, retentionDays: 7 })).rejects.toThrow(/permission denied for function set_config/)
    // A query about logs runs: comments, a leading parenthesis and a WITH are fine.
    expect(await refused('-- recent\n(select count(*) from edge_logs)')).toBeNull()
    expect(await refused('with e as (select * from edge_logs) select count(*) from e;')).toBeNull()
  })

  it("reads in three round trips inside its transaction: the reader's settings, the plan, the statement", async () => {
    const sent: string[] = []
    const counting = createLogStore({
      now: () => NOW,
      open: async () => {
        const db = await startEmptyDatabase()
        const inTransaction = db.transaction.bind(db)
        const transaction: typeof db.transaction = (work) =>
          inTransaction((tx) =>
            work(
              new Proxy(tx, {
                get: (target, name) => {
                  const value = Reflect.get(target, name) as unknown
                  if ((name !== 'exec' && name !== 'query') || typeof value !== 'function') return value
                  return (sql: string, ...rest: unknown[]) => {
                    sent.push(sql)
                    return (value as (...args: unknown[]) => unknown).call(target, sql, ...rest)
                  }
                },
              }),
            ),
          )
        return Object.assign(db, { transaction })
      },
    })
    try {
      await counting.query({ project: 'abc', sql: 'select count(*) from edge_logs', ...day, retentionDays: 7 })
      sent.length = 0
      const [row] = await counting.query({ project: 'abc', sql: "select current_setting('studio.logs_project') as project, current_user as reader", ...day, retentionDays: 7 })
      expect(row).toEqual({ project: 'abc', reader: 'logs_reader' })
      expect(sent).toHaveLength(3)
      expect(sent[1]).toMatch(/^explain /)
    } finally {
      await counting.close()
    }
  }, 60_000)
})
