/**
 * What replicas share besides the records, in the records database: storage objects' bytes, unfinished
 * uploads (issue 54; README "Behind a load balancer") and the limits' counters (shared-limits.ts). A data directory that still holds the
 * object files an older server wrote (`<data dir>/storage`) has them moved in at start, once.
 */
import { readdir, readFile, rename } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { createPostgresByteStore } from '../storage/byte-store-postgres'
import { createPostgresUploadSessions } from '../storage/upload-sessions-postgres'
import type { StorageByteStore } from '../storage/byte-store'
import { postgresRateCounters } from './shared-limits'

/** Connections for what replicas share besides the records (apart from the records' commits, which must not wait behind a large object). */
const SHARED_POOL_SIZE = 4

/** Storage's bytes, unfinished uploads and the limits' counters, in the records schema. */
export function sharedStores(databaseUrl: string, schema: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: SHARED_POOL_SIZE })
  // An idle connection dropped by the server must not take the process down; the pool replaces it.
  pool.on('error', () => undefined)
  return {
    storageBytes: createPostgresByteStore(pool, schema),
    uploadSessions: createPostgresUploadSessions(pool, schema),
    rateCounters: postgresRateCounters(pool, schema),
    close: () => pool.end(),
  }
}

const fromHex = (name: string) => Buffer.from(name, 'hex').toString('utf8')

/**
 * Moves the object files of `<dir>` (byte-store-files.ts' layout: `<ref hex>/<bucket hex>/<id>`) into
 * `store`, then renames the folder `<dir>.moved` so it is not read again; answers how many.
 */
export async function moveObjectFilesIn(dir: string, store: StorageByteStore): Promise<number> {
  if (!existsSync(dir)) return 0
  let moved = 0
  for (const refDir of await readdir(dir)) {
    for (const bucketDir of await readdir(join(dir, refDir)).catch(() => [])) {
      for (const id of await readdir(join(dir, refDir, bucketDir)).catch(() => [])) {
        // A write an older server never finished is not an object.
        if (id.endsWith('.partial')) continue
        await store.put(fromHex(refDir), fromHex(bucketDir), id, new Uint8Array(await readFile(join(dir, refDir, bucketDir, id))))
        moved++
      }
    }
  }
  await rename(dir, `${dir}.moved`)
  return moved
}
