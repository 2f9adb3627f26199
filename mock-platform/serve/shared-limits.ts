/**
 * The server's limits counted in the records database (limits.ts' RateCounter), so replicas behind a
 * load balancer count one caller together: with counters in each replica's memory, two replicas let
 * an address guess twice the passwords. One fixed window per (limit, key), changed by one statement
 * each, so attempts sent at once to both replicas are each counted.
 */
import type pg from 'pg'
import { sqlIdent } from '../../src/lib/sql/quote'
import type { RateCounter, RateCounters } from './limits'

/** Windows that ended are deleted once every this many attempts counted by this server. */
const PRUNE_EVERY_HITS = 500

export function postgresRateCounters(pool: pg.Pool, schemaName: string): RateCounters {
  const table = `${sqlIdent(schemaName)}.rate_windows`
  let hits = 0
  return (name, { attempts, windowMs }): RateCounter => ({
    attempts,
    async hit(key) {
      if (++hits % PRUNE_EVERY_HITS === 0) void pool.query(`delete from ${table} where ends_at < now()`).catch(() => undefined)
      const { rows } = await pool.query<{ count: number; retry: number }>(
        `insert into ${table} as w (limiter, key, count, ends_at) values ($1, $2, 1, now() + $3 * interval '1 millisecond')
         on conflict (limiter, key) do update set
           count = case when w.ends_at > now() then w.count + 1 else 1 end,
           ends_at = case when w.ends_at > now() then w.ends_at else excluded.ends_at end
         returning w.count, greatest(1, ceil(extract(epoch from w.ends_at - now())))::int as retry`,
        [name, key, windowMs],
      )
      return { count: rows[0]!.count, retryAfterSeconds: rows[0]!.retry }
    },
    async release(key) {
      await pool.query(`update ${table} set count = count - 1 where limiter = $1 and key = $2 and ends_at > now() and count > 0`, [name, key])
    },
  })
}
