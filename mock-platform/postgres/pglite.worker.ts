/**
 * Web Worker entry: the leader tab's worker runs the project's PGlite (see `pglite-browser.ts`).
 * `options.dataDir` comes from the PGliteWorker on the page (`idb://studio-project-<ref>`);
 * `options.initialData`, when the page has it, is the start-up snapshot (initial-data.ts): a
 * database that does not exist yet starts from it instead of running initdb.
 */
import { worker } from '@electric-sql/pglite/worker'
import { ErrorForwardingPGlite } from './forwarding-pglite.ts'

/** Where PGlite's IndexedDB file system keeps an `idb://name` data directory. */
const idbDatabaseName = (dataDir: string) => `/pglite/${dataDir.slice('idb://'.length)}`

async function databaseExists(dataDir: string): Promise<boolean> {
  if (!dataDir.startsWith('idb://')) return false
  const databases = await indexedDB.databases().catch(() => [])
  return databases.some((database) => database.name === idbDatabaseName(dataDir))
}

void worker({
  async init(options) {
    const { dataDir, initialData } = options as { dataDir: string; initialData?: Blob | null }
    if (initialData && !(await databaseExists(dataDir))) {
      const pg = new ErrorForwardingPGlite({ dataDir, loadDataDir: initialData })
      try {
        await pg.waitReady
        return pg
      } catch (error) {
        // A database that exists after all (PGlite refuses to load over it): open it as it is.
        if (!(error instanceof Error && error.message.includes('already exists'))) throw error
      }
    }
    return new ErrorForwardingPGlite({ dataDir })
  },
})
