import 'fake-indexeddb/auto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { readInitialData } from './initial-data-node'
import { completed, requested } from '../records/indexed-db'
import { BLOCK_BYTES, KeptDataDirFS, keptDataDirDatabase, keptDataDirExists } from './kept-data-dir-fs'
import { StudioPGlite } from './studio-pglite'

let snapshot: Blob
beforeAll(async () => {
  const data = await readInitialData()
  expect(data, 'the start-up snapshot (npm run prepare)').not.toBeNull()
  snapshot = data!
})

/** What the IndexedDB store holds: its snapshot's size and the paths kept as changes since. */
async function stored(name: string): Promise<{ base: number; files: string[]; removals: string[] }> {
  const db = await requested(indexedDB.open(keptDataDirDatabase(name)))
  const store = (name: string) => db.transaction(name).objectStore(name)
  try {
    const base = await requested(store('base').get('base') as IDBRequest<Blob | undefined>)
    return {
      base: base?.size ?? 0,
      files: (await requested(store('files').getAllKeys())) as string[],
      removals: ((await requested(store('removals').getAll())) as { path: string }[]).map((removal) => removal.path),
    }
  } finally {
    db.close()
  }
}

const deleteKeptDataDir = (name: string) => requested(indexedDB.deleteDatabase(keptDataDirDatabase(name)))

const start = (name: string, from: Blob | null, mark?: (step: string) => void) => {
  const fs = new KeptDataDirFS(name, from, mark)
  return { fs, pg: new StudioPGlite({ fs }) }
}

