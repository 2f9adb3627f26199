/**
 * Starting the log store before its first read (in the browser): its worker's Postgres takes about
 * a second to start, which a logs page opened cold would otherwise wait for. A document opened on
 * a project's logs starts it at once (with the project's newest history); any other starts it
 * when the page is idle a while after the first signed-in request of a project, so opening Logs
 * later finds it ready, and a page that lives only moments (a quick visit, a test) never pays.
 * The while counts from the project's own database having started, though: a second Postgres
 * starting beside it takes the same cores (a new database takes 10 s and more on a busy 2-core
 * machine) and delays the first query, which the person is waiting for, for the logs, which they may
 * never open.
 */
import type { PlatformContext } from '../context'
import { projectOfPath } from './log-events'

/** A page lives this long after a project's first signed-in request (and its database's start) before the store starts in its idle time. */
const WARM_AFTER_MS = 4000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface TrafficEvents {
  on(event: 'response:mocked', listener: (args: { request: Request }) => void): void
}

/** The project whose logs page a path is (`/project/{ref}/logs…`), under the app's base path. */
export function logsPageProject(pathname: string, basePath: string): string | null {
  const path = basePath && pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname
  return /^\/project\/([a-z0-9]{20})\/logs(?:\/|$)/.exec(path)?.[1] ?? null
}

/**
 * Returns, in a document opened on a project's logs, the store's start (settled either way), which
 * the project's own database waits for: the page reads the store, and the two starting side by side
 * on the same cores delayed the first events by about a second. Elsewhere null.
 */
export function warmLogStore(ctx: PlatformContext, events: TrafficEvents, location: { pathname: string }, basePath: string): Promise<void> | null {
  const warm = (ref: string) =>
    ctx.logs.warm(ref).catch((error: unknown) => {
      // Only time is lost: the first read opens it again.
      console.warn('Log store: not started ahead of its first read', error)
    })
  const opening = logsPageProject(location.pathname, basePath)
  if (opening) return warm(opening)
  let scheduled = false
  events.on('response:mocked', ({ request }) => {
    if (scheduled || !request.headers.has('authorization')) return
    const ref = projectOfPath(new URL(request.url).pathname)
    if (!ref) return
    scheduled = true
    void (async () => {
      await sleep(WARM_AFTER_MS)
      const databases = await ctx.databases().catch(() => null)
      // The database was starting: the while begins again where its start ended.
      while (databases && (await databases.settled(ref))) await sleep(WARM_AFTER_MS)
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void warm(ref))
      else void warm(ref)
    })()
  })
  return null
}
