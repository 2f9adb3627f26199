/**
 * A kept log store (the page's in IndexedDB, the served one on disk): bounded by the longest plan
 * retention, its seeded history written once however many runs and tabs open it, and events
 * recorded before it opens kept meanwhile (the page's wait in IndexedDB).
 */
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { LOG_STORE_KEPT_DAYS, LOG_STORE_PRUNE_INTERVAL_MS } from '../../src/constants'
import { initialDataOption } from '../postgres/initial-data-node'
import { StudioPGlite } from '../postgres/studio-pglite'
import { createLogStore, type LogDatabase, type LogEvent, type WaitingLogEvents } from './log-store'

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0)
const HOUR_MS = 3600_000
const DAY_MS = 24 * HOUR_MS
/** Each database starts from the start-up snapshot, not initdb. */
const EMPTY_CLUSTER = await initialDataOption()
const opened: PGlite[] = []
afterAll(() => Promise.all(opened.map((pg) => pg.close())))

/** One database several stores open in turn (a reload) or at once (two tabs); the test reads it directly. */
function sharedDatabase() {
  const pg = new StudioPGlite(EMPTY_CLUSTER)
  opened.push(pg)
  // Each store closes what it opened; the database stays for the next one.
  const handle: LogDatabase = { exec: (sql) => pg.exec(sql), query: (sql, params) => pg.query(sql, params), transaction: (run) => pg.transaction(run), close: async () => {} }
  const messages = async (project: string) =>
    (await pg.query<{ event_message: string }>(`select event_message from store.postgres_logs where project = $1 order by event_message`, [project])).rows.map((row) => row.event_message)
  const count = async (project: string) => (await pg.query<{ n: number }>(`select count(*)::int as n from store.edge_logs where project = $1`, [project])).rows[0]!.n
  return { pg, handle, messages, count }
}

const statement = (project: string, message: string, at: number): LogEvent => ({
  table: 'postgres_logs',
  project,
  timestamp: new Date(at),
  event_message: message,
  level: 'info',
  error_severity: 'LOG',
})

/** The page's waiting place, in memory: what IndexedDB keeps between a page and the next (and every event it was handed). */
function memoryWaiting(): WaitingLogEvents & { held: LogEvent[]; handed: string[] } {
  const waiting = {
    held: [] as LogEvent[],
    handed: [] as string[],
    async keep(events: LogEvent[]) {
      waiting.held.push(...events)
      waiting.handed.push(...events.map((event) => event.event_message))
    },
    async take(write: (events: LogEvent[]) => Promise<void>) {
      if (waiting.held.length === 0) return
      await write(waiting.held)
      waiting.held = []
    },
  }
  return waiting
}

