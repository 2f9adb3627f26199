/**
 * Web Worker entry: the leader tab's worker runs the project's PGlite (see `pglite-browser.ts`).
 * `options.dataDir` comes from the PGliteWorker on the page (`idb://studio-project-<ref>`);
 * `options.initialData`, when the page has it, is the start-up snapshot (initial-data.ts): a
 * database that does not exist yet starts from it instead of running initdb. The contrib
 * extensions' files are fetched meanwhile and written once the database runs, with the shims' (contrib-extensions.ts, shims/).
 */
import { worker } from '@electric-sql/pglite/worker'
import { PRELOADED_EXTENSIONS, readExtensionFiles } from './contrib-extensions.ts'
import { ErrorForwardingPGlite } from './forwarding-pglite.ts'
import { shimExtensionFiles } from './shims/index.ts'

/** Where PGlite's IndexedDB file system keeps an `idb://name` data directory. */
const idbDatabaseName = (dataDir: string) => `/pglite/${dataDir.slice('idb://'.length)}`

async function databaseExists(dataDir: string): Promise<boolean> {
  if (!dataDir.startsWith('idb://')) return false
  const databases = await indexedDB.databases().catch(() => [])
  return databases.some((database) => database.name === idbDatabaseName(dataDir))
}

async function fetchBundle(url: URL): Promise<Uint8Array> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Extension bundle ${url.pathname} could not be loaded (HTTP ${response.status})`)
  return new Uint8Array(await response.arrayBuffer())
}

async function startDatabase(dataDir: string, initialData: Blob | null | undefined): Promise<ErrorForwardingPGlite> {
  if (initialData && !(await databaseExists(dataDir))) {
    const pg = new ErrorForwardingPGlite({ dataDir, loadDataDir: initialData, extensions: PRELOADED_EXTENSIONS })
    try {
      await pg.waitReady
      return pg
    } catch (error) {
      // A database that exists after all (PGlite refuses to load over it): open it as it is.
      if (!(error instanceof Error && error.message.includes('already exists'))) throw error
    }
  }
  const pg = new ErrorForwardingPGlite({ dataDir, extensions: PRELOADED_EXTENSIONS })
  await pg.waitReady
  return pg
}

void worker({
  async init(options) {
    const { dataDir, initialData } = options as { dataDir: string; initialData?: Blob | null }
    const [pg, files] = await Promise.all([startDatabase(dataDir, initialData), readExtensionFiles(fetchBundle)])
    pg.writeExtensionFiles([...files, ...shimExtensionFiles()])
    return pg
  },
})
