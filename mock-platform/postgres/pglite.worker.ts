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
import { leadTabs } from './pglite-tab-leader.ts'
import type { PGlite } from '@electric-sql/pglite'
import { PRELOADED_EXTENSIONS, preloadedBundleUrls, readExtensionFiles } from './contrib-extensions.ts'
import { compilePostgres, offerCompiledPostgres } from './compiled-postgres.ts'
import { ErrorForwardingPGlite } from './forwarding-pglite.ts'
import { StudioPGlite } from './studio-pglite.ts'
import { dataDirStorage } from './idb-data-dir.ts'
import { INITDB_PARAMS } from './initial-data.ts'
import { seedProjectDatabase, seedState } from './seed.ts'
import { shimExtensionFiles } from './shims/index.ts'
import { failedStart } from './worker-error.ts'
import { workerMarks } from './worker-marks.ts'

/** When this script ran (after the page made the worker: its timeOrigin). */
const scriptRanAt = performance.timeOrigin + performance.now()

// Null when they cannot be had here: PGlite then fetches them itself, as it always could.
const pgliteFiles = (compiled: WebAssembly.Module | null) => ({
  wasm: compilePostgres(pgliteWasmUrl, compiled).catch(() => null),
  data: fetch(pgliteDataUrl)
    .then((response) => (response.ok ? response.blob() : null))
    .catch(() => null),
})

async function fetchBundle(url: URL): Promise<Uint8Array> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Extension bundle ${url.pathname} could not be loaded (HTTP ${response.status})`)
  return new Uint8Array(await response.arrayBuffer())
}

/** PGlite's options for a project database, but where its data directory is. */
const projectDatabaseOptions = (files: { wasmModule: WebAssembly.Module | null; fsBundle: Blob | null }) => ({
  extensions: PRELOADED_EXTENSIONS,
  // Only for a database made without a snapshot: the same cluster as the snapshot's.
  initDbStartParams: [...INITDB_PARAMS],
  ...(files.wasmModule ? { pgliteWasmModule: files.wasmModule } : {}),
  ...(files.fsBundle ? { fsBundle: files.fsBundle } : {}),
})

/**
 * `seedRef`: the ref whose demo rows a new database from the seeded template gets. Its stores are
 * held from its start to the end of that seeding (seedNewDatabase), so the rows are kept with the
 * first store after it.
 */
async function startDatabase(
  dataDir: string,
  initialDataUrls: readonly string[],
  seedRef: string | null,
  compiled: WebAssembly.Module | null,
  mark: (step: string) => void,
): Promise<{ pg: ErrorForwardingPGlite; isNew: boolean }> {
  const files = pgliteFiles(compiled)
  // Fetched here first (PGlite then gets them from the HTTP cache): a bundle PGlite cannot fetch only
  // logs there, and its start never ends; here the start fails, saying which and why.
  const preloadedBundles = preloadedBundleUrls().then((urls) => Promise.all(urls.map(fetchBundle)))
  void files.wasm.then(() => mark('wasm-compiled'))
  const options = Promise.all([files.wasm, files.data]).then(([wasmModule, fsBundle]) => projectDatabaseOptions({ wasmModule, fsBundle }))
  // A database kept from an earlier page needs no snapshot: it is not even fetched.
  const storage = dataDirStorage(dataDir, initialDataUrls, async (old) => new StudioPGlite({ ...(await options), dataDir: old }), mark)
  void storage.then(() => mark('snapshot-fetched'))
  const [databaseOptions, { options: storageOptions, ...kept }] = await Promise.all([options, storage, preloadedBundles])
  mark('files')
  const pg = new ErrorForwardingPGlite({ ...databaseOptions, ...storageOptions })
  if (seedRef) pg.holdStores()
  await pg.waitReady
  await kept.started()
  return { pg, isNew: kept.isNew() }
}

/** A database just made from the seeded template gets its ref's demo rows; any other is left to the page (seed.ts). */
async function seedNewDatabase(pg: ErrorForwardingPGlite, seedRef: string | null, isNew: boolean, mark: (step: string) => void): Promise<void> {
  try {
    // A kept database was seeded by an earlier page (or is left to this one): not asked again here.
    if (seedRef && isNew && (await seedState(pg)) === 'template') await seedProjectDatabase(pg, seedRef)
  } catch (error) {
    // The page seeds it then, as it does any database not seeded yet.
    console.warn('Project database: demo rows not written by its worker', error)
  }
  mark('rows-written')
  // Stored before the page's first call is answered; unstored, a later page seeds them again.
  await pg.releaseStores().catch((error: unknown) => console.warn('Project database: demo rows not stored yet', error))
}

void leadTabs({
  async init(options) {
    const { dataDir, initialDataUrls, seedRef = null, marksRef = null, compiledPostgres = null } = options as {
      dataDir: string
      initialDataUrls?: readonly string[]
      seedRef?: string | null
      /** The ref to mark this start's steps for (worker-marks.ts), when the page asks. */
      marksRef?: string | null
      /** Postgres as an earlier worker of the page compiled it: not compiled again. */
      compiledPostgres?: WebAssembly.Module | null
    }
    const mark = workerMarks(marksRef)
    mark('created', performance.timeOrigin)
    mark('script', scriptRanAt)
    // The leader's election is over: this worker runs the database.
    mark('init')
    try {
      const started = startDatabase(dataDir, initialDataUrls ?? [], seedRef, compiledPostgres, mark).then((database) => (mark('booted'), database))
      const [{ pg, isNew }, files] = await Promise.all([started, readExtensionFiles(fetchBundle).then((files) => (mark('extension-files-fetched'), files))])
      pg.writeExtensionFiles([...files, ...shimExtensionFiles()])
      mark('extension-files-written')
      await seedNewDatabase(pg, seedRef, isNew, mark)
      mark('seeded')
      offerCompiledPostgres()
      return pg
    } catch (error) {
      console.error('Project database: not started', error)
      return failedStart(error) as PGlite // it answers what PGlite's worker helper calls
    }
  },
})
