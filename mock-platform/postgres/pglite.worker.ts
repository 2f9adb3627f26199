/**
 * Web Worker entry: the leader tab's worker runs the project's PGlite (see `pglite-browser.ts`).
 * `options.dataDir` comes from the PGliteWorker on the page (`idb://studio-project-<ref>`);
 * `options.initialDataUrls` are the snapshots to start a database that does not exist yet from,
 * best first (the seeded template, then the start-up snapshot: seeded-template.ts,
 * initial-data.ts); none that loads means initdb. The contrib extensions' files are fetched
 * meanwhile and written once the database runs, with the shims' (contrib-extensions.ts, shims/).
 *
 * Everything a start needs is asked for at once when this tab's worker is elected to run the
 * database (`init`): PGlite's wasm (compiled while it streams in), its file-system bundle and the
 * snapshot. PGlite would ask for the first two only when constructed, after the snapshot. Not as the
 * script runs: every other tab of the project has a worker too, which waits for the election lock
 * and, while the leader lives, never starts a database; each compiled the 8 MB wasm for nothing.
 */
import pgliteWasmUrl from '@electric-sql/pglite/pglite.wasm?url'
import pgliteDataUrl from '@electric-sql/pglite/pglite.data?url'
import { worker } from '@electric-sql/pglite/worker'
import type { PGlite } from '@electric-sql/pglite'
import { PRELOADED_EXTENSIONS, preloadedBundleUrls, readExtensionFiles } from './contrib-extensions.ts'
import { ErrorForwardingPGlite } from './forwarding-pglite.ts'
import { snapshotUnlessKept, startKeptDatabase } from './idb-data-dir.ts'
import { INITDB_PARAMS } from './initial-data.ts'
import { seedProjectDatabase, seedState } from './seed.ts'
import { shimExtensionFiles } from './shims/index.ts'
import { failedStart } from './worker-error.ts'
import { workerMarks } from './worker-marks.ts'

/** When this script ran (after the page made the worker: its timeOrigin). */
const scriptRanAt = performance.timeOrigin + performance.now()

// Null when they cannot be had here: PGlite then fetches them itself, as it always could.
const pgliteFiles = () => ({
  wasm: WebAssembly.compileStreaming(fetch(pgliteWasmUrl)).catch(() => null),
  data: fetch(pgliteDataUrl)
    .then((response) => (response.ok ? response.blob() : null))
    .catch(() => null),
})

async function fetchBundle(url: URL): Promise<Uint8Array> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Extension bundle ${url.pathname} could not be loaded (HTTP ${response.status})`)
  return new Uint8Array(await response.arrayBuffer())
}

/**
 * `seedRef`: the ref whose demo rows a new database from the seeded template gets. Its stores are
 * held from its start to the end of that seeding (seedNewDatabase), so its first store, the whole
 * data directory into IndexedDB, holds the rows too instead of the rows' write waiting for that
 * store (1.1–1.5 s of a new project's start on a 2-core machine).
 */
async function startDatabase(dataDir: string, initialDataUrls: readonly string[], seedRef: string | null, mark: (step: string) => void): Promise<ErrorForwardingPGlite> {
  const files = pgliteFiles()
  // A database kept from an earlier page needs no snapshot: it is not even fetched.
  const snapshot = snapshotUnlessKept(dataDir, initialDataUrls)
  // Fetched here first (PGlite then gets them from the HTTP cache): a bundle PGlite cannot fetch only
  // logs there, and its start never ends; here the start fails, saying which and why.
  const preloadedBundles = preloadedBundleUrls().then((urls) => Promise.all(urls.map(fetchBundle)))
  void files.wasm.then(() => mark('wasm-compiled'))
  void snapshot.then(() => mark('snapshot-fetched'))
  const [wasmModule, fsBundle, initialData] = await Promise.all([files.wasm, files.data, snapshot, preloadedBundles])
  mark('files')
  const options = {
    dataDir,
    extensions: PRELOADED_EXTENSIONS,
    // Only for a database made without a snapshot: the same cluster as the snapshot's.
    initDbStartParams: [...INITDB_PARAMS],
    ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
    ...(fsBundle ? { fsBundle } : {}),
  }
  return startKeptDatabase((snapshot) => {
    const pg = new ErrorForwardingPGlite(snapshot ? { ...options, loadDataDir: snapshot } : options)
    if (snapshot && seedRef) pg.holdStores()
    return pg
  }, initialData)
}

/** A database just made from the seeded template gets its ref's demo rows; any other is left to the page (seed.ts). */
async function seedNewDatabase(pg: ErrorForwardingPGlite, seedRef: string | null): Promise<void> {
  // A kept database was seeded by an earlier page (or is left to this one): not asked again here.
  if (!seedRef || !pg.loadedFromSnapshot) return
  try {
    if ((await seedState(pg)) === 'template') await seedProjectDatabase(pg, seedRef)
  } catch (error) {
    // The page seeds it then, as it does any database not seeded yet.
    console.warn('Project database: demo rows not written by its worker', error)
  } finally {
    pg.releaseStores()
  }
}

void worker({
  async init(options) {
    const { dataDir, initialDataUrls, seedRef = null, marksRef = null } = options as {
      dataDir: string
      initialDataUrls?: readonly string[]
      seedRef?: string | null
      /** The ref to mark this start's steps for (worker-marks.ts), when the page asks. */
      marksRef?: string | null
    }
    const mark = workerMarks(marksRef)
    mark('created', performance.timeOrigin)
    mark('script', scriptRanAt)
    // The leader's election is over: this worker runs the database.
    mark('init')
    try {
      const started = startDatabase(dataDir, initialDataUrls ?? [], seedRef, mark).then((pg) => (mark('booted'), pg))
      const [pg, files] = await Promise.all([started, readExtensionFiles(fetchBundle).then((files) => (mark('extension-files-fetched'), files))])
      pg.writeExtensionFiles([...files, ...shimExtensionFiles()])
      mark('extension-files-written')
      await seedNewDatabase(pg, seedRef)
      mark('seeded')
      return pg
    } catch (error) {
      console.error('Project database: not started', error)
      return failedStart(error) as PGlite // it answers what PGlite's worker helper calls
    }
  },
})
