import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, withStoreLock } from '../records/migrations'
import { createFileByteStore } from '../storage/byte-store-files'
import { moveObjectFilesIn, sharedStores } from './shared-stores'

const databaseUrl = process.env['DATABASE_URL']
const SCHEMA = `studio_shared_storage_test_${process.pid}`
const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

describe.runIf(databaseUrl)("an older server's object files (DATABASE_URL)", () => {
  let admin: pg.Client
  let dir: string
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await withStoreLock(admin, SCHEMA, () => migrate(admin, SCHEMA))
    dir = await mkdtemp(join(tmpdir(), 'studio-shared-storage-'))
  })
  afterAll(async () => {
    await admin.query(`drop schema if exists "${SCHEMA}" cascade`)
    await admin.end()
    await rm(dir, { recursive: true, force: true })
  })

  it('are moved into the records database at start, once, leaving out a write never finished', async () => {
    const files = await createFileByteStore(join(dir, 'storage'))
    await files.put('projectref', 'avatars & photos', ID(1), new Uint8Array([1, 2, 3]))
    await files.put('projectref', 'docs', ID(2), new Uint8Array([4]))
    await writeFile(join(files.dir, Buffer.from('projectref').toString('hex'), Buffer.from('docs').toString('hex'), `${ID(3)}.99.partial`), 'half')
    const storage = sharedStores(databaseUrl!, SCHEMA)
    try {
      expect(await moveObjectFilesIn(join(dir, 'storage'), storage.storageBytes)).toBe(2)
      expect(await storage.storageBytes.get('projectref', 'avatars & photos', ID(1))).toEqual(new Uint8Array([1, 2, 3]))
      expect(await storage.storageBytes.get('projectref', 'docs', ID(2))).toEqual(new Uint8Array([4]))
      expect(existsSync(join(dir, 'storage'))).toBe(false)
      expect(existsSync(join(dir, 'storage.moved'))).toBe(true)
      // The next start finds nothing to move.
      expect(await moveObjectFilesIn(join(dir, 'storage'), storage.storageBytes)).toBe(0)
    } finally {
      await storage.close()
    }
  })
})
