/**
 * A PGlite data directory kept in IndexedDB (`idb://name`), as the page's workers open one: the
 * project databases' (pglite.worker.ts) and the log store's (logs/log-store.worker.ts). A directory
 * that does not exist yet starts from a snapshot, which is fetched only then. Kept as the snapshot
 * and the files changed since (kept-data-dir-fs.ts); one PGlite's IDBFS kept (before 2026-12-01)
 * is moved there at its first start.
 */
import type { PGlite, PGliteOptions } from '@electric-sql/pglite'
import { KeptDataDirFS, keptDataDirExists } from './kept-data-dir-fs.ts'

/** Where PGlite's IndexedDB file system (IDBFS) keeps an `idb://name` data directory. */
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

/**
 * Where a worker's database keeps its data directory, from the `dataDir` the page names: `idb://name`
 * is kept in IndexedDB (kept-data-dir-fs.ts); any other (`memory://`) lives in the worker alone.
 */
export interface DataDirStorage {
  /** PGlite's options for it: the file system, or the data directory and the snapshot to load. */
  options: Pick<PGliteOptions, 'fs' | 'dataDir' | 'loadDataDir'>
  /** Whether the database is new: made from a snapshot by this start. */
  isNew: () => boolean
  /** After the start: a data directory moved from PGlite's own IDBFS store is deleted there. */
  started: () => Promise<void>
}

/**
 * The storage of `dataDir`, and what it starts from: as kept, when IndexedDB keeps it; else what
 * PGlite's IDBFS kept of it (an earlier Studio's page stored there, `/pglite/name`), started once
 * on it (`openIdbfs`), dumped and moved; else the first of `urls` that answers (none: initdb).
 */
export async function dataDirStorage(
  dataDir: string,
  urls: readonly string[],
  openIdbfs: (dataDir: string) => Promise<PGlite>,
  mark: (step: string) => void = () => undefined,
): Promise<DataDirStorage> {
  if (!dataDir.startsWith('idb://')) {
    const snapshot = urls.length > 0 ? await fetchFirstSnapshot(urls) : null
    return { options: { dataDir, ...(snapshot ? { loadDataDir: snapshot } : {}) }, isNew: () => snapshot !== null, started: async () => {} }
  }
  const name = dataDir.slice('idb://'.length)
  let snapshot: Blob | null = null
  let moved = false
  if (!(await keptDataDirExists(name))) {
    if (await dataDirExists(dataDir)) {
      const old = await openIdbfs(dataDir)
      try {
        await old.waitReady // dumpDataDir does not wait for it
        snapshot = await old.dumpDataDir('gzip')
      } finally {
        await old.close()
      }
      moved = true
    } else if (urls.length > 0) {
      snapshot = await fetchFirstSnapshot(urls)
    }
  }
  const fs = new KeptDataDirFS(name, snapshot, mark)
  return {
    options: { fs },
    isNew: () => fs.isNew && !moved,
    started: async () => {
      if (!moved) return
      await new Promise<void>((resolve) => {
        const deleting = indexedDB.deleteDatabase(idbDatabaseName(dataDir))
        deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve()
      })
    },
  }
}
