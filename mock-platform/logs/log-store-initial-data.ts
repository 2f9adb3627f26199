/**
 * The log store starts from a snapshot of its own: an initialised cluster holding the store's
 * schema (13 tables, their views, the reader role), made once per install by `npm run prepare`
 * into `public/` beside the project databases' snapshot (postgres/initial-data.ts). Without it the
 * store starts from that one and makes its schema; without either, it runs initdb too.
 */
import { fetchInitialData, fetchSnapshot } from '../postgres/initial-data'

export const LOG_STORE_INITIAL_DATA_FILE = 'pglite-logs-initial-data.tar.gz'

let fetched: Promise<Blob | null> | null = null

/** The browser's copy of the log store's snapshot, or the project databases' one; null when neither can be had. */
export function fetchLogStoreInitialData(basePath: string): Promise<Blob | null> {
  fetched ??= fetchSnapshot(`${basePath}/${LOG_STORE_INITIAL_DATA_FILE}`).then((blob) => blob ?? fetchInitialData(basePath))
  return fetched
}
