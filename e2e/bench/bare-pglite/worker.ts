// As the app's project worker asks for them (pglite.worker.ts): PGlite's wasm compiled as it streams
// in, its file-system bundle and the snapshot, all at once; then PGlite in memory and `select 1`.
import { PGlite } from '@electric-sql/pglite'
import pgliteWasmUrl from '@electric-sql/pglite/pglite.wasm?url'
import pgliteDataUrl from '@electric-sql/pglite/pglite.data?url'

self.onmessage = async (event: MessageEvent<{ snapshot: string | null }>) => {
  try {
    const [pgliteWasmModule, fsBundle, loadDataDir] = await Promise.all([
      WebAssembly.compileStreaming(fetch(pgliteWasmUrl)),
      fetch(pgliteDataUrl).then((response) => response.blob()),
      event.data.snapshot ? fetch(event.data.snapshot).then((response) => response.blob()) : undefined,
    ])
    const pg = new PGlite({ pgliteWasmModule, fsBundle, loadDataDir })
    await pg.query('select 1')
    self.postMessage({ ok: true })
  } catch (error) {
    self.postMessage({ ok: false, error: String(error) })
  }
}