describe('a kept log store', () => {
  it('deletes events older than the longest plan retention when it opens, and again once a while has passed', async () => {
    const { handle, messages } = sharedDatabase()
    let clock = NOW
    const first = createLogStore({ open: async () => handle, durable: true, now: () => clock })
    await first.open()
    first.record(statement('keep-me', 'an hour old', NOW - HOUR_MS))
    first.record(statement('keep-me', 'nearly past the retention', NOW - (LOG_STORE_KEPT_DAYS - 0.5) * DAY_MS))
    await first.close()
    expect(await messages('keep-me')).toEqual(['an hour old', 'nearly past the retention'])

    // Opened a day later (the next start, the next page load): the older one is past the retention now.
    clock = NOW + DAY_MS
    const next = createLogStore({ open: async () => handle, durable: true, now: () => clock })
    await next.open()
    expect(await messages('keep-me')).toEqual(['an hour old'])

    // Still open when that one passes the retention too: gone at the next write after the interval.
    clock = NOW + LOG_STORE_KEPT_DAYS * DAY_MS + Math.max(LOG_STORE_PRUNE_INTERVAL_MS, HOUR_MS)
    next.record(statement('keep-me', 'just now', clock))
    await expect.poll(() => messages('keep-me'), { timeout: 10_000 }).toEqual(['just now'])
    await next.close()
  }, 60_000)

  it('opened again within the prune interval (a reload), it does not read every table again to prune: the last prune is kept', async () => {
    const { handle, messages } = sharedDatabase()
    const first = createLogStore({ open: async () => handle, durable: true, now: () => NOW })
    await first.open()
    // Past the retention already (as the clock's edge moves on, events age out between runs).
    first.record(statement('aged', 'past the retention', NOW - (LOG_STORE_KEPT_DAYS + 1) * DAY_MS))
    await first.close()
    expect(await messages('aged')).toEqual(['past the retention'])

    const reloaded = createLogStore({ open: async () => handle, durable: true, now: () => NOW + 60_000 })
    await reloaded.open()
    expect(await messages('aged')).toEqual(['past the retention'])
    await reloaded.close()

    const later = createLogStore({ open: async () => handle, durable: true, now: () => NOW + LOG_STORE_PRUNE_INTERVAL_MS })
    await later.open()
    expect(await messages('aged')).toEqual([])
    later.record(statement('aged', 'older still', NOW - (LOG_STORE_KEPT_DAYS + 3) * DAY_MS))
    await later.close()
    expect(await messages('aged')).toEqual(['older still'])

    // A kept time ahead of the clock (the clock set back since) does not hold the pruning off.
    const setBack = createLogStore({ open: async () => handle, durable: true, now: () => NOW - DAY_MS })
    await setBack.open()
    expect(await messages('aged')).toEqual([])
    await setBack.close()
  }, 60_000)

  it("writes a project's seeded history once: not again from a second tab on the same database, nor after a reload", async () => {
    const { handle, count } = sharedDatabase()
    const lastHour = { project: 'abc', start: new Date(NOW - HOUR_MS), end: new Date(NOW), retentionDays: 7 }
    const sql = 'select id, timestamp from edge_logs order by timestamp desc, id'
    const tab = createLogStore({ open: async () => handle, durable: true, now: () => NOW })
    // The other tab opened before the first wrote anything: it knows of no history yet.
    const otherTab = createLogStore({ open: async () => handle, durable: true, now: () => NOW + 60_000 })
    await otherTab.open()
    const seen = await tab.query({ ...lastHour, sql })
    expect(seen.length).toBeGreaterThan(0)
    const written = await count('abc')

    expect(await otherTab.query({ ...lastHour, sql })).toEqual(seen)
    expect(await count('abc')).toBe(written)
    await Promise.all([tab.close(), otherTab.close()])

    const reloaded = createLogStore({ open: async () => handle, durable: true, now: () => NOW + HOUR_MS })
    expect(await reloaded.query({ ...lastHour, sql })).toEqual(seen)
    expect(await count('abc')).toBe(written)
    await reloaded.close()
  }, 60_000)

  it('keeps every event in the waiting place at once, and writes it from there once: when a store opens (after a reload too), or while open', async () => {
    const { handle, messages } = sharedDatabase()
    const waiting = memoryWaiting()
    const page = createLogStore({ open: async () => handle, durable: true, waiting, now: () => NOW })
    page.record(statement('waited', 'before the reload', NOW - 60_000))
    await expect.poll(() => waiting.held.length, { timeout: 10_000 }).toBe(1)
    expect(page.pending()).toBe(0)

    // The page goes (nothing closes: a reload), the next one opens the store on its first read.
    const next = createLogStore({ open: async () => handle, durable: true, waiting, now: () => NOW })
    await next.open()
    expect(await messages('waited')).toEqual(['before the reload'])
    expect(waiting.held).toEqual([])

    // Open, the store still hands each event over at once: a reload before its next write loses nothing.
    next.record(statement('waited', 'while open', NOW))
    await expect.poll(() => waiting.handed, { timeout: 10_000 }).toContain('while open')
    await expect.poll(() => messages('waited'), { timeout: 10_000 }).toEqual(['before the reload', 'while open'])
    expect(waiting.held).toEqual([])
    await next.close()
    expect(await messages('waited')).toEqual(['before the reload', 'while open'])
  }, 60_000)
})
