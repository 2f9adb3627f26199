/**
 * Where object bytes live beside the project's database, keyed by (project ref, bucket, object id):
 * the rows are in `storage.objects`, their bytes here. In memory for node tests (this file), in
 * IndexedDB in the browser (byte-store-browser.ts), in files under a data directory for the
 * standalone server (byte-store-files.ts). A move renames the row and keeps its id, so bytes never
 * move; a copy is a new id with the same bytes.
 */
export interface StorageByteStore {
  put(ref: string, bucket: string, id: string, bytes: Uint8Array): Promise<void>
  /** Many objects at once (the fixture's folder of thousands): one transaction where the store has them. */
  putMany(ref: string, bucket: string, entries: readonly { id: string; bytes: Uint8Array }[]): Promise<void>
  /** The bytes, or null when there are none (a row written by SQL without an upload). */
  get(ref: string, bucket: string, id: string): Promise<Uint8Array | null>
  delete(ref: string, bucket: string, ids: readonly string[]): Promise<void>
  /** Every object's bytes of a bucket (emptied or deleted). */
  deleteBucket(ref: string, bucket: string): Promise<void>
  /** Every object's bytes of a project (deleted). */
  deleteProject(ref: string): Promise<void>
}

/** Bytes in a Map per platform: node tests and the default. */
export function createMemoryByteStore(): StorageByteStore {
  const buckets = new Map<string, Map<string, Uint8Array>>()
  const bucketKey = (ref: string, bucket: string) => JSON.stringify([ref, bucket])
  const objectsOf = (ref: string, bucket: string) => {
    const key = bucketKey(ref, bucket)
    let objects = buckets.get(key)
    if (!objects) buckets.set(key, (objects = new Map()))
    return objects
  }
  return {
    async put(ref, bucket, id, bytes) {
      objectsOf(ref, bucket).set(id, bytes.slice())
    },
    async putMany(ref, bucket, entries) {
      const objects = objectsOf(ref, bucket)
      for (const { id, bytes } of entries) objects.set(id, bytes.slice())
    },
    async get(ref, bucket, id) {
      return buckets.get(bucketKey(ref, bucket))?.get(id)?.slice() ?? null
    },
    async delete(ref, bucket, ids) {
      const objects = buckets.get(bucketKey(ref, bucket))
      for (const id of ids) objects?.delete(id)
    },
    async deleteBucket(ref, bucket) {
      buckets.delete(bucketKey(ref, bucket))
    },
    async deleteProject(ref) {
      for (const key of [...buckets.keys()]) if ((JSON.parse(key) as string[])[0] === ref) buckets.delete(key)
    },
  }
}
