// Login return path (SPEC §2, "Return path after login"): which returnTo values are honoured,
// how the base path is stripped and how the sign-in URL's other query parameters are merged.
// Pure functions: no DOM, no React.
//
// Decisions (the spec leaves these open):
// - Path: must start with exactly one '/', then segments of ASCII letters, digits, '-' and '_'
//   separated by single '/'; a trailing '/' is allowed and '/' alone is allowed. '.', '%', '\',
//   ':', '@', whitespace, control and non-ASCII characters are not in the alphabet, so '//x',
//   '/..', percent-encoded slashes/colons, backslashes and unicode look-alikes all fail.
// - "Simple query string": '?' followed by one or more key=value pairs joined with '&'. Keys are
//   non-empty, values may be empty, '=' is required. Key/value characters are ASCII letters,
//   digits, '-', '_', '.', '+', ',' and %XX escapes of SAFE_ESCAPED characters only (no '%25',
//   so double decoding cannot produce anything new; no '/', '\', ':', '@', '#', '?', quotes,
//   control or non-ASCII bytes). No '#' fragment, no empty '?', no trailing '&'.
// - No normalisation: the value is not trimmed, decoded or lower-cased before checking. It is
//   checked as received (URLSearchParams.get already decoded it exactly once).
// - Values longer than MAX_RETURN_PATH_LENGTH are rejected (checked before any other work).
// - Base path: stripped once, only on a segment boundary ('/dashboard/x' -> '/x',
//   '/dashboard' -> '/', '/dashboard?a=b' -> '/?a=b', '/dashboardx/y' untouched). An empty, '/'
//   or unsafe base path strips nothing. Both the raw and the stripped value must be safe.
// - Merging: other parameters are appended after returnTo's own query in their order; 'returnTo'
//   is never merged; on a key clash returnTo's own values win (all other values of that key are
//   dropped); repeated keys among the other parameters are kept. Each merged pair is encoded by
//   encodeQueryComponent and dropped when it cannot be encoded within the safe grammar or would
//   push the result over the length cap. The merged result is re-checked; if that ever failed
//   the un-merged path would be returned.
// - The sign-in, sign-up and sign-out pages are never a place to return to (sign-out would end the
//   session just made, sign-in and sign-up would ask again): they resolve to the default.
import { DEFAULT_RETURN_PATH } from '../constants'

/** Longest returnTo value (path + query) that is honoured. */
export const MAX_RETURN_PATH_LENGTH = 2048

/** The sign-in page route (SPEC §2 route table). */
const SIGN_IN_PATH = '/sign-in'
/** Pages that sign in, up or out (SPEC §2 routes, and sign-up): never returned to. */
const AUTH_PAGE_PATHS = new Set([SIGN_IN_PATH, '/sign-up', '/logout'])

/** Whether a path (with or without its query) is one of the pages that sign in, up or out. */
function isAuthPage(value: string): boolean {
  const q = value.indexOf('?')
  const path = (q === -1 ? value : value.slice(0, q)).replace(/\/$/, '')
  // The router matches paths without regard to case: /LOGOUT is the sign-out page too.
  return AUTH_PAGE_PATHS.has(path.toLowerCase())
}

const PATH_RE = /^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\/?)?$/
const QUERY_CHAR = String.raw`(?:[A-Za-z0-9._+,-]|%[0-9A-Fa-f]{2})`
const PAIR = `${QUERY_CHAR}+=${QUERY_CHAR}*`
const PAIR_RE = new RegExp(`^${PAIR}$`)
const QUERY_RE = new RegExp(`^\\?${PAIR}(?:&${PAIR})*$`)
const ESCAPE_RE = /%([0-9A-Fa-f]{2})/g

/** Characters a %XX escape in the query may stand for. */
const SAFE_ESCAPED = new Set(
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -_.~!*(),;&=+$'.split(''),
)
/** Characters written literally by encodeQueryComponent. */
const LITERAL_RE = /^[A-Za-z0-9._,-]$/

function escapesAreSafe(query: string): boolean {
  for (const match of query.matchAll(ESCAPE_RE)) {
    const hex = match[1]
    if (hex === undefined || !SAFE_ESCAPED.has(String.fromCharCode(parseInt(hex, 16)))) return false
  }
  return true
}

