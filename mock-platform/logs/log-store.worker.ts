/** Web Worker entry: the log store's own in-memory Postgres, off the page's main thread. */
import { PGlite } from '@electric-sql/pglite'
import { worker } from '@electric-sql/pglite/worker'

void worker({
  init: () => Promise.resolve(new PGlite()),
})
