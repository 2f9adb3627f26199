/**
 * Project databases in the browser: one PGlite per ref in a Web Worker, persisted in IndexedDB
 * (`idb://studio-project-<ref>`), so data survives a reload. Tabs share it: PGliteWorker elects one
 * leader per dataDir.
 */
import { PGliteWorker } from '@electric-sql/pglite/worker'
import { createPGliteDatabase } from './pglite-database.ts'
import { createProviderCache, type ProviderOptions } from './provider-cache.ts'
import type { DatabaseProvider } from './types.ts'
import { decodeWorkerError } from './worker-error.ts'

export const browserDataDir = (ref: string): string => `idb://studio-project-${ref}`

export function createBrowserDatabaseProvider(options: ProviderOptions = {}): DatabaseProvider {
  return createProviderCache(async (ref, forget) => {
    const pg = await PGliteWorker.create(
      new Worker(new URL('./pglite.worker.ts', import.meta.url), { type: 'module' }),
      { dataDir: browserDataDir(ref) },
    )
    return createPGliteDatabase(pg, { onClose: forget, mapError: decodeWorkerError })
  }, options)
}
