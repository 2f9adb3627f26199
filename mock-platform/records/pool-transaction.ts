/**
 * One transaction on a connection of a pool, the way every writer of the platform's PostgreSQL runs
 * one: committed whole, or rolled back whole when the work throws. A connection that drops while held
 * (the server stopped) is told by the failing query, not as an event that would end the process, and
 * one that cannot even roll back is closed rather than handed out again.
 */
import type pg from 'pg'

export async function inPoolTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, begin = 'begin'): Promise<T> {
  const client = await pool.connect()
  let dead: Error | undefined
  const dropped = (error: Error) => void (dead = error)
  client.on('error', dropped)
  try {
    await client.query(begin)
    const result = await work(client)
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback').catch((rollbackError: unknown) => void (dead = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))))
    throw error
  } finally {
    client.removeListener('error', dropped)
    client.release(dead)
  }
}
