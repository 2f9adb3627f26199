import { MemoryFS } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { PRELOADED_EXTENSIONS } from './contrib-extensions'
import { changedSince, dataChangedSince, ErrorForwardingPGlite, type FsNode } from './forwarding-pglite'
import { initialDataOption, readInitialData } from './initial-data-node'
import { createPGliteDatabase } from './pglite-database'
import { askingForRawAnswers, streamingAnswers } from './raw-pglite-worker'

/** Reads the data directory's root node as the worker's sync check does. */
class InspectedPGlite extends ErrorForwardingPGlite {
  dataDirNode(): FsNode {
    return this.mod!.FS.lookupPath('/pglite/data', { follow: true }).node as unknown as FsNode
  }
}

const pg = new InspectedPGlite(await initialDataOption())
afterAll(() => pg.close())

const dataDir = () => pg.dataDirNode()
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('the data directory changed since a sync began', () => {
  it('says yes after a write and no after a read, so only writes wait for IndexedDB', async () => {
    await pg.waitReady
    await pg.query('select 1')
    await tick()
    const beforeWrite = Date.now()
    await pg.exec("create table kept (id int primary key, note text); insert into kept values (1, 'still here')")
    expect(changedSince(dataDir(), beforeWrite)).toBe(true)

    await tick()
    const beforeRead = Date.now()
    await pg.query('select note from kept')
    await pg.query('select count(*) from pg_class')
    expect(changedSince(dataDir(), beforeRead)).toBe(false)
  })

  it("leaves out pg_stat_statements' query texts, which every new statement rewrites, reads too: a project database's read stores nothing", async () => {
    const counted = new InspectedPGlite({ ...(await initialDataOption()), extensions: PRELOADED_EXTENSIONS })
    try {
      await counted.exec('create extension if not exists pg_stat_statements')
      await counted.query('select 1')
      await tick()
      const beforeRead = Date.now()
      await counted.query('select count(*) as n from pg_class where relkind = $1', ['r'])
      // The texts file did change (the whole tree says so), yet nothing a restart needs did.
      expect(changedSince(counted.dataDirNode(), beforeRead)).toBe(true)
      expect(dataChangedSince(counted.dataDirNode(), beforeRead)).toBe(false)
      await tick()
      const beforeWrite = Date.now()
      await counted.exec('create table counted_write (id int)')
      expect(dataChangedSince(counted.dataDirNode(), beforeWrite)).toBe(true)
    } finally {
      await counted.close()
    }
  })

  it('reads the times IDBFS gives the files it loaded from IndexedDB (Dates), so a kept database read after a reload is not stored again', () => {
    const kept = (file: number) => ({ mtime: new Date(1), contents: { a: { mtime: new Date(file), contents: new Uint8Array() } } })
    expect(changedSince(kept(2), 3)).toBe(false)
    expect(changedSince(kept(5), 3)).toBe(true)
    expect(changedSince({ mtime: new Date(Number.NaN) }, 3)).toBe(true)
  })

  it('counts a node it cannot read the time of as changed', () => {
    expect(changedSince({ mtime: 'then' as unknown as number }, 0)).toBe(true)
    expect(changedSince({ mtime: 1, contents: { a: { mtime: 5, contents: new Uint8Array() } } }, 3)).toBe(true)
    expect(changedSince({ mtime: 1, contents: { a: { mtime: 2, contents: new Uint8Array() } } }, 3)).toBe(false)
  })
})

/** A file system whose stores wait until the test lets them finish, and are counted. */
class GatedStore extends MemoryFS {
  stores = 0
  #open: () => void = () => {}
  #gate = new Promise<void>((resolve) => (this.#open = resolve))
  override async syncToFs(): Promise<void> {
    this.stores++
    await this.#gate
  }
  open(): void {
    this.#open()
  }
}

const settled = async <T>(promise: Promise<T>, ms = 300): Promise<boolean> =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])

describe("a database's stores", () => {
  it("stores nothing while its worker's own start-up work is held (its demo rows), then that work in one store; a read after it stores nothing", async () => {
    const fs = new GatedStore()
    fs.open()
    const loaded = new ErrorForwardingPGlite({ fs, loadDataDir: (await readInitialData())! })
    loaded.holdStores()
    try {
      await loaded.waitReady
      await loaded.exec('create table seeded_by_worker (id int)')
      await loaded.syncToFs()
      await loaded.exec('insert into seeded_by_worker values (1)')
      await loaded.syncToFs()
      expect(fs.stores).toBe(0)
      await loaded.releaseStores()
      expect(fs.stores).toBe(1)
      await loaded.query('select count(*) from seeded_by_worker')
      await loaded.syncToFs()
      expect(fs.stores).toBe(1)
    } finally {
      await loaded.close()
    }
  }, 120_000)

  it('answers reads without a store (its start needs none either); a write is answered only once it is stored', async () => {
    const fs = new GatedStore()
    const loaded = new ErrorForwardingPGlite({ fs, loadDataDir: (await readInitialData())! })
    try {
      expect(await settled(loaded.waitReady, 60_000)).toBe(true)
      expect(await settled(loaded.query('select 1 as one'))).toBe(true)
      expect(await settled(loaded.syncToFs())).toBe(true)
      expect(fs.stores).toBe(0)

      const write = loaded.exec('create table kept (id int)')
      expect(await settled(write, 500)).toBe(false)
      expect(fs.stores).toBe(1)
      fs.open()
      await write
      expect(fs.stores).toBe(1)
      await loaded.exec('insert into kept values (1)')
      expect(fs.stores).toBe(2)
    } finally {
      fs.open()
      await loaded.close()
    }
  }, 120_000)

  it("a write run as the SQL editor runs it (its answer streamed) is answered only once it is stored, as a query's is; a streamed read stores nothing", async () => {
    const fs = new GatedStore()
    const loaded = new ErrorForwardingPGlite({ fs, loadDataDir: (await readInitialData())! })
    // The page's side as pglite-browser.ts wires it (the RPC clones the options).
    const db = createPGliteDatabase(askingForRawAnswers(loaded), {
      streamAnswer: streamingAnswers({ execProtocolRawStream: (message, options) => loaded.execProtocolRawStream(message, structuredClone(options)) }),
    })
    const onRows = () => {}
    try {
      expect(await settled(db.exec('select 1 as one', { onRows }), 60_000)).toBe(true)
      expect(fs.stores).toBe(0)

      const write = db.exec('create table written_in_the_editor as select 42 as id', { onRows })
      expect(await settled(write, 500)).toBe(false)
      expect(fs.stores).toBe(1)
      fs.open()
      expect((await write).at(-1)).toMatchObject({ command: 'SELECT' })
      await db.exec('insert into written_in_the_editor values (43)', { onRows })
      expect(fs.stores).toBe(2)
      const [read] = await db.exec('select id from written_in_the_editor order by id', { onRows })
      expect(read?.rows).toEqual([{ id: 42 }, { id: 43 }])
      expect(fs.stores).toBe(2)
    } finally {
      fs.open()
      await db.close()
    }
  }, 120_000)
})
