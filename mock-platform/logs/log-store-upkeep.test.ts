import { afterAll, describe, expect, it } from 'vitest'
import { startEmptyDatabase } from '../postgres/initial-data-node'
import { createLogStore } from './log-store'
import { quietWork, vacuumLedger, VACUUM_AFTER_ROWS, type WhenQuiet } from './log-store-upkeep'

describe('background upkeep', () => {
  it('waits while a query runs and until none has for the delay', async () => {
    let clock = 10_000
    let busy = true
    const ran: number[] = []
    const whenQuiet = quietWork({ now: () => clock, whenIdle: (run) => void setTimeout(run, 0), delayMs: 150, busy: () => busy, lastQueryAt: () => 9_950, stopped: () => false })
    whenQuiet(() => ran.push(clock))
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(ran).toEqual([])
    busy = false
    clock = 10_100
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(ran).toEqual([10_100])
  })

  it('vacuums a table once enough rows were written to it, the others past the mark with it, none below', async () => {
    const waiting: (() => void)[] = []
    const whenQuiet: WhenQuiet = (work) => void waiting.push(work)
    const vacuumed: string[][] = []
    const ledger = vacuumLedger(whenQuiet, async (tables) => void vacuumed.push(tables))
    ledger.wrote('edge_logs', VACUUM_AFTER_ROWS - 1)
    ledger.wrote('postgres_logs', 10)
    expect(waiting).toHaveLength(0)
    ledger.wrote('auth_logs', VACUUM_AFTER_ROWS)
    ledger.wrote('edge_logs', 1)
    // Asked once, however many tables pass the mark before the quiet moment.
    expect(waiting).toHaveLength(1)
    waiting.shift()!()
    await ledger.settled()
    expect(vacuumed).toEqual([['edge_logs', 'auth_logs']])
    // Counted again from nothing: the small table still waits for its thousand.
    ledger.wrote('edge_logs', 5)
    ledger.wrote('postgres_logs', VACUUM_AFTER_ROWS - 11)
    expect(waiting).toHaveLength(0)
  })
})

describe('a PGlite store', () => {
  let db: Awaited<ReturnType<typeof startEmptyDatabase>> | null = null
  const store = createLogStore({
    now: () => Date.UTC(2026, 10, 24, 12),
    open: async () => (db = await startEmptyDatabase()),
  })
  afterAll(() => store.close())

  it('vacuums the events it wrote once quiet, so no later read writes their pages out', async () => {
    await store.open()
    const allVisiblePages = async () => (await db!.query<{ pages: number }>(`select relallvisible as pages from pg_class where oid = 'store.edge_logs'::regclass`)).rows[0]!.pages
    expect(await allVisiblePages()).toBe(0)
    for (let n = 0; n < 2 * VACUUM_AFTER_ROWS; n++) {
      store.record({ table: 'edge_logs', project: 'abc', timestamp: new Date(Date.UTC(2026, 10, 24, 11) + n * 1000), event_message: `GET /rest/v1/items?n=${n}`, level: 'info' })
    }
    await expect.poll(allVisiblePages, { timeout: 10_000 }).toBeGreaterThan(0)
  }, 30_000)
})
