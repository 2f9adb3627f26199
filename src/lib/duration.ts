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

/** How long until something happens, as the cron screen says it ("in 12 s", "in 4 min", "in 3 h", "in 2 days"); "now" when due. */
export function formatCountdown(ms: number): string {
  if (!Number.isFinite(ms)) return '—'
  const seconds = Math.ceil(ms / 1000)
  if (seconds <= 0) return 'now'
  if (seconds < 60) return `in ${seconds} s`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `in ${minutes} min`
  const hours = Math.round(minutes / 60)
  if (hours < 48) return `in ${hours} h`
  return `in ${Math.round(hours / 24)} days`
}
