import monacoChunkUrls from 'virtual:monaco-chunks'

/** How long an idle moment is waited for before the files are asked for anyway. */
const IDLE_TIMEOUT_MS = 5_000
/** While the page's own requests are out, how often it looks again. */
const BUSY_RECHECK_MS = 500
/** Past this the files are asked for even with requests still out (a long database start). */
const BUSY_MAX_WAIT_MS = 15_000

let started = false

/**
 * Once a signed-in screen has loaded, its own requests have come back (`busy` says when some are
 * out) and the page is idle, asks for the SQL editor's Monaco files (about 650 KB gzip) as a
 * prefetch: the browser fetches them at its lowest priority into its cache, without running them, so
 * the editor's first open does not wait for the network. It waits for the page's requests because
 * each prefetch also passes through the mock platform's service worker and the page, and should not
 * compete with a screen's answers or a database's start. Once a page; the dev server has no bundle
 * to name, so there it does nothing.
 */
export function prefetchMonacoWhenIdle(busy: () => boolean = () => false, urls: readonly string[] = monacoChunkUrls): void {
  if (started || urls.length === 0 || typeof document === 'undefined') return
  started = true
  const prefetch = () => {
    const present = new Set([...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((link) => link.href))
    for (const url of urls) {
      const link = document.createElement('link')
      link.rel = 'prefetch'
      link.href = url
      if (present.has(link.href)) continue
      // A module script is fetched in CORS mode: the prefetch must be the same request to be reused.
      if (url.endsWith('.js')) {
        link.setAttribute('as', 'script')
        link.crossOrigin = 'anonymous'
      } else if (url.endsWith('.css')) link.setAttribute('as', 'style')
      document.head.append(link)
    }
  }
  const begun = Date.now()
  const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(run, 1_000))
  const attempt = () =>
    whenIdle(() => {
      if (busy() && Date.now() - begun < BUSY_MAX_WAIT_MS) setTimeout(attempt, BUSY_RECHECK_MS)
      else prefetch()
    })
  if (document.readyState === 'complete') attempt()
  else window.addEventListener('load', attempt, { once: true })
}

/** Tests only: a new page. */
export function resetMonacoPrefetch(): void {
  started = false
}
