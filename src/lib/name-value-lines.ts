/**
 * Name-value pairs typed one per line (HTTP headers as `Name: value`, URL parameters as
 * `name=value`) and the URL they go to, as the database tools' and the cron jobs' forms read them.
 * Every pair lands in a null-prototype record, so a header called `__proto__` stays a header.
 */

/** RFC 9110 token characters: what a header name may be made of. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export function parseNameValueLines(text: string, separator: ':' | '=', what: 'header' | 'parameter'): { values: Record<string, string>; error: string | null } {
  const values: Record<string, string> = Object.create(null) as Record<string, string>
  const seen = new Set<string>()
  const lines = text.split(/\r?\n/)
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim()
    if (line === '') continue
    const at = line.indexOf(separator)
    const name = at < 0 ? '' : line.slice(0, at).trim()
    const value = at < 0 ? '' : line.slice(at + 1).trim()
    const example = what === 'header' ? 'Name: value' : 'name=value'
    if (at < 0 || name === '') return { values, error: `Line ${index + 1} ("${line}") is not a ${what}: write it as ${example}.` }
    if (what === 'header' && !HEADER_NAME.test(name)) return { values, error: `Line ${index + 1}: "${name}" cannot be a header name (letters, digits and - only).` }
    const key = what === 'header' ? name.toLowerCase() : name
    if (seen.has(key)) return { values, error: `Line ${index + 1}: the ${what} "${name}" is given twice.` }
    seen.add(key)
    values[name] = value
  }
  return { values, error: null }
}

/** Why the text is not an http(s) URL to call, or null. */
export function httpUrlProblem(url: string): string | null {
  if (url.trim() === '') return 'Enter the URL to call.'
  try {
    const parsed = new URL(url.trim())
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The URL must start with http:// or https://.'
    return null
  } catch {
    return 'That is not a URL: write it whole, e.g. https://example.com/hooks/orders.'
  }
}
