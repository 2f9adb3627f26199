/**
 * Web Worker entry: the log store's own Postgres, off the page's main thread, kept in IndexedDB
 * (`options.dataDir`) beside the project databases. A store that does not exist yet starts from
 * `options.initialDataUrls` (the store's snapshot, then the project databases' one: no initdb);
 * one kept from an earlier page fetches neither. Syncs to IndexedDB as the project databases' do
 * (forwarding-pglite.ts): once per call, none after a read, the first store of a new one at its first
 * write or once it has been quiet a moment.
 */
import { worker } from '@electric-sql/pglite/worker'
import { ErrorForwardingPGlite } from '../postgres/forwarding-pglite.ts'
import { snapshotUnlessKept, startKeptDatabase } from '../postgres/idb-data-dir.ts'
import { INITDB_PARAMS } from '../postgres/initial-data.ts'

void worker({
  async init(options) {
    const { dataDir, initialDataUrls } = options as { dataDir: string; initialDataUrls?: readonly string[] }
    const snapshot = await snapshotUnlessKept(dataDir, initialDataUrls ?? [])
    const base = { dataDir, initDbStartParams: [...INITDB_PARAMS] }
    return startKeptDatabase((from) => new ErrorForwardingPGlite(from ? { ...base, loadDataDir: from } : base), snapshot)
  },
})
