import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import type { ExtensionFile } from './contrib-extensions.ts'

/** Where PGlite installs Postgres inside its file system (its `WASM_PREFIX`). */
const INSTALL_PREFIX = '/pglite'
/** Where Postgres keeps its write-ahead log there. */
const WAL_DIR = `${INSTALL_PREFIX}/data/pg_wal`
/** Postgres's shared buffers in a project database or the log store (see the constructor). */
const SHARED_BUFFERS = '16MB'
/** A WAL segment's file name: timeline, log and segment, 24 hex digits. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/

/** PGlite with what a project database needs beyond it: extension files added while it runs. */
export class StudioPGlite extends PGlite {
  /**
   * PGlite's start, with the WAL at `minimal`: a table made in the same transaction as its rows
   * (the million-row fixture, large-tables.ts) is written without WAL. Nothing here replicates or
   * archives. The fixture in node's PGlite: 5.1–5.2 s → 4.3–4.4 s.
   *
   * And without recycling: a checkpoint deletes the WAL segments it lets go instead of keeping them
   * as files for later. PGlite's Postgres runs alone (single-user), so the only checkpoints are the
   * one that ends each start's recovery and the snapshot's; with recycling, every segment a page
   * ever wrote stayed in the data directory, which IndexedDB stores and every later page loads
   * whole (a log store after 100,000 events: 122 MB, of it 53 MB WAL).
   *
   * And with 16 MB of shared buffers, not Postgres's 128: Emscripten's `mmap` zeroes the shared
   * memory it hands out with a `memset` in the wasm, touching every page of it — a third of a start
   * (node, warm: 142 → 24 MB of shared memory, a start from the snapshot 1.3–1.45 s → 0.5–0.57 s).
   * The pages a buffer holds are in PGlite's in-memory file system anyway: a miss is a copy, and the
   * million-row fixture takes as long either way.
   */
  constructor(options: PGliteOptions = {}) {
    super({ startParams: [...PGlite.defaultStartParams, '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0', '-c', 'wal_recycle=off', '-c', `shared_buffers=${SHARED_BUFFERS}`], ...options })
  }

  /**
   * Writes extension files (contrib-extensions.ts) under the installation; Postgres finds the
   * control files from now on and loads a library when a statement first needs it.
   */
  writeExtensionFiles(files: readonly ExtensionFile[]): void {
    const fs = this.mod?.FS
    if (!fs) throw new Error('The database is not ready for extension files')
    for (const { path, data } of files) {
      const target = `${INSTALL_PREFIX}/${path}`
      const directory = target.slice(0, target.lastIndexOf('/'))
      if (!fs.analyzePath(directory).exists) fs.mkdirTree(directory)
      fs.writeFile(target, data)
    }
  }

  /**
   * The data directory as a snapshot (gzip), without what a start does not need: after a
   * checkpoint, no WAL segment but the one in use. A new cluster holds seven 1 MB segments, five
   * of them recycled ahead of use (Postgres makes a segment again when it gets there): a fifth of
   * the bytes a new project database first stores in IndexedDB (31.5 → 25.2 MB).
   */
  async dumpSnapshot(): Promise<Blob> {
    await this.exec('checkpoint')
    const { rows } = await this.query<{ segment: string }>('select pg_catalog.pg_walfile_name(pg_catalog.pg_current_wal_insert_lsn()) as segment')
    const inUse = rows[0]?.segment
    const fs = this.mod?.FS
    if (!fs || !inUse) throw new Error('The database is not ready for a snapshot')
    for (const name of fs.readdir(WAL_DIR)) {
      if (WAL_SEGMENT.test(name) && name > inUse) fs.unlink(`${WAL_DIR}/${name}`)
    }
    return this.dumpDataDir('gzip')
  }
}
