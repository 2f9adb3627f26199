/**
 * Object bytes as files for the standalone server (byte-store.ts): `<dir>/<ref>/<bucket as hex>/<id>`.
 * The bucket's name is hex so any name storage-api allows is a safe directory name. The data
 * directory is a fresh temporary one unless the server is given one (STORAGE_DATA_DIR).
 */
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { StorageByteStore } from './byte-store.ts'

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex')
/** Object ids are uuids; anything else never reaches the file system. */
const SAFE_ID = /^[0-9a-f-]{36}$/i

export async function createFileByteStore(dataDir?: string): Promise<StorageByteStore & { dir: string }> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'studio-storage-')))
  await mkdir(dir, { recursive: true })
  const bucketDir = (ref: string, bucket: string) => join(dir, hex(ref), hex(bucket))
  const objectFile = (ref: string, bucket: string, id: string) => {
    if (!SAFE_ID.test(id)) throw new Error(`Not an object id: ${id}`)
    return join(bucketDir(ref, bucket), id)
  }
  async function put(ref: string, bucket: string, id: string, bytes: Uint8Array) {
    const file = objectFile(ref, bucket, id)
    await mkdir(bucketDir(ref, bucket), { recursive: true })
    // Whole or not at all: a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`
    await writeFile(partial, bytes)
    await rename(partial, file)
  }
  return {
    dir,
    put,
    async putMany(ref, bucket, entries) {
      for (const { id, bytes } of entries) await put(ref, bucket, id, bytes)
    },
    async get(ref, bucket, id) {
      try {
        return new Uint8Array(await readFile(objectFile(ref, bucket, id)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(ref, bucket, ids) {
      await Promise.all(ids.map((id) => rm(objectFile(ref, bucket, id), { force: true })))
    },
    async deleteBucket(ref, bucket) {
      await rm(bucketDir(ref, bucket), { recursive: true, force: true })
    },
    async deleteProject(ref) {
      await rm(join(dir, hex(ref)), { recursive: true, force: true })
    },
  }
}
