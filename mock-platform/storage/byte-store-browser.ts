/**
 * Object bytes in the browser's IndexedDB (byte-store.ts): one database for every project, keys
 * `[ref, bucket, id]`, so a bucket's bytes are one key range. They outlive a reload like the
 * project's PGlite (which IndexedDB also keeps).
 */
import { completed, keptConnection, requested } from '../records/indexed-db'
import type { StorageByteStore } from './byte-store'

const DATABASE_NAME = 'studio-storage-bytes'
const STORE = 'objects'

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('The storage byte store could not be opened'))
  })
}

/** Arrays sort after strings in IndexedDB keys: `[ref, bucket, []]` is above every id of the bucket. */
const bucketRange = (ref: string, bucket: string) => IDBKeyRange.bound([ref, bucket, ''], [ref, bucket, []])
// Arrays sort after strings in IndexedDB's key order: [ref, []] is past every [ref, bucket, id].
const projectRange = (ref: string) => IDBKeyRange.bound([ref, ''], [ref, []])

export function createIndexedDbByteStore(): StorageByteStore {
  const database = keptConnection(open)
  async function write(change: (store: IDBObjectStore) => void) {
    const tx = (await database()).transaction(STORE, 'readwrite')
    change(tx.objectStore(STORE))
    await completed(tx)
  }
  return {
    put: (ref, bucket, id, bytes) => write((store) => store.put(bytes.slice().buffer, [ref, bucket, id])),
    putMany: (ref, bucket, entries) =>
      write((store) => {
        for (const { id, bytes } of entries) store.put(bytes.slice().buffer, [ref, bucket, id])
      }),
    async get(ref, bucket, id) {
      const request = (await database()).transaction(STORE, 'readonly').objectStore(STORE).get([ref, bucket, id])
      await requested(request)
      const value: unknown = request.result
      return value instanceof ArrayBuffer ? new Uint8Array(value) : null
    },
    delete: (ref, bucket, ids) =>
      write((store) => {
        for (const id of ids) store.delete([ref, bucket, id])
      }),
    deleteBucket: (ref, bucket) => write((store) => store.delete(bucketRange(ref, bucket))),
    deleteProject: (ref) => write((store) => store.delete(projectRange(ref))),
  }
}
