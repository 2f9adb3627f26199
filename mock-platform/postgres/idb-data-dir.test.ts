import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchFirstSnapshot } from './idb-data-dir'

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
