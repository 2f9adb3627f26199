/** The storage endpoints' SQL on PGlite and, with DATABASE_URL, on a real PostgreSQL server: the same answers from both. */
import { describe, expect, it } from 'vitest'
import { createMemoryDatabaseProvider } from '../postgres/pglite-memory'
import { serverSuiteTarget, suiteDatabase } from '../postgres/suite-database'
import type { ProjectDatabase } from '../postgres/types'
import {
  FIRST_STATEMENT,
  bucketsSql,
  copySql,
  createBucketSql,
  deleteBucketSql,
  deleteObjectsSql,
  emptyBucketSql,
  insertObjectSql,
  listSql,
  moveSql,
  roleScript,
  updateBucketSql,
  type ListOptions,
  type StorageCallerClaims,
} from './sql'

const SERVICE: StorageCallerClaims = { role: 'service_role', userId: null }
const ADA: StorageCallerClaims = { role: 'authenticated', userId: '6f1c7d5e-2b1a-4c7e-9a43-0d5e2f1b9c10' }
const LIST: ListOptions = { prefix: '', limit: 100, offset: 0, search: '', column: 'name', order: 'asc', recursive: false }

function describeStorageSql(database: () => ProjectDatabase) {
  async function as(caller: StorageCallerClaims, sql: string): Promise<unknown> {
    const results = await database().exec(roleScript(caller, [sql]))
    return results[FIRST_STATEMENT]?.rows[0]?.['answer']
  }
  const names = (answer: unknown) => (answer as { name: string }[]).map((entry) => entry.name)

  it('makes, reads, edits and removes a bucket and its objects', async () => {
    const db = database()
    await db.exec(createBucketSql('sql-b', { public: true, file_size_limit: 10, allowed_mime_types: ['image/*'] }))
    const [bucket] = (await db.query(bucketsSql('sql-b'))).rows[0]?.['answer'] as Record<string, unknown>[]
    expect(bucket).toMatchObject({ id: 'sql-b', public: true, file_size_limit: 10, allowed_mime_types: ['image/*'], type: 'STANDARD' })
    await db.exec(updateBucketSql('sql-b', { allowed_mime_types: null }))
    expect(((await db.query(bucketsSql('sql-b'))).rows[0]?.['answer'] as Record<string, unknown>[])[0]).toMatchObject({ allowed_mime_types: null, file_size_limit: 10 })
    await as(SERVICE, insertObjectSql('sql-b', { name: 'a/b.png', owner: null, metadata: { size: 1 } }, false))
    expect((await db.query(emptyBucketSql('sql-b'))).rows[0]?.['answer']).toHaveLength(1)
    await db.exec(deleteBucketSql('sql-b'))
    expect((await db.query(bucketsSql('sql-b'))).rows[0]?.['answer']).toEqual([])
  })

  it('lists folders first, pages, searches, lists recursively, moves a folder, copies, deletes; RLS decides what a role sees', async () => {
    const db = database()
    await db.exec(createBucketSql('sql-list', {}))
    try {
      for (const name of ['b.txt', 'a.txt', 'z/1.txt', 'z/deep/2.txt', 'm/3.txt', `${ADA.userId}/mine.txt`, 'under_score/x.txt', 'underXscore/y.txt']) {
        await as(SERVICE, insertObjectSql('sql-list', { name, owner: null, metadata: { size: name.length } }, false))
      }
      expect(names(await as(SERVICE, listSql('sql-list', LIST)))).toEqual([ADA.userId, 'm', 'underXscore', 'under_score', 'z', 'a.txt', 'b.txt'])
      expect(names(await as(SERVICE, listSql('sql-list', { ...LIST, order: 'desc', offset: 4, limit: 2 })))).toEqual([ADA.userId, 'b.txt'])
      expect(names(await as(SERVICE, listSql('sql-list', { ...LIST, search: 'UNDER_' })))).toEqual(['under_score'])
      // The prefix's '_' is a character, not a LIKE wildcard.
      expect(names(await as(SERVICE, listSql('sql-list', { ...LIST, prefix: 'under_score/' })))).toEqual(['x.txt'])
      expect(names(await as(SERVICE, listSql('sql-list', { ...LIST, prefix: 'z/', recursive: true })))).toEqual(['z/1.txt', 'z/deep/2.txt'])

      expect(await as(SERVICE, moveSql('sql-list', 'z/', 'y/z/'))).toBe(2)
      expect(names(await as(SERVICE, listSql('sql-list', { ...LIST, prefix: 'y/', recursive: true })))).toEqual(['y/z/1.txt', 'y/z/deep/2.txt'])
      expect(await as(SERVICE, copySql('sql-list', 'a.txt', 'copy.txt', null))).toEqual({ source: expect.any(String), copy: expect.any(String) })
      await expect(as(SERVICE, moveSql('sql-list', 'b.txt', 'copy.txt'))).rejects.toMatchObject({ code: '23505' })

      await db.exec(`create policy "sql own" on storage.objects for select to authenticated using (bucket_id = 'sql-list' and (storage.foldername(name))[1] = (select auth.uid()::text))`)
      expect(names(await as(ADA, listSql('sql-list', LIST)))).toEqual([ADA.userId])
      expect(await as({ role: 'anon', userId: null }, listSql('sql-list', LIST))).toEqual([])
      await expect(as({ role: 'anon', userId: null }, insertObjectSql('sql-list', { name: 'nope.txt', owner: null, metadata: {} }, false))).rejects.toMatchObject({ code: '42501' })
      expect(names(await as(ADA, deleteObjectsSql('sql-list', ['a.txt', `${ADA.userId}/mine.txt`])))).toEqual([])
      expect(names(await as(SERVICE, deleteObjectsSql('sql-list', ['a.txt', 'b.txt'])))).toEqual(['a.txt', 'b.txt'])
    } finally {
      await db.exec(`drop policy if exists "sql own" on storage.objects; ${emptyBucketSql('sql-list')}; ${deleteBucketSql('sql-list')};`)
    }
  })

  it('a page sorted by name is the whole folder sorted and cut, folders first, in 300 random pages of a random tree', async () => {
    const db = database()
    await db.exec(createBucketSql('sql-pages', {}))
    try {
      // A draw that repeats (a seeded LCG, its high bits): names over a few letters, '/', '_', '%', 'é' and case.
      let seed = 48053
      const draw = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), Math.floor((seed / 2 ** 31) * n))
      const letters = ['a', 'b', 'B', '_', '%', 'é', '.', 'a/', 'b/', '/']
      const made = new Set<string>()
      while (made.size < 300) {
        let name = ''
        for (let i = 1 + draw(6); i > 0; i--) name += letters[draw(letters.length)]
        name = name.replace(/\/+/g, '/').replace(/^\//, '')
        if (name !== '' && !name.endsWith('/')) made.add(name)
      }
      await db.exec(roleScript(SERVICE, [`insert into storage.objects (bucket_id, name) select 'sql-pages', unnest(${`array[${[...made].map((n) => `'${n.replace(/'/g, "''")}'`).join(', ')}]`})`]))
      const bytes = (text: string) => new TextEncoder().encode(text)
      const byteOrder = (a: string, b: string) => {
        const [x, y] = [bytes(a), bytes(b)]
        for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!
        return x.length - y.length
      }
      /** What the listing shows, worked out here from every name. */
      const expected = (options: ListOptions) => {
        const rests = [...made].filter((name) => name.startsWith(options.prefix)).map((name) => name.slice(options.prefix.length))
        const shown = (name: string) => name.toLowerCase().startsWith(options.search.toLowerCase())
        const direction = options.order === 'desc' ? -1 : 1
        const folders = [...new Set(rests.filter((rest) => rest.includes('/')).map((rest) => rest.split('/')[0]!))].filter(shown)
        const files = rests.filter((rest) => !rest.includes('/')).filter(shown)
        const sorted = (list: string[]) => list.sort((a, b) => direction * byteOrder(a, b))
        return { folders: folders.length, page: [...sorted(folders), ...sorted(files)].slice(options.offset, options.offset + options.limit) }
      }
      const prefixes = ['', ...new Set([...made].filter((name) => name.includes('/')).map((name) => name.slice(0, name.lastIndexOf('/') + 1)))]
      // Pages that hold folders and files both (where the two parts meet), and pages past the end.
      let [meeting, pastEnd] = [0, 0]
      for (let trial = 0; trial < 300; trial++) {
        const drawn = { prefix: draw(2) === 0 ? '' : prefixes[draw(prefixes.length)]!, search: ['', '', 'a', 'B', '_'][draw(5)]!, order: draw(2) === 0 ? ('asc' as const) : ('desc' as const) }
        const whole = expected({ ...LIST, ...drawn, limit: Infinity })
        const limit = 1 + draw(12)
        const options: ListOptions = { ...LIST, ...drawn, limit, offset: draw(3) === 0 ? 0 : draw(whole.page.length + 3) }
        const want = expected(options).page
        if (want.length === 0) pastEnd++
        else if (options.offset < whole.folders && options.offset + want.length > whole.folders) meeting++
        expect({ options, names: names(await as(SERVICE, listSql('sql-pages', options))) }).toEqual({ options, names: want })
      }
      expect(meeting).toBeGreaterThan(20)
      expect(pastEnd).toBeGreaterThan(5)
    } finally {
      await db.exec(`${emptyBucketSql('sql-pages')}; ${deleteBucketSql('sql-pages')};`)
    }
  })
}

describe('PGlite', () => {
  describeStorageSql(suiteDatabase(createMemoryDatabaseProvider, 'storagesql'))
})

const server = serverSuiteTarget('storagesql')
describe.runIf(server)('PostgreSQL server (DATABASE_URL)', () => {
  if (server) describeStorageSql(suiteDatabase(server.createProvider, 'storagesql', server.reset))
})
