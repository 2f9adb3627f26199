import { HttpHandler, type RequestHandler } from 'msw'

/**
 * msw tries a request on every handler in turn, and each try is costly: it parses the URL, matches
 * the path pattern and reads the request's cookies — in the page `document.cookie`, a synchronous
 * call to the browser's network service. With a hundred handlers, every request of the page (each
 * script, the database's wasm and every API call) paid that a hundred times: measured in a trace of
 * sign-in → SQL editor → table editor, 1.0 s of the page's main thread in the cookie read alone, and
 * the browser's network service busy answering it.
 *
 * `prefilterHandlers` lets a handler be tried only when the request could match it: the same method,
 * and the URL holding the pattern's fixed text (up to its first parameter or wildcard, and the
 * literal segments after its last one: `…/projects/:ref/restart` is never `…/projects/x/restore`). The test is
 * a necessary condition of msw's own match, never a stricter one (handler-prefilter.test.ts checks
 * it against msw on every handler of the platform); a handler whose pattern is a RegExp or a
 * function is tried as before.
 */
export function prefilterHandlers<Handler extends RequestHandler>(handlers: Handler[]): Handler[] {
  for (const handler of handlers) {
    if (!(handler instanceof HttpHandler) || prefiltered.has(handler)) continue
    const mayMatch = requestMayMatch(handler)
    if (!mayMatch) continue
    prefiltered.add(handler)
    const run = handler.run.bind(handler)
    handler.run = (args) => (mayMatch(args.request) ? run(args) : Promise.resolve(null))
  }
  return handlers
}

/** Handlers already given their test: one given it twice would test every request twice. */
const prefiltered = new WeakSet<RequestHandler>()

/** The cheap test for one handler, or null when its pattern is not a plain string. */
export function requestMayMatch(handler: HttpHandler): ((request: Request) => boolean) | null {
  const { method, path } = handler.info
  if (typeof path !== 'string') return null
  const fixed = fixedText(path).toLowerCase()
  const tail = literalTail(path).toLowerCase()
  const methodMatches = method instanceof RegExp ? (actual: string) => method.test(actual) : (actual: string) => actual.toUpperCase() === method.toUpperCase()
  // path-to-regexp matches without regard to case; the URL's query and hash are not matched.
  return (request) => {
    if (!methodMatches(request.method)) return false
    const url = urlWithoutQuery(request.url).toLowerCase()
    return url.includes(fixed) && url.includes(tail)
  }
}

const MARKERS = [':', '*', '(', '{', '?', '+']

/** The literal segments after the pattern's last parameter or wildcard (`/restart` of `…/:ref/restart`), '' when there are none or no parameter at all. */
function literalTail(path: string): string {
  const segments = path.split('/')
  let first = segments.length
  while (first > 0 && !MARKERS.some((marker) => segments[first - 1]!.includes(marker))) first--
  if (first === 0 || first === segments.length) return ''
  return `/${segments.slice(first).join('/')}`
}

/**
 * The pattern's text before its first parameter (`/:name`), wildcard or modifier: every URL msw
 * matches to the pattern contains it. A leading `*` (any origin) is skipped.
 */
function fixedText(path: string): string {
  const start = path.startsWith('*') ? 1 : 0
  let end = path.length
  for (const marker of ['/:', '*', '(', '{', '?', '+']) {
    const at = path.indexOf(marker, start)
    if (at !== -1 && at < end) end = marker === '/:' ? at + 1 : at
  }
  return path.slice(start, end)
}

function urlWithoutQuery(url: string): string {
  const cut = url.search(/[?#]/)
  return cut === -1 ? url : url.slice(0, cut)
}
