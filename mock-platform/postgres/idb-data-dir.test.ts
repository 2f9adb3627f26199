import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dataDirExists, dataDirStorage, fetchFirstSnapshot } from './idb-data-dir'
import { readInitialData } from './initial-data-node'
import { keptDataDirExists } from './kept-data-dir-fs'
import { StudioPGlite } from './studio-pglite'

afterEach(() => vi.unstubAllGlobals())

describe('fetching the snapshot a new database starts from', () => {
  it("skips a page answered in a snapshot's place (the dev server's index.html for a stale template's name), and one that is missing", async () => {
    const answers: Record<string, Response> = {
      '/pglite-seeded-template-stale.tar.gz': new Response('<!doctype html><html></html>', { headers: { 'content-type': 'text/html' } }),
      '/missing.tar.gz': new Response('', { status: 404 }),
      '/pglite-initial-data.tar.gz': new Response(new Uint8Array([0x1f, 0x8b, 8, 0]), { headers: { 'content-type': 'application/gzip' } }),
    }
    vi.stubGlobal('fetch', async (url: string) => answers[url]!)
    const snapshot = await fetchFirstSnapshot(['/pglite-seeded-template-stale.tar.gz', '/missing.tar.gz', '/pglite-initial-data.tar.gz'])
    expect(snapshot && [...new Uint8Array(await snapshot.arrayBuffer())]).toEqual([0x1f, 0x8b, 8, 0])
    expect(await fetchFirstSnapshot(['/pglite-seeded-template-stale.tar.gz'])).toBeNull()
  })
})

describe('a data directory PGlite’s own IndexedDB file system kept (a page of an earlier Studio)', () => {
  it('is moved into the kept store at its next start, its rows with it, and deleted where it was', async () => {
    const dataDir = 'idb://studio-project-moved'
    const old = new StudioPGlite({ dataDir, loadDataDir: (await readInitialData())! })
    await old.exec("create table kept_before (note text); insert into kept_before values ('from IDBFS')")
    await old.close()
    expect(await dataDirExists(dataDir)).toBe(true)

    const storage = await dataDirStorage(dataDir, ['/never-fetched.tar.gz'], async (from) => new StudioPGlite({ dataDir: from }))
    const pg = new StudioPGlite(storage.options)
    await pg.waitReady
    await storage.started()
    // Not a new database: its rows are an earlier page's, not a snapshot's to seed.
    expect(storage.isNew()).toBe(false)
    expect((await pg.query<{ note: string }>('select note from kept_before')).rows).toEqual([{ note: 'from IDBFS' }])
    expect(await dataDirExists(dataDir)).toBe(false)
    expect(await keptDataDirExists('studio-project-moved')).toBe(true)
    await pg.close()

    // The next start reads the kept store alone.
    const again = await dataDirStorage(dataDir, [], async () => {
      throw new Error('IDBFS read again')
    })
    const next = new StudioPGlite(again.options)
    expect((await next.query<{ note: string }>('select note from kept_before')).rows).toEqual([{ note: 'from IDBFS' }])
    await next.close()
  }, 120_000)
})
