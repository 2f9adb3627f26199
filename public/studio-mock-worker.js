/**
 * The embedded mock platform's service worker: msw's own (mockServiceWorker.js, kept as msw's
 * install writes it) behind one filter. msw sends every request of the page to the page and back
 * (to ask its handlers, then to report the response, body included), the app's own files too: its
 * scripts, the database's wasm and data, megabytes a load. No handler of the mock answers those, so
 * they go straight to the network.
 */
const SCOPE = new URL(self.registration.scope).pathname

/**
 * Paths (under the scope) that only the build or the development server serves: the build's
 * `assets/` and its files beside index.html, the dev server's modules. The mock's routes are under
 * other paths (`api/`, `platform/`, the providers' pages), never these. `*` stands for any characters.
 */
const APP_FILES = ['assets/*', 'favicon.svg', 'pglite-*.tar.gz', '@vite/*', '@fs/*', '@id/*', '@react-refresh', 'node_modules/*', 'src/*', 'mock-platform/*', 'machines/*', 'fixtures/*', 'styled-system/*']

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const APP_FILE_PATH = new RegExp(`^(?:${APP_FILES.map((glob) => glob.split('*').map(escapeRegExp).join('.*')).join('|')})$`)

/**
 * Where the browser routes requests itself (Chromium's static routing): the app's files never reach
 * this worker at all, instead of waking it for each of a load's hundred scripts only to be let
 * through (measured: 7 % less of the browser's CPU over 18 loads of the editors). Set once, at install.
 */
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return
  const escapePattern = (text) => text.replace(/[:*?+(){}\\]/g, '\\$&')
  const routes = APP_FILES.map((glob) => ({
    condition: { urlPattern: new URLPattern({ pathname: escapePattern(SCOPE) + glob.split('*').map(escapePattern).join('*') }) },
    source: 'network',
  }))
  // A browser that refuses the routes still has the filter below: never fail the install for them.
  event.waitUntil(event.addRoutes(routes).catch((error) => console.warn('studio-mock-worker: static routes not set', error)))
})

// Elsewhere (or before the routes): this listener runs first and stops msw's for the app's files.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return
  if (APP_FILE_PATH.test(url.pathname.slice(SCOPE.length))) event.stopImmediatePropagation()
})

importScripts('./mockServiceWorker.js')
