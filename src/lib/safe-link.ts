/** SPEC §5: links use http or https; every other scheme (javascript:, data:, mailto:, file:, vbscript:…) is refused. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:'])

/**
 * The normalised href of a link taken from data or a model, or null when it must not become a link.
 *
 * Only absolute http(s) URLs pass. Relative paths ("/project/x", "//host", "x/y") are refused too:
 * the app's own routes are rendered with the router's Link from code, never from data, and a
 * scheme-relative "//host" would leave the site while looking like a path.
 * The URL parser strips the tabs, newlines and leading spaces browsers ignore, so "java\tscript:"
 * is judged as the javascript: URL a browser would run.
 */
export function safeLinkHref(href: string | null | undefined): string | null {
  if (typeof href !== 'string' || href.trim() === '') return null
  let url: URL
  try {
    // No base: a relative href throws instead of resolving against the page.
    url = new URL(href)
  } catch {
    return null
  }
  return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null
}

/** Whether `href` may be rendered as a clickable link (see safeLinkHref). */
export function isSafeLinkHref(href: string | null | undefined): boolean {
  return safeLinkHref(href) !== null
}