/** True when value is a path this app may navigate to after sign-in. */
export function isSafeReturnPath(value: string): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return false
  const q = value.indexOf('?')
  const path = q === -1 ? value : value.slice(0, q)
  if (!PATH_RE.test(path)) return false
  if (q === -1) return true
  const query = value.slice(q)
  return QUERY_RE.test(query) && escapesAreSafe(query)
}

/** Encodes one decoded key or value for the query, or null when it holds a character outside the safe set. */
function encodeQueryComponent(text: string): string | null {
  let out = ''
  for (const ch of text) {
    if (LITERAL_RE.test(ch)) out += ch
    else if (ch === ' ') out += '+'
    else if (SAFE_ESCAPED.has(ch)) out += `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
    else return null
  }
  return out
}

function decodeQueryComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

function normaliseBasePath(basePath: string | undefined): string {
  if (!basePath) return ''
  const trimmed = basePath.replace(/\/+$/, '')
  // A base path must itself be a plain path ('/dashboard'); anything else strips nothing.
  return trimmed !== '' && PATH_RE.test(trimmed) ? trimmed : ''
}

function stripBasePath(value: string, basePath: string): string {
  if (basePath === '' || !value.startsWith(basePath)) return value
  const rest = value.slice(basePath.length)
  if (rest === '') return '/'
  if (rest.startsWith('/')) return rest
  if (rest.startsWith('?')) return `/${rest}`
  return value // '/dashboardx/y': not on a segment boundary
}

function entriesOf(params: URLSearchParams | Record<string, string> | undefined): Array<[string, string]> {
  if (params === undefined || params === null) return []
  if (params instanceof URLSearchParams || Object.prototype.toString.call(params) === '[object URLSearchParams]') {
    return Array.from((params as URLSearchParams).entries())
  }
  return Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string')
}

function mergeParams(path: string, otherParams: URLSearchParams | Record<string, string> | undefined): string {
  const entries = entriesOf(otherParams)
  if (entries.length === 0) return path
  const q = path.indexOf('?')
  const ownKeys = new Set(
    q === -1
      ? []
      : path
          .slice(q + 1)
          .split('&')
          .map((pair) => decodeQueryComponent(pair.slice(0, pair.indexOf('=')))),
  )
  let result = path
  for (const [key, value] of entries) {
    if (key === 'returnTo' || ownKeys.has(key)) continue
    const k = encodeQueryComponent(key)
    const v = encodeQueryComponent(value)
    if (k === null || v === null || k === '') continue
    const pair = `${k}=${v}`
    if (!PAIR_RE.test(pair)) continue
    const next = `${result}${result.includes('?') ? '&' : '?'}${pair}`
    if (next.length > MAX_RETURN_PATH_LENGTH) continue
    result = next
  }
  return isSafeReturnPath(result) ? result : path
}

/**
 * The path to go to after sign-in: returnTo when safe (base path stripped, the other
 * query parameters of the sign-in URL merged in), otherwise DEFAULT_RETURN_PATH.
 */
export function resolveReturnPath(
  returnTo: string | null | undefined,
  options?: { basePath?: string; otherParams?: URLSearchParams | Record<string, string> },
): string {
  if (typeof returnTo !== 'string' || !isSafeReturnPath(returnTo)) return DEFAULT_RETURN_PATH
  const stripped = stripBasePath(returnTo, normaliseBasePath(options?.basePath))
  if (!isSafeReturnPath(stripped) || isAuthPage(stripped)) return DEFAULT_RETURN_PATH
  return mergeParams(stripped, options?.otherParams)
}

/** The sign-in URL that brings the user back to `currentPath` (path + search) afterwards; unsafe or default paths give plain '/sign-in'. */
export function signInPathFor(currentPath: string): string {
  if (!isSafeReturnPath(currentPath)) return SIGN_IN_PATH
  const q = currentPath.indexOf('?')
  const path = q === -1 ? currentPath : currentPath.slice(0, q)
  // Default targets ('/', '/organizations' without a query) and the sign-in, sign-up and sign-out
  // pages (a loop, or a sign-out right after signing in) need no returnTo.
  if ((q === -1 && (path === '/' || path === DEFAULT_RETURN_PATH)) || isAuthPage(path)) {
    return SIGN_IN_PATH
  }
  return `${SIGN_IN_PATH}?returnTo=${encodeURIComponent(currentPath)}`
}
