/**
 * Project databases in the browser: one PGlite per ref in a Web Worker, persisted in IndexedDB
 * (`idb://studio-project-<ref>`, idb-data-dir.ts), so data survives a reload. Tabs share it: PGliteWorker elects one
 * leader per dataDir.
 */
import { PGliteWorker } from '@electric-sql/pglite/worker'
import { INITIAL_DATA_FILE } from './initial-data.ts'
import { keptDataDirDatabase } from './kept-data-dir-fs.ts'
import { compiledPostgres, keepCompiledPostgres } from './compiled-postgres.ts'
import { createPGliteDatabase } from './pglite-database.ts'
import { createProviderCache, type ProviderOptions } from './provider-cache.ts'
import { askingForRawAnswers, streamingAnswers } from './raw-pglite-worker.ts'
import { seededTemplateFile } from './seeded-template.ts'
import type { DatabaseProvider } from './types.ts'
import { decodeWorkerError } from './worker-error.ts'
import { relayWorkerMarks } from './worker-marks.ts'

const browserDataDir = (ref: string): string => `idb://studio-project-${ref}`
/**
 * The IndexedDB databases a project's data directory may be in: the kept store's
 * (kept-data-dir-fs.ts), and PGlite's IDBFS's of a page before it (moved at its next start).
 */
const browserDatabaseNames = (ref: string): string[] => [keptDataDirDatabase(`studio-project-${ref}`), `/pglite/studio-project-${ref}`]

/** Deletes a project's IndexedDB databases; one another tab still holds open goes once that tab lets it. */
async function deleteBrowserDatabase(ref: string): Promise<void> {
  for (const name of browserDatabaseNames(ref)) await deleteIndexedDb(name, ref)
}

function deleteIndexedDb(name: string, ref: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name)
    request.onsuccess = () => resolve()
    request.onerror = () => reject(request.error ?? new Error(`The database of ${ref} could not be deleted`))
    request.onblocked = () => {
      console.warn(`The database of ${ref} is open in another tab: it is deleted once that tab closes it`)
      resolve()
    }
  })
}

export interface BrowserProviderOptions extends ProviderOptions {
  /**
   * Whether a ref's database outlives a reload (default: all). The million-row fixture cannot:
   * IndexedDB refuses a value past ~133 MB and PGlite stores each data file as one value, so that
   * database lives in the worker's memory and is generated again in a new page.
   */
  persisted?: (ref: string) => boolean
  /**
   * Where the app is served from: a new database starts from the seeded template there, else from
   * the start-up snapshot (seeded-template.ts, initial-data.ts); without it, initdb.
   */
  basePath?: string
}

/** How long a database whose start failed answers with that failure before a request starts it again. */
const FAILED_START_RETRY_MS = 10_000

export function createBrowserDatabaseProvider(options: BrowserProviderOptions = {}): DatabaseProvider {
  return createProviderCache(async (ref, forget) => {
    const initialDataUrls = options.basePath === undefined ? [] : [`${options.basePath}/${seededTemplateFile()}`, `${options.basePath}/${INITIAL_DATA_FILE}`]
    const worker = new Worker(new URL('./pglite.worker.ts', import.meta.url), { type: 'module' })
    keepCompiledPostgres(worker)
    const pg = await PGliteWorker.create(worker, {
      dataDir: options.persisted?.(ref) === false ? `memory://studio-project-${ref}` : browserDataDir(ref),
      // Read by our worker's init (pglite.worker.ts), which fetches them and writes a new database's
      // demo rows itself (seedRef): PGliteWorker passes its options through.
      ...({ initialDataUrls, seedRef: options.seed === false ? null : ref, marksRef: relayWorkerMarks() ? ref : null, compiledPostgres: compiledPostgres() } as object),
    }).catch((error: unknown) => {
      // PGliteWorker ends its worker only in close(), which a failed create gives no instance for:
      // left alone, each failed start kept a thread with its compiled Postgres.
      worker.terminate()
      throw error
    })
    return createPGliteDatabase(askingForRawAnswers(pg), { onClose: forget, mapError: decodeWorkerError, streamAnswer: streamingAnswers(pg) })
  }, { retryFailedOpenAfterMs: FAILED_START_RETRY_MS, ...options }, (ref) => (options.persisted?.(ref) === false ? Promise.resolve() : deleteBrowserDatabase(ref)))
}
