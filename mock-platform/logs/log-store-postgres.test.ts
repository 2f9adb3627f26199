/**
 * The log store on the PostgreSQL server that served replicas share (log-store-postgres.ts): what one
 * replica records, the other reads; a project's seeded history is written once when both read it at
 * once; events live in day partitions and a day past retention goes whole; and the user's SQL, run as
 * the reader on pooled connections, can neither hold a lock nor reach past its project and range.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOG_STORE_KEPT_DAYS, LOGS_MESSAGE } from '../../src/constants'
import { createLogStore, LogQueryRefused, type LogStore } from './log-store'
import { openPostgresLogDatabase } from './log-store-postgres'

const databaseUrl = process.env['DATABASE_URL']
const NAME = `studio_log_store_test_${process.pid}`
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0)
const HOUR_MS = 3600_000
const DAY_MS = 24 * HOUR_MS
const day = { start: new Date(NOW - DAY_MS), end: new Date(NOW + 60_000), retentionDays: 7 }

describe.runIf(databaseUrl)('the log store replicas share (DATABASE_URL)', () => {
  let admin: pg.Pool
  const stores: LogStore[] = []
  const replica = (now = () => NOW) => {
    const store = createLogStore({ open: () => openPostgresLogDatabase(databaseUrl!, NAME), durable: true, layout: 'by-day', now })
    stores.push(store)
    return store
  }
  let a: LogStore
  let b: LogStore

  beforeAll(async () => {
    const url = new URL(databaseUrl!)
    url.pathname = `/${NAME}`
    admin = new pg.Pool({ connectionString: url.toString(), max: 1 })
    // Two replicas' first start at once: one makes the database and its schema, neither fails.
    ;[a, b] = [replica(), replica()]
    await Promise.all([a.open(), b.open()])
  }, 60_000)

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()))
    await admin?.end()
    const server = new pg.Client({ connectionString: databaseUrl })
    await server.connect()
    await server.query(`drop database if exists "${NAME}" with (force)`)
    await server.end()
  })

  it('reads on one replica what the other recorded', async () => {
    a.record({ table: 'postgres_logs', project: 'abc', timestamp: new Date(NOW - HOUR_MS), event_message: 'recorded on a', level: 'info', request_id: 'req-a', error_severity: 'LOG' })
    await vi.waitFor(async () => {
      const rows = await b.query({ project: 'abc', sql: "select event_message, request_id from postgres_logs where request_id = 'req-a'", ...day })
      expect(rows).toEqual([{ event_message: 'recorded on a', request_id: 'req-a' }])
    }, { timeout: 5000, interval: 100 })
    // Counts answer as numbers, as the page's store answers them.
    expect(await b.query({ project: 'abc', sql: "select count(*) as n from postgres_logs where request_id = 'req-a'", ...day })).toEqual([{ n: 1 }])
    // Still one project at a time, on either.
    expect(await a.query({ project: 'other', sql: "select * from postgres_logs where request_id = 'req-a'", ...day })).toEqual([])
  }, 30_000)

  it('writes an event whose day was dropped after this replica made it (made again)', async () => {
    const today = `postgres_logs_${new Date(NOW).toISOString().slice(0, 10).replaceAll('-', '')}`
    await admin.query(`drop table if exists store.${today}`)
    a.record({ table: 'postgres_logs', project: 'abc', timestamp: new Date(NOW - HOUR_MS), event_message: 'after the day went', level: 'info', request_id: 'req-again', error_severity: 'LOG' })
    expect(await a.query({ project: 'abc', sql: "select event_message from postgres_logs where request_id = 'req-again'", ...day })).toEqual([{ event_message: 'after the day went' }])
  }, 30_000)

  it('writes a project’s seeded history once when both replicas read it at once, from one anchor', async () => {
    const sql = 'select count(*)::int as n, max(timestamp) as newest from edge_logs'
    const [fromA, fromB] = await Promise.all([a.query({ project: 'both', sql, ...day }), b.query({ project: 'both', sql, ...day })])
    expect(fromA![0]!.n).toBeGreaterThan(0)
    expect(fromB).toEqual(fromA)
    const { rows } = await admin.query<{ n: number; ids: number }>(`select count(*)::int as n, count(distinct id)::int as ids from store.edge_logs where project = 'both'`)
    expect(rows[0]!.ids).toBe(rows[0]!.n)
  }, 60_000)

  it('runs the user’s SQL as the reader: no lock held past the query, no range moved, nothing but log tables', async () => {
    const refused = (sql: string) => a.query({ project: 'abc', sql, ...day })
    // A session lock would outlive the query on a pooled connection, and block the store's own work.
    await expect(refused('select pg_advisory_lock(5400054)')).rejects.toThrow(/permission denied for function pg_advisory_lock/)
    await expect(refused('select pg_try_advisory_lock(1, 2)')).rejects.toThrow(/permission denied for function pg_try_advisory_lock/)
    await expect(refused("select set_config('studio.logs_project', 'other', true)")).rejects.toThrow(/permission denied for function set_config/)
    await expect(refused('select * from store.ensure_days(now(), now())')).rejects.toThrow(LogQueryRefused)
    await expect(refused('select datname from pg_database')).rejects.toThrow(LOGS_MESSAGE.notLogTable('pg_catalog.pg_database'))
    await expect(refused('delete from edge_logs')).rejects.toThrow(LOGS_MESSAGE.notSelect)
    // And the store's own work goes on.
    expect((await a.query({ project: 'abc', sql: 'select count(*)::int as n from edge_logs', ...day }))[0]!.n).toBeGreaterThan(0)
  }, 30_000)

  it('keeps events in a partition a day, and drops the days past retention whole', async () => {
    const partitions = async () =>
      (await admin.query<{ name: string }>(`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'store.postgres_logs'::regclass order by 1`)).rows.map((row) => row.name)
    const before = await partitions()
    expect(before).toContain('postgres_logs_20261124')
    expect(before).toContain('postgres_logs_20261117')
    // A replica opening long after: everything older than the longest retention goes, a day at a time.
    const later = NOW + (LOG_STORE_KEPT_DAYS + 3) * DAY_MS
    await replica(() => later).open()
    const after = await partitions()
    const cutoffDay = new Date(later - LOG_STORE_KEPT_DAYS * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')
    expect(after.filter((name) => name.slice(-8) < cutoffDay)).toEqual([])
    const { rows } = await admin.query<{ n: number }>(`select count(*)::int as n from store.postgres_logs where timestamp < $1`, [new Date(later - LOG_STORE_KEPT_DAYS * DAY_MS)])
    expect(rows[0]!.n).toBe(0)
  }, 60_000)
})