describe('a data directory kept in IndexedDB as its snapshot and the files changed since', () => {
  it('stores a new database as its snapshot, keeps each write, and starts again from them with the rows', async () => {
    const name = 'kept-rows'
    expect(await keptDataDirExists(name)).toBe(false)
    const first = start(name, snapshot)
    await first.pg.waitReady
    expect(first.fs.isNew).toBe(true)
    expect(await keptDataDirExists(name)).toBe(true)
    // The snapshot is stored as it came (one value of ~3 MB), not as its ~1,000 files.
    const afterStart = await stored(name)
    expect(afterStart.base).toBe(snapshot.size)

    await first.pg.exec("create table kept (id int primary key, note text); insert into kept values (1, 'one'), (2, 'two')")
    const afterWrite = await stored(name)
    // Only what the write changed: the table's file, the catalogs it touched, the WAL; far from all.
    expect(afterWrite.files.length).toBeGreaterThan(0)
    expect(afterWrite.files.length).toBeLessThan(200)
    expect(afterWrite.files.some((path) => path.startsWith('/pg_wal/'))).toBe(true)
    // Postgres's temporary statistics change at every statement and are never kept.
    expect(afterWrite.files.filter((path) => path.startsWith('/pg_stat_tmp/'))).toEqual([])
    // Closed without a clean shutdown's store, as a page is: what was answered is kept.
    await first.fs.backend.close()

    // The start's steps are marked as they pass (the bench's breakdown of a start): reading, read, merged, loaded.
    // The kept files are read as soon as the file system is made, before PGlite asks for them (which it
    // does once Postgres is compiled and instantiated): the read runs meanwhile.
    const steps: string[] = []
    const fs = new KeptDataDirFS(name, null, (step) => steps.push(step))
    await vi.waitFor(() => expect(steps).toEqual(['kept-files-reading', 'kept-files-read']), { timeout: 10_000 })
    const second = { fs, pg: new StudioPGlite({ fs }) }
    await second.pg.waitReady
    expect(steps).toEqual(['kept-files-reading', 'kept-files-read', 'kept-files-merged', 'kept-files-loaded'])
    expect(second.fs.isNew).toBe(false)
    expect((await second.pg.query<{ note: string }>('select note from kept order by id')).rows.map((row) => row.note)).toEqual(['one', 'two'])
    await second.pg.close()
    await deleteKeptDataDir(name)
    expect(await keptDataDirExists(name)).toBe(false)
  }, 120_000)

  it('keeps removals: a dropped table’s file and a database’s whole folder stay gone after a restart', async () => {
    const name = 'kept-removals'
    const first = start(name, snapshot)
    await first.pg.exec('create table doomed (id int); insert into doomed values (1)')
    await first.pg.exec('create database scratch')
    const file = (await first.pg.query<{ path: string }>("select pg_relation_filepath('doomed') as path")).rows[0]!.path
    const scratch = (await first.pg.query<{ oid: number }>("select oid from pg_database where datname = 'scratch'")).rows[0]!.oid
    await first.pg.exec('drop table doomed')
    await first.pg.exec('drop database scratch')
    // A folder the snapshot itself holds: template0's (base/4).
    const template0 = (await first.pg.query<{ oid: number }>("select oid from pg_database where datname = 'template0'")).rows[0]!.oid
    await first.pg.exec('alter database template0 is_template false')
    await first.pg.exec('drop database template0')
    await first.pg.exec('checkpoint') // Postgres unlinks a dropped relation's files at the next checkpoint
    const fsOf = (pg: StudioPGlite) => pg.Module.FS
    expect(fsOf(first.pg).analyzePath(`/pglite/data/${file}`).exists).toBe(false)
    const afterDrop = await stored(name)
    expect(afterDrop.files.filter((path) => path === `/${file}` || path.startsWith(`/base/${scratch}`))).toEqual([])
    expect(afterDrop.removals).toContain(`/base/${template0}`)
    await first.pg.close()

    const second = start(name, null)
    await second.pg.waitReady
    expect(fsOf(second.pg).analyzePath(`/pglite/data/${file}`).exists).toBe(false)
    expect(fsOf(second.pg).analyzePath(`/pglite/data/base/${scratch}`).exists).toBe(false)
    expect(fsOf(second.pg).analyzePath(`/pglite/data/base/${template0}`).exists).toBe(false)
    expect((await second.pg.query("select 1 from pg_database where datname = 'template0'")).rows).toEqual([])
    expect((await second.pg.query("select 1 from pg_class where relname = 'doomed'")).rows).toEqual([])
    // Written after those removals: kept too.
    await second.pg.exec('create table again (id int); insert into again values (7)')
    expect((await second.pg.query<{ id: number }>('select id from again')).rows).toEqual([{ id: 7 }])
    await second.pg.close()

    const third = start(name, null)
    expect((await third.pg.query<{ id: number }>('select id from again')).rows).toEqual([{ id: 7 }])
    await third.pg.close()
    await deleteKeptDataDir(name)
  }, 120_000)

  it('runs initdb when it has no snapshot and keeps what initdb made, without a snapshot under it later', async () => {
    const name = 'kept-initdb'
    const first = start(name, null)
    await first.pg.exec('create table made (id int); insert into made values (3)')
    expect(first.fs.isNew).toBe(false)
    await first.pg.close()
    expect(await keptDataDirExists(name)).toBe(true)
    // A snapshot offered later (one that could not be fetched the first time) is not laid under it.
    const second = start(name, snapshot)
    expect((await second.pg.query<{ id: number }>('select id from made')).rows).toEqual([{ id: 3 }])
    expect(second.fs.isNew).toBe(false)
    expect((await stored(name)).base).toBe(0)
    await second.pg.close()
    await deleteKeptDataDir(name)
  }, 180_000)

  it('keeps a file in blocks: a changed page of a large table stores a block or two, and shrinking, growing and a file kept whole by an older store all read back', async () => {
    const name = 'kept-blocks'
    const first = start(name, snapshot)
    await first.pg.exec("create table big as select g, repeat(md5(g::text), 6) as pad from generate_series(1, 60000) g")
    // Read once and written out: the first read sets every page's hint bits, which changes them all.
    await first.pg.exec('select count(*) from big; checkpoint')
    const file = (await first.pg.query<{ path: string }>("select pg_relation_filepath('big') as path")).rows[0]!.path
    const tableBytes = first.pg.Module.FS.stat(`/pglite/data/${file}`).size
    expect(tableBytes).toBeGreaterThan(10 * BLOCK_BYTES)
    // One row changed, its page written out: that page's block, the WAL's, and small files whole (pg_control, pg_xact).
    await first.pg.exec("update big set pad = 'changed' where g = 30000")
    await first.pg.exec('checkpoint')
    expect(first.fs.backend.lastStored.bytes).toBeGreaterThan(0)
    expect(first.fs.backend.lastStored.bytes).toBeLessThanOrEqual(3 * BLOCK_BYTES)
    // Shrunk (vacuum cuts the emptied end off the file), then grown again.
    await first.pg.exec('delete from big where g > 100')
    await first.pg.exec('vacuum big')
    expect(first.pg.Module.FS.stat(`/pglite/data/${file}`).size).toBeLessThan(BLOCK_BYTES)
    await first.pg.exec("insert into big select g, 'again' from generate_series(100001, 101000) g; checkpoint")
    await first.pg.close()

    const sums = 'select count(*)::int as n, sum(g)::bigint::text as total, count(*) filter (where pad = $1)::int as again from big'
    const expected = { n: 1100, total: String(5050 + (100001 + 101000) * 500), again: 1000 }
    const second = start(name, null)
    expect((await second.pg.query(sums, ['again'])).rows[0]).toEqual(expected)
    await second.pg.close()

    // A store from before blocks kept each file whole: the table's file is put back so, and still read.
    const db = await requested(indexedDB.open(keptDataDirDatabase(name)))
    const tx = db.transaction(['files', 'blocks'], 'readwrite')
    const record = (await requested(tx.objectStore('files').get(`/${file}`))) as { seq: number; size: number }
    const blocks = (await requested(tx.objectStore('blocks').getAll(IDBKeyRange.bound([`/${file}`, 0], [`/${file}`, Infinity])))) as Uint8Array[]
    const whole = new Uint8Array(record.size)
    blocks.forEach((block, index) => whole.set(block.subarray(0, record.size - index * BLOCK_BYTES), index * BLOCK_BYTES))
    tx.objectStore('files').put({ seq: record.seq, data: whole }, `/${file}`)
    tx.objectStore('blocks').delete(IDBKeyRange.bound([`/${file}`, 0], [`/${file}`, Infinity]))
    await completed(tx)
    db.close()
    const third = start(name, null)
    expect((await third.pg.query(sums, ['again'])).rows[0]).toEqual(expected)
    // Its next change keeps it in blocks, every one of them.
    await third.pg.exec("update big set pad = 'last' where g = 1; checkpoint")
    expect(third.fs.backend.lastStored.bytes).toBeGreaterThanOrEqual(third.pg.Module.FS.stat(`/pglite/data/${file}`).size)
    await third.pg.close()
    const fourth = start(name, null)
    expect((await fourth.pg.query<{ pad: string }>('select pad from big where g = 1')).rows).toEqual([{ pad: 'last' }])
    expect((await fourth.pg.query(sums, ['again'])).rows[0]).toEqual(expected)
    await fourth.pg.close()
    await deleteKeptDataDir(name)
  }, 180_000)
})
