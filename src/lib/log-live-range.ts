import { fillBuckets, type HistogramBucket, type ResolvedRange } from './log-range'

// Live mode's time: the events the live tail adds lie after the range the histogram counted, so the
// range shown ends later (now while live, else at the newest event) and those events join its bars.

interface TimedRow {
  timestamp: string
  level?: unknown
}

/** The events of `rows` (newest first) at or after the range's end: the live tail's. */
function newerThanRange(rows: readonly TimedRow[], range: ResolvedRange): TimedRow[] {
  const end = range.end.getTime()
  const newer: TimedRow[] = []
  for (const row of rows) {
    if (new Date(row.timestamp).getTime() < end) break
    newer.push(row)
  }
  return newer
}

/**
 * The range and bars to show: the counted range, its end moved to `liveNow` (live mode on) or to
 * the newest event shown when later, and the histogram's rows with those newer events counted in
 * (same bucket size, more bars).
 */
export function extendedByLive(
  counted: readonly { bucket: string; count: number; errors: number }[] | undefined,
  rows: readonly TimedRow[] | null,
  range: ResolvedRange,
  bucketSeconds: number,
  liveNow: number | null,
): { range: ResolvedRange; buckets: HistogramBucket[] | null } {
  const newer = rows ? newerThanRange(rows, range) : []
  const newest = newer.length > 0 ? new Date(newer[0]!.timestamp).getTime() + 1 : 0
  const end = Math.max(range.end.getTime(), liveNow ?? 0, newest)
  const shown = end === range.end.getTime() ? range : { start: range.start, end: new Date(end) }
  if (!counted) return { range: shown, buckets: null }
  const added = newer.map((row) => ({ bucket: row.timestamp, count: 1, errors: row.level === 'error' ? 1 : 0 }))
  return { range: shown, buckets: fillBuckets(added.length > 0 ? [...counted, ...added] : counted, shown, bucketSeconds) }
}
