/** The log store's database in the browser: an in-memory PGlite in a worker (events are the page's own). */
import { PGliteWorker } from '@electric-sql/pglite/worker'
import type { LogDatabase } from './log-store'

export async function openBrowserLogDatabase(initialData: Blob | null): Promise<LogDatabase> {
  // Each tab keeps its own store (its mock platform is its own too): a unique id, no leader to share with.
  return PGliteWorker.create(new Worker(new URL('./log-store.worker.ts', import.meta.url), { type: 'module' }), {
    id: `studio-logs-${crypto.randomUUID()}`,
    // Read by our worker's init; PGliteWorker passes its options through.
    ...({ initialData } as object),
  })
}
