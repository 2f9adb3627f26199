/**
 * The `Server-Timing` header (W3C Server Timing): `name;dur=12.3;desc="…", other;dur=4`. Only
 * names and durations matter here; a metric without a readable duration is left out rather than
 * read as zero, so a missing figure is never shown as a fast one.
 */
export interface ServerTimingMetric {
  name: string
  /** Milliseconds. */
  duration: number
  description?: string
}

export function formatServerTiming(metrics: readonly ServerTimingMetric[]): string {
  return metrics
    .map(({ name, duration, description }) => {
      const desc = description === undefined ? '' : `;desc="${description.replace(/["\\]/g, '')}"`
      return `${name};dur=${Math.round(duration * 100) / 100}${desc}`
    })
    .join(', ')
}

/** Durations by metric name (the first of a repeated name wins, as the spec says). */
export function parseServerTiming(header: string | null | undefined): Map<string, number> {
  const durations = new Map<string, number>()
  if (!header) return durations
  for (const entry of header.split(',')) {
    const [name, ...params] = entry.split(';').map((part) => part.trim())
    if (!name || durations.has(name)) continue
    for (const param of params) {
      const match = /^dur\s*=\s*"?([0-9]+(?:\.[0-9]+)?)"?$/i.exec(param)
      if (match) {
        durations.set(name, Number(match[1]))
        break
      }
    }
  }
  return durations
}
