import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import type { ExtensionFile } from './contrib-extensions.ts'

/** Where PGlite installs Postgres inside its file system (its `WASM_PREFIX`). */
const INSTALL_PREFIX = '/pglite'

/** PGlite with what a project database needs beyond it: extension files added while it runs. */
export class StudioPGlite extends PGlite {
  /**
   * PGlite's start, with the WAL at `minimal`: a table made in the same transaction as its rows
   * (the million-row fixture, large-tables.ts) is written without WAL. Nothing here replicates or
   * archives. The fixture in node's PGlite: 5.1–5.2 s → 4.3–4.4 s.
   */
  constructor(options: PGliteOptions = {}) {
    super({ startParams: [...PGlite.defaultStartParams, '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'], ...options })
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
}
