import 'fake-indexeddb/auto'
import { beforeAll, describe, expect, it } from 'vitest'
import { readInitialData } from './initial-data-node'
import { requested } from '../records/indexed-db'
import { KeptDataDirFS, keptDataDirDatabase, keptDataDirExists } from './kept-data-dir-fs'
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

    // The start's steps are marked as they pass (the bench's breakdown of a start): read, merged, loaded.
    const steps: string[] = []
    const second = start(name, null, (step) => steps.push(step))
    await second.pg.waitReady
    expect(steps).toEqual(['kept-files-read', 'kept-files-merged', 'kept-files-loaded'])
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
})
