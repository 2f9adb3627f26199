/** Web Worker entry: the log store's own in-memory Postgres, off the page's main thread. */
import { PGlite } from '@electric-sql/pglite'
import { worker } from '@electric-sql/pglite/worker'

void worker({
  async init(options) {
    // The empty-cluster snapshot the project databases start from (initial-data.ts) spares an initdb.
    const { initialData } = options as { initialData?: Blob | null }
    const pg = new PGlite(initialData ? { loadDataDir: initialData } : {})
    await pg.waitReady
    return pg
  },
})
