/**
 * Web Worker entry: the leader tab's worker runs the project's PGlite (see `pglite-browser.ts`).
 * `options.dataDir` comes from the PGliteWorker on the page (`idb://studio-project-<ref>`);
 * `options.initialDataUrls` are the snapshots to start a database that does not exist yet from,
 * best first (the seeded template, then the start-up snapshot: seeded-template.ts,
 * initial-data.ts); none that loads means initdb. The contrib extensions' files are fetched
 * meanwhile and written once the database runs, with the shims' (contrib-extensions.ts, shims/).
 *
 * Everything a start needs is asked for at once, as the worker's script runs: PGlite's wasm
 * (compiled while it streams in) and its file-system bundle, then, once the page says which
 * database, the snapshot. PGlite would ask for the first two only when constructed, after the snapshot.
 */
import pgliteWasmUrl from '@electric-sql/pglite/pglite.wasm?url'
import pgliteDataUrl from '@electric-sql/pglite/pglite.data?url'
import { worker } from '@electric-sql/pglite/worker'
import { PRELOADED_EXTENSIONS, readExtensionFiles } from './contrib-extensions.ts'
import { ErrorForwardingPGlite } from './forwarding-pglite.ts'
import { INITDB_PARAMS } from './initial-data.ts'
import { shimExtensionFiles } from './shims/index.ts'

/** Where PGlite's IndexedDB file system keeps an `idb://name` data directory. */
const idbDatabaseName = (dataDir: string) => `/pglite/${dataDir.slice('idb://'.length)}`
/** The object store IDBFS keeps files in (Emscripten's `IDBFS.DB_STORE_NAME`). */
const IDBFS_STORE = 'FILE_DATA'

/**
 * Whether IndexedDB holds a data directory for `dataDir`. IDBFS keeps each file under its path in
 * one store; a page closed while a new database was first stored (forwarding-pglite.ts) leaves the
 * IndexedDB database without a file, and that one starts from the snapshot again, not from initdb.
 */
async function databaseExists(dataDir: string): Promise<boolean> {
  if (!dataDir.startsWith('idb://')) return false
  const name = idbDatabaseName(dataDir)
  const databases = await indexedDB.databases().catch(() => [])
  if (!databases.some((database) => database.name === name)) return false
  return new Promise((resolve) => {
    const opening = indexedDB.open(name)
    // Unsure: as before, an IndexedDB database that exists is taken as holding one.
    opening.onerror = () => resolve(true)
    opening.onsuccess = () => {
      const db = opening.result
      try {
        const counting = db.transaction(IDBFS_STORE, 'readonly').objectStore(IDBFS_STORE).count(`${name}/PG_VERSION`)
        counting.onsuccess = () => resolve(counting.result > 0)
        counting.onerror = () => resolve(true)
      } catch {
        resolve(false) // no file store yet: nothing was ever stored
      } finally {
        db.close()
      }
    }
  })
}

// Null when they cannot be had here: PGlite then fetches them itself, as it always could.
const pgliteWasm = WebAssembly.compileStreaming(fetch(pgliteWasmUrl)).catch(() => null)
const pgliteData = fetch(pgliteDataUrl)
  .then((response) => (response.ok ? response.blob() : null))
  .catch(() => null)

/** The first of `urls` that answers with bytes; null when none does. */
async function fetchSnapshot(urls: readonly string[]): Promise<Blob | null> {
  for (const url of urls) {
    const blob = await fetch(url)
      .then((response) => (response.ok ? response.blob() : null))
      .catch(() => null)
    if (blob && blob.size > 0) return blob
  }
  return null
}

async function fetchBundle(url: URL): Promise<Uint8Array> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Extension bundle ${url.pathname} could not be loaded (HTTP ${response.status})`)
  return new Uint8Array(await response.arrayBuffer())
}

async function startDatabase(dataDir: string, initialDataUrls: readonly string[]): Promise<ErrorForwardingPGlite> {
  // A database kept from an earlier page needs no snapshot: it is not even fetched.
  const snapshot = initialDataUrls.length > 0 ? databaseExists(dataDir).then((exists) => (exists ? null : fetchSnapshot(initialDataUrls))) : null
  const [wasmModule, fsBundle, initialData] = await Promise.all([pgliteWasm, pgliteData, snapshot])
  const options = {
    dataDir,
    extensions: PRELOADED_EXTENSIONS,
    // Only for a database made without a snapshot: the same cluster as the snapshot's.
    initDbStartParams: [...INITDB_PARAMS],
    ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
    ...(fsBundle ? { fsBundle } : {}),
  }
  if (initialData) {
    const pg = new ErrorForwardingPGlite({ ...options, loadDataDir: initialData })
    try {
      await pg.waitReady
      return pg
    } catch (error) {
      // A database that exists after all (PGlite refuses to load over it): open it as it is.
      if (!(error instanceof Error && error.message.includes('already exists'))) throw error
    }
  }
  const pg = new ErrorForwardingPGlite(options)
  await pg.waitReady
  return pg
}

void worker({
  async init(options) {
    const { dataDir, initialDataUrls } = options as { dataDir: string; initialDataUrls?: readonly string[] }
    const [pg, files] = await Promise.all([startDatabase(dataDir, initialDataUrls ?? []), readExtensionFiles(fetchBundle)])
    pg.writeExtensionFiles([...files, ...shimExtensionFiles()])
    return pg
  },
})
