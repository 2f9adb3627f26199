import { PGlite } from '@electric-sql/pglite'
import type { ExtensionFile } from './contrib-extensions.ts'

/** Where PGlite installs Postgres inside its file system (its `WASM_PREFIX`). */
const INSTALL_PREFIX = '/pglite'

/** PGlite with what a project database needs beyond it: extension files added while it runs. */
export class StudioPGlite extends PGlite {
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
