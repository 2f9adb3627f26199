import { beforeAll, describe, expect, it } from 'vitest'
import {
  cancelUpload,
  copyObject,
  createBucket,
  deleteObjects,
  downloadObject,
  listAllObjectsUnder,
  listObjects,
  moveObject,
  publicObjectUrl,
  signObjectUrl,
  startUpload,
  uploadChunk,
  type StorageCaller,
} from '../../src/api/queries/storage'
import { BYTES_PER_MB, STORAGE_LIST_PAGE_SIZE } from '../../src/constants'
import { openProjectDatabase } from '../projects/database-start'
import { SLOW } from '../postgres/suite-timeouts'
import { fillStorageFolder, fixtureObjectName } from '../storage/fixture'
import { FREE_PROJECT, PAID_PROJECT, useStorageTestPlatform } from '../storage/testing'
import { apiFailure } from '../../src/test/api-failure'

const storage = useStorageTestPlatform()
const { client } = storage
const ref = PAID_PROJECT.ref
const ADA = '6f1c7d5e-2b1a-4c7e-9a43-0d5e2f1b9c10'
const GRACE = '0b5c6d7e-8f90-4a1b-8c2d-3e4f5a6b7c8d'

beforeAll(async () => {
  await storage.signIn()
  await createBucket(ref, { id: 'docs', public: false }, { client })
}, SLOW)

async function sql(query: string) {
  const project = storage.mock.platform.ctx.db.projects.findFirst((q) => q.where({ ref }))!
  return (await openProjectDatabase(storage.mock.platform.ctx, project)).unlogged.exec(query)
}

/** Uploads `bytes` in chunks of `chunk` bytes through the dashboard's own calls; answers the stored object. */
async function upload(bucket: string, path: string, bytes: Uint8Array, options: { mimetype?: string; chunk?: number; caller?: StorageCaller; upsert?: boolean; project?: string } = {}) {
  const project = options.project ?? ref
  const session = await startUpload(project, bucket, { path, size: bytes.length, mimetype: options.mimetype ?? 'text/plain', upsert: options.upsert }, { client, caller: options.caller })
  const chunk = options.chunk ?? session.chunkSize
  let offset = 0
  for (;;) {
    const answer = await uploadChunk(project, bucket, session.uploadId, offset, bytes.slice(offset, offset + chunk), { client, caller: options.caller })
    offset = answer.offset
    if (answer.object) return answer.object
  }
}

const bytesOf = (text: string) => new TextEncoder().encode(text)

