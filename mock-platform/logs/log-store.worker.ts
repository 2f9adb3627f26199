/**
 * Web Worker entry: the log store's own Postgres, off the page's main thread, kept in IndexedDB
 * (`options.dataDir`) beside the project databases. A store that does not exist yet starts from
 * `options.initialDataUrls` (the store's snapshot, then the project databases' one: no initdb);
 * one kept from an earlier page fetches neither. Kept as the project databases are (idb-data-dir.ts):
 * once per call, only what the call changed.
 */
import pgliteWasmUrl from '@electric-sql/pglite/pglite.wasm?url'
import { compilePostgres, offerCompiledPostgres } from '../postgres/compiled-postgres.ts'
import { leadTabs } from '../postgres/pglite-tab-leader.ts'
import { ErrorForwardingPGlite } from '../postgres/forwarding-pglite.ts'
import { dataDirStorage } from '../postgres/idb-data-dir.ts'
import { INITDB_PARAMS } from '../postgres/initial-data.ts'
import { workerMarks } from '../postgres/worker-marks.ts'

void leadTabs({
  async init(options) {
    const { dataDir, initialDataUrls, compiledPostgres = null, marksRef = null } = options as {
      dataDir: string
      initialDataUrls?: readonly string[]
      compiledPostgres?: WebAssembly.Module | null
      /** The name to mark this start's steps under (worker-marks.ts), when the page asks. */
      marksRef?: string | null
    }
    const mark = workerMarks(marksRef)
    mark('init')
    // Postgres as the page's project worker compiled it, or compiled here (and offered to the page's next workers).
    const compiled = compilePostgres(pgliteWasmUrl, compiledPostgres).catch(() => null)
    void compiled.then(() => mark('wasm-compiled'))
    const base = { initDbStartParams: [...INITDB_PARAMS] }
    const storage = await dataDirStorage(dataDir, initialDataUrls ?? [], async (old) => new ErrorForwardingPGlite({ ...base, dataDir: old }), mark)
    mark('storage')
    const wasmModule = await compiled
    const pg = new ErrorForwardingPGlite({ ...base, ...storage.options, ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}) })
    await pg.waitReady
    mark('booted')
    await storage.started()
    offerCompiledPostgres()
    return pg
  },
})
