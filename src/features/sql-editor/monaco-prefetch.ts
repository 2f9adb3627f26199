import monacoChunkUrls from 'virtual:monaco-chunks'

/** How long an idle moment is waited for before the files are asked for anyway. */
const IDLE_TIMEOUT_MS = 5_000

let started = false

/**
 * Once a signed-in screen has loaded and the page is idle, asks for the SQL editor's Monaco files
 * (about 650 KB gzip) as a prefetch: the browser fetches them at its lowest priority into its cache,
 * without running them, so the editor's first open does not wait for the network. Once a page; the
 * dev server has no bundle to name, so there it does nothing.
 */
export function prefetchMonacoWhenIdle(urls: readonly string[] = monacoChunkUrls): void {
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
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(prefetch, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(prefetch, 1_000))
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}

/** Tests only: a new page. */
export function resetMonacoPrefetch(): void {
  started = false
}