describe('uploads', () => {
  it(
    'sends a file in chunks, stores the row with its metadata, and downloads the same bytes',
    async () => {
      const bytes = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 31) % 256)
      const object = await upload('docs', 'reports/2026/q1.bin', bytes, { mimetype: 'application/octet-stream', chunk: 4096 })
      expect(object).toMatchObject({ name: 'reports/2026/q1.bin', bucket_id: 'docs', owner: null })
      expect(object.metadata).toMatchObject({ size: 10_000, mimetype: 'application/octet-stream', cacheControl: 'max-age=3600', contentLength: 10_000, httpStatusCode: 200 })
      expect(object.metadata?.eTag).toMatch(/^"[0-9a-f]{32}"$/)
      const blob = await downloadObject(ref, 'docs', 'reports/2026/q1.bin', { client })
      expect(blob.type).toBe('application/octet-stream')
      expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes)
    },
    SLOW,
  )

  it('refuses a chunk at the wrong offset with the offset to continue from, and drops a cancelled upload', async () => {
    const session = await startUpload(ref, 'docs', { path: 'partial.txt', size: 6, mimetype: 'text/plain' }, { client })
    expect(await uploadChunk(ref, 'docs', session.uploadId, 0, bytesOf('abc'), { client })).toEqual({ offset: 3 })
    const wrong = await apiFailure(uploadChunk(ref, 'docs', session.uploadId, 0, bytesOf('abc'), { client }))
    expect(wrong.code).toBe(409)
    expect(wrong.details).toMatchObject({ offset: 3 })
    await cancelUpload(ref, 'docs', session.uploadId, { client })
    expect((await apiFailure(uploadChunk(ref, 'docs', session.uploadId, 3, bytesOf('def'), { client }))).code).toBe(404)
    expect((await apiFailure(downloadObject(ref, 'docs', 'partial.txt', { client }))).code).toBe(404)
  })

  it('checks every limit before any byte: bucket size, plan, MIME wildcard, name, existing object', async () => {
    await createBucket(ref, { id: 'images', public: true, file_size_limit: 1000, allowed_mime_types: ['image/*', 'application/pdf'] }, { client })
    const start = (path: string, size: number, mimetype: string, project = ref, bucket = 'images') => startUpload(project, bucket, { path, size, mimetype }, { client })
    const bucketLimit = await apiFailure(start('big.png', 1001, 'image/png'))
    expect([bucketLimit.code, bucketLimit.message]).toEqual([413, 'The object exceeded the maximum allowed size: 1,000 bytes.'])
    const mime = await apiFailure(start('movie.mp4', 10, 'video/mp4'))
    expect([mime.code, mime.message]).toEqual([415, 'mime type video/mp4 is not supported'])
    expect(await start('cat.png', 10, 'image/png')).toMatchObject({ chunkSize: expect.any(Number) })
    expect(await start('doc.pdf', 10, 'application/pdf')).toMatchObject({ uploadId: expect.any(String) })
    const name = await apiFailure(start('bad#name.png', 10, 'image/png'))
    expect([name.code, name.message]).toEqual([400, 'A name cannot contain "#": use letters, numbers, spaces and _ / ! - . * \' ( ) & $ @ = ; : + , ? only.'])

    await createBucket(FREE_PROJECT.ref, { id: 'uploads', public: false }, { client })
    const plan = await apiFailure(start('huge.zip', 51 * BYTES_PER_MB, 'application/zip', FREE_PROJECT.ref, 'uploads'))
    expect([plan.code, plan.message]).toEqual([413, 'The Free plan allows files up to 50 MB. Upgrade the plan to raise the upload limit.'])

    await upload('docs', 'exists.txt', bytesOf('one'))
    expect((await apiFailure(startUpload(ref, 'docs', { path: 'exists.txt', size: 3, mimetype: 'text/plain' }, { client }))).code).toBe(409)
    await upload('docs', 'exists.txt', bytesOf('two!'), { upsert: true })
    expect(await (await downloadObject(ref, 'docs', 'exists.txt', { client })).text()).toBe('two!')
  }, SLOW)
})

describe('row-level security', () => {
  it(
    'lists for a role only what its policy allows, refuses an anon insert before any byte, and lets service_role see all',
    async () => {
      await createBucket(ref, { id: 'private', public: false }, { client })
      await upload('private', `${ADA}/notes.txt`, bytesOf('ada'))
      await upload('private', `${GRACE}/notes.txt`, bytesOf('grace'))
      await sql(`create policy "own folder read" on storage.objects for select to authenticated
          using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));
        create policy "own folder write" on storage.objects for insert to authenticated
          with check (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));`)
      const ada: StorageCaller = { role: 'authenticated', userId: ADA }
      const asService = await listObjects(ref, 'private', { path: '' }, { client })
      // Folders (id null) by name: GRACE's uuid sorts before ADA's.
      expect(asService.map((entry) => [entry.name, entry.id])).toEqual([
        [GRACE, null],
        [ADA, null],
      ])
      expect((await listObjects(ref, 'private', { path: '' }, { client, caller: ada })).map((entry) => entry.name)).toEqual([ADA])
      expect(await listObjects(ref, 'private', { path: GRACE }, { client, caller: ada })).toEqual([])
      expect(await listObjects(ref, 'private', { path: '' }, { client, caller: { role: 'anon' } })).toEqual([])
      expect((await apiFailure(downloadObject(ref, 'private', `${GRACE}/notes.txt`, { client, caller: ada }))).code).toBe(404)
      expect(await (await downloadObject(ref, 'private', `${ADA}/notes.txt`, { client, caller: ada })).text()).toBe('ada')

      const anon = await apiFailure(startUpload(ref, 'private', { path: 'anon.txt', size: 1, mimetype: 'text/plain' }, { client, caller: { role: 'anon' } }))
      expect([anon.code, anon.message]).toEqual([403, 'new row violates row-level security policy'])
      const intoGrace = await apiFailure(startUpload(ref, 'private', { path: `${GRACE}/x.txt`, size: 1, mimetype: 'text/plain' }, { client, caller: ada }))
      expect(intoGrace.code).toBe(403)
      const mine = await upload('private', `${ADA}/more.txt`, bytesOf('mine'), { caller: ada })
      expect(mine.owner).toBe(ADA)
      // The trial inserts were rolled back: no row was left by a refused upload.
      expect((await sql(`select count(*)::int as n from storage.objects where bucket_id = 'private'`))[0]?.rows).toEqual([{ n: 3 }])
      // A delete the role may not see deletes nothing.
      expect(await deleteObjects(ref, 'private', [`${GRACE}/notes.txt`], { client, caller: ada })).toEqual([])
    },
    SLOW,
  )
})

