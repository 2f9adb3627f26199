/** Storage's bytes and unfinished uploads in the records database (served replicas share them). */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, withStoreLock } from '../records/migrations'
import { createPostgresByteStore, STORAGE_BYTES_PART } from './byte-store-postgres'
import { createPostgresUploadSessions } from './upload-sessions-postgres'

const databaseUrl = process.env['DATABASE_URL']
const SCHEMA = `studio_storage_bytes_test_${process.pid}`
const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const bytesOf = (length: number, seed = 7) => Uint8Array.from({ length }, (_, i) => (i * seed + (i >> 8)) % 256)
/** Megabytes compared as bytes (an element-by-element deep equality of millions is slow). */
const sameBytes = (actual: Uint8Array | null, expected: Uint8Array) => actual !== null && Buffer.from(actual.buffer, actual.byteOffset, actual.length).equals(Buffer.from(expected.buffer, expected.byteOffset, expected.length))

describe.runIf(databaseUrl)('storage in the records database (DATABASE_URL)', () => {
  let pool: pg.Pool
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 4 })
    const client = await pool.connect()
    try {
      await withStoreLock(client, SCHEMA, () => migrate(client, SCHEMA))
    } finally {
      client.release()
    }
  })
  afterAll(async () => {
    await pool.query(`drop schema if exists "${SCHEMA}" cascade`)
    await pool.end()
  })

  it('keeps an object of several parts byte for byte, an empty one, and replaces one written again', async () => {
    const store = createPostgresByteStore(pool, SCHEMA)
    const large = bytesOf(3 * STORAGE_BYTES_PART + 12_345)
    await store.put('ref', 'docs', ID(1), large)
    expect(sameBytes(await store.get('ref', 'docs', ID(1)), large)).toBe(true)
    const { rows } = await pool.query(`select count(*)::int as parts from "${SCHEMA}".storage_bytes where id = $1`, [ID(1)])
    expect(rows[0].parts).toBe(4)
    await store.put('ref', 'docs', ID(1), bytesOf(10, 3))
    expect(await store.get('ref', 'docs', ID(1))).toEqual(bytesOf(10, 3))
    await store.put('ref', 'docs', ID(2), new Uint8Array())
    expect(await store.get('ref', 'docs', ID(2))).toEqual(new Uint8Array())
    // Another bucket, project or id holds nothing of them.
    expect(await store.get('ref', 'other', ID(1))).toBeNull()
    expect(await store.get('other', 'docs', ID(1))).toBeNull()
  })

  it('keeps many at once (small ones in batches, a large one in parts), and deletes by id, bucket and project', async () => {
    const store = createPostgresByteStore(pool, SCHEMA)
    const entries = Array.from({ length: 1200 }, (_, n) => ({ id: ID(100 + n), bytes: bytesOf(n % 50, n) }))
    entries.push({ id: ID(99), bytes: bytesOf(STORAGE_BYTES_PART + 1) })
    await store.putMany('many', 'fixture', entries)
    for (const n of [0, 1, 499, 500, 1199]) expect(await store.get('many', 'fixture', ID(100 + n))).toEqual(bytesOf(n % 50, n))
    expect(sameBytes(await store.get('many', 'fixture', ID(99)), bytesOf(STORAGE_BYTES_PART + 1))).toBe(true)
    await store.delete('many', 'fixture', [ID(100), ID(101)])
    expect(await store.get('many', 'fixture', ID(100))).toBeNull()
    expect(await store.get('many', 'fixture', ID(102))).not.toBeNull()
    await store.put('many', 'kept', ID(1), bytesOf(5))
    await store.deleteBucket('many', 'fixture')
    expect(await store.get('many', 'fixture', ID(102))).toBeNull()
    expect(await store.get('many', 'kept', ID(1))).toEqual(bytesOf(5))
    await store.deleteProject('many')
    expect(await store.get('many', 'kept', ID(1))).toBeNull()
  })

  it('keeps an upload on any replica: a chunk only at the offset it stands at, once when sent twice at once; finished once', async () => {
    // Two stores on their own pools: two replicas.
    const other = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    try {
      const [a, b] = [createPostgresUploadSessions(pool, SCHEMA), createPostgresUploadSessions(other, SCHEMA)]
      const caller = { role: 'authenticated' as const, userId: 'u1' }
      await a.open({ id: 'up-1', ref: 'ref', bucket: 'docs', path: 'a/b.bin', size: 30, mimetype: 'application/octet-stream', upsert: false, caller })
      expect(await b.get('up-1')).toEqual({ id: 'up-1', ref: 'ref', bucket: 'docs', path: 'a/b.bin', size: 30, mimetype: 'application/octet-stream', upsert: false, caller, received: 0 })
      expect(await b.append('up-1', 5, bytesOf(10))).toEqual({ kept: false, received: 0 })
      // The same chunk sent to both at once: one keeps it.
      const both = await Promise.all([a.append('up-1', 0, bytesOf(10)), b.append('up-1', 0, bytesOf(10))])
      expect(both.map((answer) => answer?.kept).sort()).toEqual([false, true])
      expect(await a.append('up-1', 10, bytesOf(20, 5))).toEqual({ kept: true, received: 30 })
      const finished = await Promise.all([a.finish('up-1'), b.finish('up-1')])
      const whole = finished.find((bytes) => bytes !== null)
      expect(finished.filter((bytes) => bytes === null)).toHaveLength(1)
      expect(whole).toEqual(new Uint8Array([...bytesOf(10), ...bytesOf(20, 5)]))
      expect(await a.get('up-1')).toBeNull()
      expect((await pool.query(`select count(*)::int as n from "${SCHEMA}".upload_chunks`)).rows[0].n).toBe(0)
      expect(await b.append('up-1', 30, bytesOf(1))).toBeNull()
      await b.open({ id: 'up-2', ref: 'ref', bucket: 'docs', path: 'c.bin', size: 9, mimetype: 'text/plain', upsert: true, caller })
      expect(await a.cancel('up-2')).toBe(true)
      expect(await b.cancel('up-2')).toBe(false)
    } finally {
      await other.end()
    }
  })
})
