import { beforeAll, describe, expect, it } from 'vitest'
import {
  createBucket,
  deleteBucket,
  downloadObject,
  emptyBucket,
  listObjects,
  storageBucketQuery,
  storageBucketsQuery,
  storageConfigQuery,
  updateBucket,
  updateStorageConfig,
} from '../../src/api/queries/storage'
import { BYTES_PER_GB, BYTES_PER_MB, STORAGE_PLAN_UPLOAD_LIMIT } from '../../src/constants'
import { SLOW } from '../postgres/suite-timeouts'
import { countFolderObjects, fillStorageFolder } from '../storage/fixture'
import { FREE_PROJECT, PAID_PROJECT, useStorageTestPlatform } from '../storage/testing'
import { recordedLogEvents } from '../testing'
import { apiFailure } from '../../src/test/api-failure'

const storage = useStorageTestPlatform()
const { client } = storage
beforeAll(storage.signIn)
const ref = PAID_PROJECT.ref
const fetchQuery = <T>(options: { queryFn: (context: { signal?: AbortSignal }) => Promise<T> }) => options.queryFn({})

describe('buckets', () => {
  it(
    'creates, lists, reads and edits a bucket; a second of the same name is a conflict',
    async () => {
      expect(await createBucket(ref, { id: 'avatars', public: true, file_size_limit: 1024, allowed_mime_types: ['image/*'] }, { client })).toEqual({ name: 'avatars' })
      const [bucket] = (await fetchQuery(storageBucketsQuery(ref, client))).filter((b) => b.id === 'avatars')
      expect(bucket).toMatchObject({ id: 'avatars', name: 'avatars', public: true, file_size_limit: 1024, allowed_mime_types: ['image/*'], type: 'STANDARD', owner: null })
      const conflict = await apiFailure(createBucket(ref, { id: 'avatars', public: false }, { client }))
      expect(conflict.code).toBe(409)
      expect(conflict.message).toBe('A bucket named "avatars" already exists.')

      const edited = await updateBucket(ref, 'avatars', { public: false, file_size_limit: null, allowed_mime_types: null }, { client })
      expect(edited).toMatchObject({ public: false, file_size_limit: null, allowed_mime_types: null })
      expect(await fetchQuery(storageBucketQuery(ref, 'avatars', client))).toMatchObject({ id: 'avatars', public: false })
      expect((await apiFailure(fetchQuery(storageBucketQuery(ref, 'nope', client)))).code).toBe(404)
    },
    SLOW,
  )

  it('refuses names storage-api refuses, and keeps names it allows (spaces, brackets, quotes)', async () => {
    for (const [id, message] of [
      ['a/b', 'A bucket name cannot contain "/"'],
      ['', 'Provide a name for the bucket.'],
      ['x'.repeat(101), 'at most 100 characters'],
      ['été', 'cannot contain "é"'],
    ] as const) {
      const refused = await apiFailure(createBucket(ref, { id, public: false }, { client }))
      expect(refused.code).toBe(400)
      expect(refused.message).toContain(message)
    }
    await createBucket(ref, { id: "team's files (2026)", public: false }, { client })
    expect(await fetchQuery(storageBucketQuery(ref, "team's files (2026)", client))).toMatchObject({ name: "team's files (2026)" })
    await deleteBucket(ref, "team's files (2026)", { client })
  })

  it('refuses a bucket limit above the plan and a malformed MIME type', async () => {
    const tooLarge = await apiFailure(createBucket(FREE_PROJECT.ref, { id: 'big', public: false, file_size_limit: 51 * BYTES_PER_MB }, { client }))
    expect(tooLarge.code).toBe(400)
    expect(tooLarge.message).toContain('The Free plan allows files up to 50 MB')
    const mime = await apiFailure(createBucket(ref, { id: 'mimes', public: false, allowed_mime_types: ['images'] }, { client }))
    expect(mime.message).toContain('Invalid MIME type "images"')
  }, SLOW)

  it(
    'empties a bucket and deletes one with its objects and their bytes',
    async () => {
      await createBucket(ref, { id: 'scratch', public: false }, { client })
      expect(await fillStorageFolder(storage.mock.platform.ctx, ref, { bucket: 'scratch', folder: 'a', count: 3 })).toBe(3)
      expect(await downloadObject(ref, 'scratch', 'a/file-00001.txt', { client }).then((blob) => blob.text())).toBe('a/file-00001.txt\n')
      await emptyBucket(ref, 'scratch', { client })
      expect(await countFolderObjects(storage.mock.platform.ctx, ref, 'scratch', '')).toBe(0)
      expect(await fetchQuery(storageBucketQuery(ref, 'scratch', client))).toMatchObject({ id: 'scratch' })

      await fillStorageFolder(storage.mock.platform.ctx, ref, { bucket: 'scratch', folder: '', count: 2 })
      const [first] = await listObjects(ref, 'scratch', { path: '' }, { client })
      await deleteBucket(ref, 'scratch', { client })
      expect((await apiFailure(fetchQuery(storageBucketQuery(ref, 'scratch', client)))).code).toBe(404)
      expect(await storage.mock.platform.ctx.storageBytes.get(ref, 'scratch', first!.id!)).toBeNull()
      const project = storage.mock.platform.ctx.db.projects.findFirst((q) => q.where({ ref }))!
      const { unlogged } = await (await import('../projects/database-start')).openProjectDatabase(storage.mock.platform.ctx, project)
      expect((await unlogged.query(`select count(*)::int as n from storage.objects where bucket_id = 'scratch'`)).rows).toEqual([{ n: 0 }])
    },
    SLOW,
  )
})