describe('signed and public URLs', () => {
  it('serves a signed URL until it expires (the mock clock moved), then says the token has expired', async () => {
    await upload('docs', 'signed/report.txt', bytesOf('signed bytes'))
    const url = await signObjectUrl(ref, 'docs', 'signed/report.txt', 60, { client })
    expect(url).toMatch(new RegExp(`^http://localhost/api/projects/${ref}/storage/v1/object/sign/docs/signed/report\\.txt\\?token=[\\w-]+\\.[\\w-]+$`))
    const served = await fetch(url)
    expect([served.status, served.headers.get('content-type'), await served.text()]).toEqual([200, 'text/plain', 'signed bytes'])
    const forged = await fetch(url.replace('signed/report.txt', 'exists.txt'))
    expect([forged.status, (await forged.json()) as unknown]).toEqual([400, { message: 'Invalid signature' }])
    storage.mock.platform.ctx.clockOffset = 61_000
    try {
      const expired = await fetch(url)
      expect([expired.status, (await expired.json()) as unknown]).toEqual([400, { message: 'Token has expired' }])
    } finally {
      storage.mock.platform.ctx.clockOffset = 0
    }
    expect((await apiFailure(signObjectUrl(ref, 'docs', 'missing.txt', 60, { client }))).code).toBe(404)
  })

  it('hands out public URLs for public buckets only, and serves them without sign-in', async () => {
    expect((await apiFailure(publicObjectUrl(ref, 'docs', 'exists.txt', { client }))).message).toBe('Bucket not found')
    await upload('images', 'cat.png', Uint8Array.from([137, 80, 78, 71]), { mimetype: 'image/png' })
    const url = await publicObjectUrl(ref, 'images', 'cat.png', { client })
    expect(url).toBe(`http://localhost/api/projects/${ref}/storage/v1/object/public/images/cat.png`)
    const served = await fetch(url)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect([...new Uint8Array(await served.arrayBuffer())]).toEqual([137, 80, 78, 71])
    expect((await fetch(`http://localhost/api/projects/${ref}/storage/v1/object/public/docs/exists.txt`)).status).toBe(400)
  })
})

