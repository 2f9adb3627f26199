/**
 * The log store's background upkeep: work that waits until no query has run for a while (the
 * answers come first), and vacuuming the tables that were written to.
 */

/**
 * A table this many rows written since its last vacuum is vacuumed when the store is quiet. A PGlite
 * has no autovacuum: a table's new rows were otherwise first marked committed (hint bits) by the read
 * that next passed them, whose pages it then wrote out (a scan of a table past a quarter of the 16 MB
 * of shared buffers cycles through a small ring) — in the page, 42 MB to IndexedDB at the first
 * histogram after 100,000 events were written (probe), during a user's read.
 */
export const VACUUM_AFTER_ROWS = 1_000

export type WhenQuiet = (work: () => void) => void

/** `whenQuiet(work)` runs `work` at an idle moment once no query runs and none has for `delayMs`; never once `stopped`. */
export function quietWork(options: {
  now: () => number
  whenIdle: (run: () => void) => void
  delayMs: number
  busy: () => boolean
  lastQueryAt: () => number
  stopped: () => boolean
}): WhenQuiet {
  return (work) => {
    const step = () =>
      options.whenIdle(() => {
        if (options.stopped()) return
        const quietFor = options.now() - options.lastQueryAt()
        if (options.busy() || quietFor < options.delayMs) setTimeout(step, Math.max(100, options.delayMs - quietFor))
        else work()
      })
    step()
  }
}

/** Counts rows written per table; a table past VACUUM_AFTER_ROWS is vacuumed (with any others past it) at the next quiet moment. */
export function vacuumLedger(whenQuiet: WhenQuiet, vacuum: (tables: string[]) => Promise<void>) {
  const unvacuumed = new Map<string, number>()
  let asked = false
  let running: Promise<void> = Promise.resolve()
  return {
    wrote(table: string, rows: number) {
      const count = (unvacuumed.get(table) ?? 0) + rows
      unvacuumed.set(table, count)
      if (count < VACUUM_AFTER_ROWS || asked) return
      asked = true
      whenQuiet(() => {
        asked = false
        const tables = [...unvacuumed].filter(([, count]) => count >= VACUUM_AFTER_ROWS).map(([table]) => table)
        if (tables.length === 0) return
        for (const table of tables) unvacuumed.delete(table)
        running = running.then(() => vacuum(tables)).catch((error: unknown) => console.warn('Log store: tables not vacuumed', error))
      })
    },
    /** Resolves once no vacuum runs (the store closes after). */
    settled: () => running,
  }
}