describe('storage settings', () => {
  it(
    'answers the global upload limit and refuses one above the plan with the plan’s message',
    async () => {
      const free = await fetchQuery(storageConfigQuery(FREE_PROJECT.ref, client))
      expect(free).toEqual({ fileSizeLimit: STORAGE_PLAN_UPLOAD_LIMIT.free, features: { imageTransformation: { enabled: false }, s3Protocol: { enabled: true } } })
      const refused = await apiFailure(updateStorageConfig(FREE_PROJECT.ref, { fileSizeLimit: 100 * BYTES_PER_MB }, { client }))
      expect(refused.code).toBe(400)
      expect(refused.message).toBe('The Free plan allows files up to 50 MB. Upgrade the plan to raise the upload limit.')
      expect(await updateStorageConfig(FREE_PROJECT.ref, { fileSizeLimit: 10 * BYTES_PER_MB }, { client })).toMatchObject({ fileSizeLimit: 10 * BYTES_PER_MB })

      expect(await updateStorageConfig(ref, { fileSizeLimit: 200 * BYTES_PER_GB }, { client })).toMatchObject({ fileSizeLimit: 200 * BYTES_PER_GB })
      const overPro = await apiFailure(updateStorageConfig(ref, { fileSizeLimit: 501 * BYTES_PER_GB }, { client }))
      expect(overPro.message).toContain('The Pro plan allows files up to 500 GB')
    },
    SLOW,
  )
})

describe('logs and faults', () => {
  it(
    'writes a Storage log event for each call, and a named fault scenario applies to storage too',
    async () => {
      const recorded = await recordedLogEvents(storage.mock.platform.ctx, async () => {
        await createBucket(ref, { id: 'logged', public: false }, { client })
        await apiFailure(createBucket(ref, { id: 'logged', public: false }, { client }))
        await listObjects(ref, 'logged', { path: '' }, { client })
      })
      const storageEvents = recorded.filter((event) => event.table === 'storage_logs')
      expect(storageEvents.map((event) => [event.path, event.status_code, event.bucket_id])).toEqual([
        ['/bucket', 201, 'logged'],
        ['/bucket', 409, 'logged'],
        ['/object/list/logged', 200, 'logged'],
      ])

      storage.mock.setScenario('server-error')
      try {
        const fault = await apiFailure(fetchQuery(storageBucketsQuery(ref, client)))
        expect(fault.code).toBe(500)
      } finally {
        storage.mock.setScenario(null)
      }
      expect((await fetchQuery(storageBucketsQuery(ref, client))).some((b) => b.id === 'logged')).toBe(true)
    },
    SLOW,
  )
})
