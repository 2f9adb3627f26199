import type { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { initialDataOption } from '../postgres/initial-data-node'
import { StudioPGlite } from '../postgres/studio-pglite'
import { createLogStore } from './log-store'
import { DROP_SCHEMA_SQL, logStoreSchema } from './log-store-schema'

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0)
const hoursAgo = (clock: number, h: number) => new Date(clock - h * 3600_000)
/** Each database starts from the start-up snapshot, not initdb. */
const EMPTY_CLUSTER = await initialDataOption()
const opened: PGlite[] = []
afterAll(() => Promise.all(opened.map((pg) => pg.close())))

/** A store over a database the test can read directly, with a clock it moves and idle steps it runs. */
function storeWithHands() {
  const pg = new StudioPGlite(EMPTY_CLUSTER)
  opened.push(pg)
  let clock = NOW
  const idle: (() => void)[] = []
  const store = createLogStore({
    // The store closes what it opened; the test keeps its own handle to count rows.
    open: async () => ({ exec: (sql) => pg.exec(sql), query: (sql, params) => pg.query(sql, params), transaction: (run) => pg.transaction(run), close: async () => {} }),
    now: () => clock,
    whenIdle: (run) => idle.push(run),
  })
  const rowsStored = async () => (await pg.query<{ n: number }>('select count(*)::int as n from store.edge_logs')).rows[0]!.n
  /** Moves the clock past the store's quiet delay and runs the idle steps until none is left. */
  const idleUntilDone = async () => {
    for (let round = 0; round < 50; round++) {
      clock += 60_000
      await new Promise((resolve) => setTimeout(resolve, 150))
      const steps = idle.splice(0)
      if (steps.length === 0) return
      for (const step of steps) step()
    }
  }
  return { pg, store, rowsStored, idleUntilDone }
}

const lastHour = (clock: number) => ({ project: 'abc', start: hoursAgo(clock, 1), end: new Date(clock), retentionDays: 7 })
const count = (table: string) => `select count(*)::int as n from ${table}`

describe("the log store's history", () => {
  it('answers the last hour after writing only its newest part; the rest follows when the page is idle', async () => {
    const { store, rowsStored, idleUntilDone } = storeWithHands()
    const [hour] = await store.query({ ...lastHour(NOW), sql: count('edge_logs') })
    expect(hour!.n).toBeGreaterThan(0)
    // Only the newest 75 minutes are stored so far.
    const early = await rowsStored()
    const [newest] = await store.query({ ...lastHour(NOW), start: hoursAgo(NOW, 1.25), sql: count('edge_logs') })
    expect(early).toBe(newest!.n)

    await idleUntilDone()
    // Every part, written in the background: the day's and the older days' (7 days on this plan).
    const stored = await rowsStored()
    const [all] = await store.query({ ...lastHour(NOW), start: hoursAgo(NOW, 7 * 24), sql: count('edge_logs') })
    expect(stored).toBe(all!.n)
    expect(all!.n).toBeGreaterThan(early * 5)
    const [older] = await store.query({ ...lastHour(NOW), start: hoursAgo(NOW, 7 * 24), end: hoursAgo(NOW, 24), sql: count('edge_logs') })
    expect(older!.n).toBeGreaterThan(0)
  }, 60_000)

  it('writes the same history whichever part a query reaches first', async () => {
    const dayFirst = storeWithHands()
    const hourFirst = storeWithHands()
    const day = { project: 'abc', start: hoursAgo(NOW, 24), end: new Date(NOW), retentionDays: 7 }
    const sql = 'select id, timestamp, status_code from edge_logs order by timestamp desc, id'
    const [fromDay] = [await dayFirst.store.query({ ...day, sql })]
    await hourFirst.store.query({ ...lastHour(NOW), sql: count('edge_logs') })
    const fromHour = await hourFirst.store.query({ ...day, sql })
    expect(fromHour).toEqual(fromDay)
    // The day's history is as dense near now as before it was cut in parts: more in its last hour than in any other.
    const hourly = await dayFirst.store.query({ ...day, sql: "select date_trunc('hour', timestamp) as h, count(*)::int as n from edge_logs group by 1 order by 1 desc" })
    expect(hourly[0]!.n).toBeGreaterThan(hourly[12]!.n as number)
  }, 60_000)

  it('skips a schema the database holds already, and makes again one that other code made', async () => {
    const pg = new StudioPGlite(EMPTY_CLUSTER)
    opened.push(pg)
    const schema = logStoreSchema()
    await pg.exec(schema.sql)
    const keep = { exec: (sql: string) => pg.exec(sql), query: pg.query.bind(pg), transaction: pg.transaction.bind(pg), close: async () => {} }
    const same = createLogStore({ open: async () => keep, now: () => NOW })
    expect((await same.query({ ...lastHour(NOW), sql: count('auth_logs') }))[0]!.n).toBeGreaterThan(0)
    await same.close()

    // A snapshot of older code: another fingerprint, and a table it no longer has.
    await pg.exec(`${DROP_SCHEMA_SQL} create schema store; create table store.version (hash text); insert into store.version values ('0'); create table store.edge_logs (project text)`)
    const other = createLogStore({ open: async () => keep, now: () => NOW })
    expect((await other.query({ ...lastHour(NOW), sql: count('edge_logs') }))[0]!.n).toBeGreaterThan(0)
    expect((await pg.query<{ hash: string }>('select hash from store.version')).rows).toEqual([{ hash: schema.hash }])
    await other.close()
  }, 60_000)
})
