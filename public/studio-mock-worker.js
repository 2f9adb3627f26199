/**
 * The embedded mock platform's service worker: msw's own (mockServiceWorker.js, kept as msw's
 * install writes it) behind one filter. msw sends every request of the page to the page and back
 * (to ask its handlers, then to report the response, body included), the app's own files too: its
 * scripts, the database's wasm and data, megabytes a load. No handler of the mock answers those, so
 * they go straight to the network: this listener runs first and stops msw's for them.
 */
const SCOPE = new URL(self.registration.scope).pathname

/**
 * Paths (under the scope) that only the build or the development server serves: the build's
 * `assets/` and its files beside index.html, the dev server's modules. The mock's routes are under
 * other paths (`api/`, `platform/`, the providers' pages), never these.
 */
const APP_FILES = /^(assets\/|favicon\.svg$|pglite-[\w.-]+\.tar\.gz$|@vite\/|@fs\/|@id\/|@react-refresh$|node_modules\/|src\/|mock-platform\/|machines\/|fixtures\/|styled-system\/)/

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return
  if (APP_FILES.test(url.pathname.slice(SCOPE.length))) event.stopImmediatePropagation()
})

importScripts('./mockServiceWorker.js')
