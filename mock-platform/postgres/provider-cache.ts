import { markPath } from '../../src/lib/path-marks.ts'
import { ensureLargeTables } from './large-tables.ts'
import { ensurePlatformLayer } from './platform-layer.ts'
import { seedProjectDatabase } from './seed.ts'
import type { DatabaseProvider, ProjectDatabase } from './types.ts'

export interface ProviderOptions {
  /** Fill new databases with the demo data (default true). The platform's roles and schemas come first either way. */
  seed?: boolean
  /** Whether a ref's database also gets the table editor's million-row fixture, once, after its seed (default: none). */
  largeTables?: (ref: string) => boolean
  /**
   * How long a failed open is the answer before a call tries again (default 0: the next call). A
   * page asks for its project's database with every request: without a pause, a start that fails
   * (an extension bundle refused) was begun again by each, thousands in minutes.
   */
  retryFailedOpenAfterMs?: number
}

/**
 * The bookkeeping every provider shares: one database per ref, opened (and seeded, with its large
 * fixture where it has one) once even when asked for concurrently, forgotten when closed or when
 * opening fails (after `retryFailedOpenAfterMs`), so a later call retries.
 */
export function createProviderCache(
  openDatabase: (ref: string, forget: () => void) => Promise<ProjectDatabase>,
  options: ProviderOptions = {},
  /** Removes what a ref's database left where it is kept (once it is closed): its files, its server database. */
  removeDatabase: (ref: string) => Promise<void> = async () => undefined,
  /**
   * Runs a ref's opening (made, layer, seed) while no other process opens it: replicas on one
   * server. Within this process the map below already makes concurrent opens one.
   */
  openAlone: <T>(ref: string, open: () => Promise<T>) => Promise<T> = (_ref, open) => open(),
): DatabaseProvider {
  const databases = new Map<string, Promise<ProjectDatabase>>()
  // The opens in progress (databases keeps them once done).
  const starting = new Map<string, Promise<ProjectDatabase>>()

  return {
    open(ref) {
      const existing = databases.get(ref)
      if (existing) return existing
      const forget = () => {
        if (databases.get(ref) === opening) databases.delete(ref)
      }
      const opening = openAlone(ref, async () => {
        markPath('database:asked', ref)
        const db = await openDatabase(ref, forget)
        try {
          // First: the demo tables are made under the layer's default privileges, as a user's would be.
          await ensurePlatformLayer(db)
          markPath('database:layer', ref)
          if (options.seed !== false) {
            await seedProjectDatabase(db, ref)
            markPath('database:seeded', ref)
            // Its rows point at the demo seed's customers, so it comes only with that seed.
            if (options.largeTables?.(ref)) {
              await ensureLargeTables(db)
              markPath('database:large-tables', ref)
            }
          }
        } catch (error) {
          await db.close().catch(() => undefined)
          throw error
        }
        return db
      })
      databases.set(ref, opening)
      starting.set(ref, opening)
      const retryAfterMs = options.retryFailedOpenAfterMs ?? 0
      opening.catch(() => (retryAfterMs > 0 ? setTimeout(forget, retryAfterMs) : forget())).finally(() => {
        if (starting.get(ref) === opening) starting.delete(ref)
      })
      return opening
    },
    async settled(ref) {
      const opening = starting.get(ref)
      if (!opening) return false
      await opening.catch(() => undefined)
      return true
    },
    async closeAll() {
      const open = [...databases.values()]
      databases.clear()
      await Promise.all(open.map(async (db) => (await db.catch(() => null))?.close()))
    },
    async drop(ref) {
      // One still opening is let finish first: its seed would otherwise write into what is removed.
      const open = databases.get(ref)
      databases.delete(ref)
      await (await open?.catch(() => null))?.close()
      await removeDatabase(ref)
    },
  }
}
