/**
 * Served replicas agree which one runs a project's cron jobs (and the pg_net calls they queue): the
 * one holding a PostgreSQL advisory lock named after the project, taken on a connection of its own
 * and kept while that connection lives. A replica that dies (even `kill -9`) loses its connection and
 * so its locks at once; another replica with the project's database open takes the lock at its next
 * tick (CRON_TICK_MS); a replica that never opened the project adopts it (cron-hosting.ts), since the
 * leader notes in the records schema which projects have active jobs. Embedded there is one platform per database, and the browser has its own
 * leader (cron-hosting.ts: the Web Lock of a tab).
 */
import pg from 'pg'
import type { CronLeadership } from '../context'
import { sqlIdent } from '../../src/lib/sql/quote'

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

  const projectsTable = `${sqlIdent(scope)}.cron_projects`
  /** What this replica last noted of each project it leads, so a tick writes only a change. */
  const noted = new Map<string, boolean>()
  return {
    async noteJobs(ref, active) {
      if (closed || noted.get(ref) === active) return
      const db = await connection()
      if (active) await db.query(`insert into ${projectsTable} (ref) values ($1) on conflict (ref) do nothing`, [ref])
      else await db.query(`delete from ${projectsTable} where ref = $1`, [ref])
      noted.set(ref, active)
    },
    async unled() {
      if (closed) return []
      const db = await connection()
      const { rows } = await db.query<{ ref: string }>(`select ref from ${projectsTable} order by ref`)
      const free: string[] = []
      for (const { ref } of rows) {
        if (held.has(ref)) continue
        // Free now means nobody leads it: taken and let go at once (its scheduler takes it for good).
        const { rows: tried } = await db.query<{ taken: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as taken', [lockName(scope, ref)])
        if (!tried[0]?.taken) continue
        await db.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockName(scope, ref)])
        free.push(ref)
      }
      return free
    },
    async holds(ref) {
      if (closed) return false
      if (held.has(ref)) return true
      const { rows } = await (await connection()).query<{ taken: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as taken', [lockName(scope, ref)])
      if (rows[0]?.taken) held.add(ref)
      return held.has(ref)
    },
    async release(ref) {
      // The project is gone: nobody is to adopt it.
      noted.delete(ref)
      if (client) await client.query(`delete from ${projectsTable} where ref = $1`, [ref]).catch(() => undefined)
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
