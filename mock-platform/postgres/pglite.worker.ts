/**
 * Web Worker entry: the leader tab's worker runs the project's PGlite (see `pglite-browser.ts`).
 * `options.dataDir` comes from the PGliteWorker on the page (`idb://studio-project-<ref>`).
 */
import { worker } from '@electric-sql/pglite/worker'
import { ErrorForwardingPGlite } from './forwarding-pglite.ts'

void worker({
  async init(options) {
    return new ErrorForwardingPGlite({ dataDir: options.dataDir })
  },
})
