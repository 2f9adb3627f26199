/**
 * A measured duration as the editor shows it: whole milliseconds up to a second ("3 ms", "< 1 ms"
 * rather than a rounded "0 ms" that would claim nothing ran), then seconds with one decimal ("2.4 s").
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—'
  if (ms < 1) return '< 1 ms'
  if (ms < 999.5) return `${Math.round(ms)} ms`
  return `${(ms / 1000).toFixed(1)} s`
}
