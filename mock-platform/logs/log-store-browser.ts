/**
 * The log store's database in the browser: a PGlite in a worker, kept in IndexedDB like the project
 * databases (pglite-browser.ts), so the logs outlive a reload. Tabs share it as they share a project
 * database: PGliteWorker elects one leader per data directory, the others' queries go through it.
 */
import type { Transaction } from '@electric-sql/pglite'
import { PGliteWorker } from '@electric-sql/pglite/worker'
import { compiledPostgres, keepCompiledPostgres } from '../postgres/compiled-postgres'
import { INITIAL_DATA_FILE } from '../postgres/initial-data'
import { relayWorkerMarks } from '../postgres/worker-marks'
import { decodeWorkerError } from '../postgres/worker-error'
import { LOG_STORE_INITIAL_DATA_FILE } from './log-store-initial-data'
import type { LogDatabase } from './log-store'

export const LOG_STORE_DATA_DIR = 'idb://studio-logs'
/** What the log store's start steps are marked under (`database:worker:<step>`, detail.requestId), for the bench. */
export const LOG_STORE_MARKS_NAME = 'log-store'

export async function openBrowserLogDatabase(basePath: string): Promise<LogDatabase> {
  const worker = new Worker(new URL('./log-store.worker.ts', import.meta.url), { type: 'module' })
  keepCompiledPostgres(worker)
  const pg = await PGliteWorker.create(worker, {
    dataDir: LOG_STORE_DATA_DIR,
    // Read by our worker's init, which fetches the first that answers only for a store not kept yet.
    ...({ initialDataUrls: [`${basePath}/${LOG_STORE_INITIAL_DATA_FILE}`, `${basePath}/${INITIAL_DATA_FILE}`], compiledPostgres: compiledPostgres(), marksRef: relayWorkerMarks() ? LOG_STORE_MARKS_NAME : null } as object),
  })
  // Checkpointed by its worker when quiet, as every database a page keeps (postgres/quiet-checkpoint.ts).
  return withPostgresErrors(pg)
}

/** Postgres's errors as Postgres said them: the worker packs their fields into the message (worker-error.ts), the store reads them. */
function withPostgresErrors(pg: PGliteWorker): LogDatabase {
  const unpacked = <T>(running: Promise<T>): Promise<T> =>
    running.catch((error: unknown) => {
      throw decodeWorkerError(error)
    })
  const inTransaction = (tx: Transaction): Transaction =>
    Object.assign(Object.create(tx) as Transaction, {
      query: (...args: Parameters<Transaction['query']>) => unpacked(tx.query(...args)),
      exec: (...args: Parameters<Transaction['exec']>) => unpacked(tx.exec(...args)),
    })
  return {
    query: (...args) => unpacked(pg.query(...args)),
    exec: (...args) => unpacked(pg.exec(...args)),
    transaction: (run) => unpacked(pg.transaction((tx) => run(inTransaction(tx)))),
    close: () => pg.close(),
  }
}