describe('moving, copying and deleting', () => {
  it(
    'moves a file, moves a folder by prefix, copies with the bytes, refuses a move onto an existing name, deletes many',
    async () => {
      for (const name of ['album/a.txt', 'album/b.txt', 'album/deep/c.txt', 'loose.txt']) await upload('docs', name, bytesOf(name))
      await moveObject(ref, 'docs', 'loose.txt', 'album/loose.txt', { client })
      await moveObject(ref, 'docs', 'album/', 'photos/2026/', { client })
      expect((await listAllObjectsUnder(ref, 'docs', 'photos', { client })).map((o) => o.name)).toEqual([
        'photos/2026/a.txt',
        'photos/2026/b.txt',
        'photos/2026/deep/c.txt',
        'photos/2026/loose.txt',
      ])
      expect(await listObjects(ref, 'docs', { path: 'album' }, { client })).toEqual([])
      expect(await (await downloadObject(ref, 'docs', 'photos/2026/deep/c.txt', { client })).text()).toBe('album/deep/c.txt')

      expect(await copyObject(ref, 'docs', 'photos/2026/a.txt', 'copies/a.txt', { client })).toEqual({ path: 'copies/a.txt' })
      expect(await (await downloadObject(ref, 'docs', 'copies/a.txt', { client })).text()).toBe('album/a.txt')
      const onto = await apiFailure(moveObject(ref, 'docs', 'photos/2026/b.txt', 'copies/a.txt', { client }))
      expect(onto.code).toBe(409)
      expect((await apiFailure(moveObject(ref, 'docs', 'photos/', 'photos/inner/', { client }))).code).toBe(400)
      expect((await apiFailure(moveObject(ref, 'docs', 'nothing.txt', 'x.txt', { client }))).code).toBe(404)

      const deleted = await deleteObjects(ref, 'docs', ['photos/2026/a.txt', 'photos/2026/b.txt', 'not-there.txt'], { client })
      expect(deleted).toEqual([{ name: 'photos/2026/a.txt' }, { name: 'photos/2026/b.txt' }])
      expect((await listAllObjectsUnder(ref, 'docs', 'photos', { client })).map((o) => o.name)).toEqual(['photos/2026/deep/c.txt', 'photos/2026/loose.txt'])
    },
    SLOW,
  )
})

describe('listing a folder of 10,000 objects', () => {
  it(
    'pages folders first, then files, by offset and limit, with search and sort',
    async () => {
      await createBucket(ref, { id: 'big', public: false }, { client })
      const filled = performance.now()
      expect(await fillStorageFolder(storage.mock.platform.ctx, ref, { bucket: 'big', folder: 'many', count: 10_000 })).toBe(10_000)
      const fillMs = performance.now() - filled
      await upload('big', 'many/zz-sub/inner.txt', bytesOf('inner'))
      await upload('big', 'many/aa-sub/.emptyFolderPlaceholder', new Uint8Array())

      const pages: string[][] = []
      const started = performance.now()
      for (let offset = 0; ; offset += STORAGE_LIST_PAGE_SIZE) {
        const page = await listObjects(ref, 'big', { path: 'many', offset }, { client })
        pages.push(page.map((entry) => entry.name))
        if (page.length < STORAGE_LIST_PAGE_SIZE) break
      }
      const listMs = performance.now() - started
      const names = pages.flat()
      expect(names).toHaveLength(10_002)
      expect(names.slice(0, 3)).toEqual(['aa-sub', 'zz-sub', 'file-00001.txt'])
      expect(names.at(-1)).toBe('file-10000.txt')
      expect(new Set(names).size).toBe(names.length)
      expect(pages.slice(0, -1).every((page) => page.length === STORAGE_LIST_PAGE_SIZE)).toBe(true)

      const desc = await listObjects(ref, 'big', { path: 'many', sort: { column: 'name', order: 'desc' }, limit: 3 }, { client })
      expect(desc.map((entry) => [entry.name, entry.id === null])).toEqual([
        ['zz-sub', true],
        ['aa-sub', true],
        ['file-10000.txt', false],
      ])
      const newest = await listObjects(ref, 'big', { path: 'many/', sort: { column: 'created_at', order: 'desc' }, offset: 2, limit: 2 }, { client })
      expect(newest.map((entry) => entry.name)).toEqual(['file-00001.txt', 'file-00002.txt'])
      const searched = await listObjects(ref, 'big', { path: 'many', search: 'FILE-0999' }, { client })
      expect(searched.map((entry) => entry.name)).toEqual(Array.from({ length: 10 }, (_, i) => fixtureObjectName('', 9990 + i)))
      const bySize = await listObjects(ref, 'big', { path: 'many', sort: { column: 'size', order: 'asc' }, limit: 3 }, { client })
      expect(bySize.map((entry) => entry.name)).toEqual(['aa-sub', 'zz-sub', 'file-00001.txt'])
      expect(await (await downloadObject(ref, 'big', 'many/file-04321.txt', { client })).text()).toBe('many/file-04321.txt\n')
      console.info(`storage fixture: 10,000 objects filled in ${Math.round(fillMs)} ms; 51 pages listed in ${Math.round(listMs)} ms`)
    },
    SLOW * 2,
  )
})
