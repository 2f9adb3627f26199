/**
 * Served replicas agree which one runs a project's cron jobs (and the pg_net calls they queue): the
 * one holding a PostgreSQL advisory lock named after the project, taken on a connection of its own
 * and kept while that connection lives. A replica that dies (even `kill -9`) loses its connection and
 * so its locks at once; another replica with the project's database open takes the lock at its next
 * tick (CRON_TICK_MS). Embedded there is one platform per database, and the browser has its own
 * leader (cron-hosting.ts: the Web Lock of a tab).
 */
import pg from 'pg'
import type { CronLeadership } from '../context'

const lockName = (scope: string, ref: string) => `studio cron ${scope} ${ref}`

/** Leadership by advisory locks on DATABASE_URL's server; `scope` keeps servers of other record schemas apart. */
export function postgresCronLeadership(databaseUrl: string, scope: string): CronLeadership {
  let client: pg.Client | null = null
  let connecting: Promise<pg.Client> | null = null
  const held = new Set<string>()
  let closed = false

  const forget = (lost: pg.Client) => {
    if (client !== lost) return
    // The connection is gone, and the server let its locks go with it.
    client = null
    held.clear()
  }
  const connection = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client)
    connecting ??= (async () => {
      const opened = new pg.Client({ connectionString: databaseUrl })
      opened.on('error', () => forget(opened))
      opened.on('end', () => forget(opened))
      try {
        await opened.connect()
      } catch (error) {
        await opened.end().catch(() => undefined)
        throw error
      }
      client = opened
      return opened
    })().finally(() => {
      connecting = null
    })
    return connecting
  }

  return {
    async holds(ref) {
      if (closed) return false
      if (held.has(ref)) return true
      const { rows } = await (await connection()).query<{ taken: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as taken', [lockName(scope, ref)])
      if (rows[0]?.taken) held.add(ref)
      return held.has(ref)
    },
    async release(ref) {
      if (!held.delete(ref) || !client) return
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockName(scope, ref)]).catch(() => undefined)
    },
    async close() {
      closed = true
      held.clear()
      const open = client ?? (connecting ? await connecting.catch(() => null) : null)
      client = null
      await open?.end().catch(() => undefined)
    },
  }
}
