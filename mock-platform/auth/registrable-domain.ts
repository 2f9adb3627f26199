/**
 * Stands in for `tldts` (the public suffix list, ~100 KB gzip) under msw's cookie jar (tough-cookie)
 * in the bundle: vite.config.ts points `tldts` here. The mock's jar only mirrors the page's own
 * cookies for the mocked requests (no handler sets one), on localhost or the host Studio is served
 * from, so "the last two labels" is the registrable domain it needs; an IP address has none.
 */
const IP_ADDRESS = /^(\d{1,3}\.){3}\d{1,3}$|:/

export function getDomain(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (IP_ADDRESS.test(host)) return null
  const labels = host.split('.')
  return labels.length < 2 || labels.some((label) => label === '') ? null : labels.slice(-2).join('.')
}
