/**
 * Object bytes in the platform's records database (byte-store.ts), for served replicas: every replica
 * reads what any stored, and PostgreSQL is the one place the platform's state lives (issue 54). An
 * object is its parts of STORAGE_BYTES_PART bytes, a row each, written in one transaction: a reader
 * sees all of an object or none of it, and a replica that dies mid-write leaves nothing.
 */
import type pg from 'pg'
import { joinBytes } from '../../src/lib/join-bytes'
import { sqlIdent } from '../../src/lib/sql/quote'
import type { StorageByteStore } from './byte-store'
import { inPoolTransaction } from '../records/pool-transaction'

/** A part's size: rows of 1 MiB keep one statement's buffers small whatever the object's size. */
export const STORAGE_BYTES_PART = 1024 * 1024

export const STORAGE_BYTES_TABLE = 'storage_bytes'

/** `bytes` cut into parts (views, not copies). */
export function partsOf(bytes: Uint8Array): Buffer[] {
  const parts: Buffer[] = []
  for (let start = 0; start < bytes.length || parts.length === 0; start += STORAGE_BYTES_PART) {
    parts.push(Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(STORAGE_BYTES_PART, bytes.length - start)))
  }
  return parts
}

export function createPostgresByteStore(pool: pg.Pool, schemaName: string): StorageByteStore {
  const table = `${sqlIdent(schemaName)}.${STORAGE_BYTES_TABLE}`
  async function write(client: pg.ClientBase, ref: string, bucket: string, id: string, bytes: Uint8Array) {
    await client.query(`delete from ${table} where ref = $1 and bucket = $2 and id = $3`, [ref, bucket, id])
    const parts = partsOf(bytes)
    for (const [part, chunk] of parts.entries()) {
      await client.query(`insert into ${table} (ref, bucket, id, part, bytes) values ($1, $2, $3, $4, $5)`, [ref, bucket, id, part, chunk])
    }
  }
  return {
    put: (ref, bucket, id, bytes) => inPoolTransaction(pool, (client) => write(client, ref, bucket, id, bytes)),
    async putMany(ref, bucket, entries) {
      await inPoolTransaction(pool, async (client) => {
        // Small objects (a fixture's thousands) as one statement a batch; a large one part by part.
        const small = entries.filter((entry) => entry.bytes.length <= STORAGE_BYTES_PART)
        for (let start = 0; start < small.length; start += 500) {
          const batch = small.slice(start, start + 500)
          const ids = batch.map((entry) => entry.id)
          await client.query(`delete from ${table} where ref = $1 and bucket = $2 and id = any($3::text[])`, [ref, bucket, ids])
          await client.query(`insert into ${table} (ref, bucket, id, part, bytes) select $1, $2, id, 0, bytes from unnest($3::text[], $4::bytea[]) as made(id, bytes)`, [
            ref,
            bucket,
            ids,
            batch.map((entry) => Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.length)),
          ])
        }
        for (const entry of entries) if (entry.bytes.length > STORAGE_BYTES_PART) await write(client, ref, bucket, entry.id, entry.bytes)
      })
    },
    async get(ref, bucket, id) {
      const { rows } = await pool.query<{ bytes: Buffer }>(`select bytes from ${table} where ref = $1 and bucket = $2 and id = $3 order by part`, [ref, bucket, id])
      if (rows.length === 0) return null
      return joinBytes(rows.map((row) => row.bytes))
    },
    async delete(ref, bucket, ids) {
      await pool.query(`delete from ${table} where ref = $1 and bucket = $2 and id = any($3::text[])`, [ref, bucket, [...ids]])
    },
    async deleteBucket(ref, bucket) {
      await pool.query(`delete from ${table} where ref = $1 and bucket = $2`, [ref, bucket])
    },
    async deleteProject(ref) {
      await pool.query(`delete from ${table} where ref = $1`, [ref])
    },
  }
}
