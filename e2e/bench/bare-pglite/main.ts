// The baseline of a project database's start: PGlite alone in a worker, from the snapshot named
// (`?snapshot=`), in memory (no IndexedDB, no extensions, no platform
// work), from the worker asked for to `select 1` answered. Sets window.__barePGliteStartMs.
const snapshot = new URLSearchParams(location.search).get('snapshot')
const askedAt = performance.now()
const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
worker.onmessage = (event: MessageEvent<{ ok: boolean; error?: string }>) => {
  const status = document.getElementById('status')!
  if (!event.data.ok) {
    status.textContent = `Failed: ${event.data.error}`
    return
  }
  const ms = performance.now() - askedAt
  ;(window as unknown as { __barePGliteStartMs: number }).__barePGliteStartMs = ms
  status.textContent = `Started in ${Math.round(ms)} ms`
}
worker.postMessage({ snapshot })
