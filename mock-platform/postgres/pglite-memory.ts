/** Project databases for node and vitest: one in-memory PGlite per ref, gone when the process ends. */
import { PGlite } from '@electric-sql/pglite'
import { readInitialData } from './initial-data-node.ts'
import { createPGliteDatabase } from './pglite-database.ts'
import { createProviderCache, type ProviderOptions } from './provider-cache.ts'
import type { DatabaseProvider } from './types.ts'

export function createMemoryDatabaseProvider(options: ProviderOptions = {}): DatabaseProvider {
  return createProviderCache(async (_ref, forget) => {
    const initial = await readInitialData()
    const pg = new PGlite(initial ? { loadDataDir: initial } : {})
    await pg.waitReady
    return createPGliteDatabase(pg, { onClose: forget })
  }, options)
}
