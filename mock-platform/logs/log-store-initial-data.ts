/**
 * The log store starts from a snapshot of its own: an initialised cluster holding the store's
 * schema (13 tables, their views, the reader role), made once per install by `npm run prepare`
 * into `public/` beside the project databases' snapshot (postgres/initial-data.ts). Without it the
 * store starts from that one and makes its schema; without either, it runs initdb too. In the page
 * it is fetched only for a store not kept in IndexedDB yet (log-store.worker.ts).
 */
export const LOG_STORE_INITIAL_DATA_FILE = 'pglite-logs-initial-data.tar.gz'
