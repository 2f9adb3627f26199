/**
 * A PGlite data directory kept in IndexedDB (`idb://name`), as the page's workers open one: the
 * project databases' (pglite.worker.ts) and the log store's (logs/log-store.worker.ts). A directory
 * that does not exist yet starts from a snapshot, which is fetched only then.
 */

/** Where PGlite's IndexedDB file system keeps an `idb://name` data directory. */
const idbDatabaseName = (dataDir: string) => `/pglite/${dataDir.slice('idb://'.length)}`
/** The object store IDBFS keeps files in (Emscripten's `IDBFS.DB_STORE_NAME`). */
const IDBFS_STORE = 'FILE_DATA'

/**
 * Whether IndexedDB holds a data directory for `dataDir`. IDBFS keeps each file under its path in
 * one store; a page closed while a new database was first stored (forwarding-pglite.ts) leaves the
 * IndexedDB database without a file, and that one starts from the snapshot again, not from initdb.
 */
export async function dataDirExists(dataDir: string): Promise<boolean> {
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

/**
 * The first of `urls` that answers with a snapshot; null when none does. A page is no snapshot: the
 * dev server answers a file it lacks (a template named for another layer, before `npm run prepare`)
 * with its index.html.
 */
export async function fetchFirstSnapshot(urls: readonly string[]): Promise<Blob | null> {
  for (const url of urls) {
    const blob = await fetch(url)
      .then((response) => (response.ok && !response.headers.get('content-type')?.startsWith('text/html') ? response.blob() : null))
      .catch(() => null)
    if (blob && blob.size > 0) return blob
  }
  return null
}

/** The snapshot a data directory should start from: none when it exists already (it is not even fetched). */
export async function snapshotUnlessKept(dataDir: string, urls: readonly string[]): Promise<Blob | null> {
  if (urls.length === 0 || (await dataDirExists(dataDir))) return null
  return fetchFirstSnapshot(urls)
}

/** Starts a database on its data directory from `snapshot`, or as it is kept (also when it turns out to exist after all). */
export async function startKeptDatabase<T extends { waitReady: Promise<void> }>(start: (snapshot: Blob | null) => T, snapshot: Blob | null): Promise<T> {
  if (snapshot) {
    const pg = start(snapshot)
    try {
      await pg.waitReady
      return pg
    } catch (error) {
      // PGlite refuses to load a snapshot over a data directory that exists: open it as it is.
      if (!(error instanceof Error && error.message.includes('already exists'))) throw error
    }
  }
  const pg = start(null)
  await pg.waitReady
  return pg
}
