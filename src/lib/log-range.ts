import { LOG_HISTOGRAM_BUCKET_SECONDS, LOG_HISTOGRAM_TARGET_BUCKETS, LOG_TIME_RANGES, LOGS_MESSAGE, PLAN_NAMES, PLAN_QUOTAS, type PlanId } from '../constants'

// The explorer's time: a range the user picked (a quick range counts back from "now", a custom one
// is two dates), resolved to two instants when a query is made, and the histogram's buckets over it.

export type LogTimeRangeId = (typeof LOG_TIME_RANGES)[number]['id']
export type LogRange = { kind: 'relative'; id: LogTimeRangeId } | { kind: 'custom'; start: string; end: string }

export interface ResolvedRange {
  start: Date
  end: Date
}

const DAY_MS = 24 * 3600_000

export const DEFAULT_LOG_RANGE: LogRange = { kind: 'relative', id: '1h' }

/** The instants a range stands for at `now` (ms since the epoch). */
export function resolveRange(range: LogRange, now: number): ResolvedRange {
  if (range.kind === 'custom') return { start: new Date(range.start), end: new Date(range.end) }
  const minutes = LOG_TIME_RANGES.find((r) => r.id === range.id)?.minutes ?? 60
  return { start: new Date(now - minutes * 60_000), end: new Date(now) }
}

/** Why a custom range cannot be asked for, or null. */
export function customRangeProblem(start: string, end: string): string | null {
  const from = new Date(start).getTime()
  const to = new Date(end).getTime()
  if (Number.isNaN(from) || Number.isNaN(to)) return 'Give both dates.'
  if (from >= to) return 'The start must be before the end.'
  return null
}

/** How a range reads in the picker. */
export function rangeLabel(range: LogRange): string {
  if (range.kind === 'relative') return LOG_TIME_RANGES.find((r) => r.id === range.id)?.label ?? range.id
  return `${shortDate(new Date(range.start))} – ${shortDate(new Date(range.end))}`
}

const two = (n: number) => String(n).padStart(2, '0')

/** A moment as the list and the picker show it: local date and time to the second. */
export function shortDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'invalid date'
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
}

/** An event's time in the list: local, to the millisecond. */
export function eventTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${shortDate(date)}.${String(date.getMilliseconds()).padStart(3, '0')}`
}

/** The value a `datetime-local` input shows for an instant (local time, to the minute). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`
}

/** The histogram's bucket for a span: the smallest round size giving at most the target number of bars. */
export function histogramBucketSeconds(spanMs: number): number {
  const wanted = spanMs / 1000 / LOG_HISTOGRAM_TARGET_BUCKETS
  return LOG_HISTOGRAM_BUCKET_SECONDS.find((size) => size >= wanted) ?? LOG_HISTOGRAM_BUCKET_SECONDS.at(-1)!
}

export interface HistogramBucket {
  start: Date
  end: Date
  count: number
  errors: number
}

/**
 * Every bucket of the range, the empty ones too (the query answers only buckets that have events).
 * Buckets start at the range's start (the histogram's first); the last one ends at the range's end.
 */
export function fillBuckets(rows: readonly { bucket: string; count: number; errors: number }[], range: ResolvedRange, bucketSeconds: number): HistogramBucket[] {
  const size = bucketSeconds * 1000
  const origin = range.start.getTime()
  const total = Math.max(1, Math.ceil((range.end.getTime() - origin) / size))
  const counts = new Map<number, { count: number; errors: number }>()
  for (const row of rows) {
    const index = Math.floor((new Date(row.bucket).getTime() - origin) / size)
    if (!Number.isFinite(index) || index < 0 || index >= total) continue
    const seen = counts.get(index)
    counts.set(index, { count: (seen?.count ?? 0) + row.count, errors: (seen?.errors ?? 0) + row.errors })
  }
  return Array.from({ length: total }, (_, index) => ({
    start: new Date(origin + index * size),
    end: new Date(Math.min(origin + (index + 1) * size, range.end.getTime())),
    count: counts.get(index)?.count ?? 0,
    errors: counts.get(index)?.errors ?? 0,
  }))
}

/** SPEC §9: the oldest instant an organization's plan keeps logs for, at `now`. */
export function retentionStart(plan: PlanId, now: number): Date {
  return new Date(now - PLAN_QUOTAS.logRetentionDays[plan] * DAY_MS)
}

/** Whether a range reaches back past what the plan keeps (the endpoint refuses it). */
export function isPastRetention(range: ResolvedRange, plan: PlanId, now: number): boolean {
  return range.start.getTime() < retentionStart(plan, now).getTime()
}

/** Whether a refusal of the endpoint is the retention one (of any plan): the screen then offers an upgrade. */
export function isRetentionRefusal(message: string): boolean {
  return (Object.keys(PLAN_QUOTAS.logRetentionDays) as PlanId[]).some((plan) => message === LOGS_MESSAGE.retention(PLAN_QUOTAS.logRetentionDays[plan], PLAN_NAMES[plan]))
}
