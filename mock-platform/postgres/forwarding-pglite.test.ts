import { afterAll, describe, expect, it } from 'vitest'
import { changedSince, ErrorForwardingPGlite, type FsNode } from './forwarding-pglite'

/** Reads the data directory's root node as the worker's sync check does. */
class InspectedPGlite extends ErrorForwardingPGlite {
  dataDirNode(): FsNode {
    return this.mod!.FS.lookupPath('/pglite/data', { follow: true }).node as unknown as FsNode
  }
}

const pg = new InspectedPGlite()
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

  it('counts a node it cannot read the time of as changed', () => {
    expect(changedSince({ mtime: 'then' as unknown as number }, 0)).toBe(true)
    expect(changedSince({ mtime: 1, contents: { a: { mtime: 5, contents: new Uint8Array() } } }, 3)).toBe(true)
    expect(changedSince({ mtime: 1, contents: { a: { mtime: 2, contents: new Uint8Array() } } }, 3)).toBe(false)
  })
})
