/** SPEC §9 display date format 'DD MMM YYYY, HH:mm:ss (ZZ)', e.g. '24 Nov 2026, 07:05:09 (+0100)'. */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

const two = (n: number) => String(n).padStart(2, '0')

/**
 * A moment in the reader's own time zone, with that zone's offset so it cannot be misread. Accepts
 * a Date, milliseconds since the epoch or an ISO string (Postgres's timestamptz text too); null for
 * anything unreadable.
 */
export function formatDisplayDate(value: Date | number | string): string | null {
  // Postgres writes '2026-11-24 06:05:09.123+00': a T and a whole offset make it ISO.
  const date = value instanceof Date ? value : new Date(typeof value === 'string' ? value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00') : value)
  if (Number.isNaN(date.getTime())) return null
  const offset = -date.getTimezoneOffset()
  const zone = `${offset < 0 ? '-' : '+'}${two(Math.floor(Math.abs(offset) / 60))}${two(Math.abs(offset) % 60)}`
  return `${two(date.getDate())} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())} (${zone})`
}

/** SPEC §9 sent date format 'YYYY-MM-DDTHH:mm:ssZ': UTC, whole seconds (what the dashboard puts in a request). */
export function formatSentDate(value: Date | number): string {
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z')
}
