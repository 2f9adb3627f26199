/**
 * Unfinished uploads in the platform's records database (uploads.ts), for served replicas: behind a
 * load balancer an upload's chunks reach whichever replica, and each must find what the others kept.
 * A chunk is kept under the upload's row lock, only at the offset the upload stands at, so a chunk
 * sent twice (a retry crossing its first try, on two replicas) is kept once.
 */
import type pg from 'pg'
import { joinBytes } from '../../src/lib/join-bytes'
import { sqlIdent } from '../../src/lib/sql/quote'
import { inPoolTransaction } from '../records/pool-transaction'
import type { UploadSession, UploadSessionStore } from './uploads'

/** An upload nobody finished or cancelled in this long is dropped (a closed tab, a dead client). */
export const ABANDONED_UPLOAD_AFTER = '1 day'

export function createPostgresUploadSessions(pool: pg.Pool, schemaName: string): UploadSessionStore {
  const schema = sqlIdent(schemaName)
  const sessions = `${schema}.upload_sessions`
  const chunks = `${schema}.upload_chunks`
  const asSession = (row: { session: Omit<UploadSession, 'received'>; received: string }): UploadSession => ({ ...row.session, received: Number(row.received) })
  return {
    async open(session) {
      await pool.query(`delete from ${sessions} where opened_at < now() - interval '${ABANDONED_UPLOAD_AFTER}'`)
      await pool.query(`insert into ${sessions} (id, session) values ($1, $2)`, [session.id, JSON.stringify(session)])
    },
    async get(id) {
      const { rows } = await pool.query<{ session: Omit<UploadSession, 'received'>; received: string }>(`select session, received from ${sessions} where id = $1`, [id])
      return rows[0] ? asSession(rows[0]) : null
    },
    append: (id, offset, chunk) =>
      inPoolTransaction(pool, async (client) => {
        const { rows } = await client.query<{ received: string }>(`select received from ${sessions} where id = $1 for update`, [id])
        if (!rows[0]) return null
        const received = Number(rows[0].received)
        if (offset !== received) return { kept: false, received }
        await client.query(`insert into ${chunks} (id, start, bytes) values ($1, $2, $3)`, [id, offset, Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)])
        await client.query(`update ${sessions} set received = $2 where id = $1`, [id, received + chunk.length])
        return { kept: true, received: received + chunk.length }
      }),
    finish: (id) =>
      inPoolTransaction(pool, async (client) => {
        // Whoever locks and deletes the row has the upload: a second finish (another replica) finds none.
        const locked = await client.query(`select 1 from ${sessions} where id = $1 for update`, [id])
        if (locked.rowCount === 0) return null
        const { rows } = await client.query<{ bytes: Buffer }>(`select bytes from ${chunks} where id = $1 order by start`, [id])
        // Its chunks go with it (on delete cascade).
        await client.query(`delete from ${sessions} where id = $1`, [id])
        return joinBytes(rows.map((row) => row.bytes))
      }),
    async cancel(id) {
      return ((await pool.query(`delete from ${sessions} where id = $1`, [id])).rowCount ?? 0) > 0
    },
  }
}
