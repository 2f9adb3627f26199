import type { HistogramBucket, LogRange } from '../../lib/log-range'
import { ListStatus } from './ListStatus'
import { LogHistogram } from './LogHistogram'
import type { useEventList } from './use-event-list'

/**
 * What sits above a list of events, in the explorer and the unified view alike: the histogram of
 * the range (dimmed while its count is stale, hidden when the list was refused) and the status line.
 */
export function RangeOverview({
  buckets,
  histogram,
  stale,
  list,
  onRange,
}: {
  buckets: readonly HistogramBucket[] | null
  histogram: { isFetching: boolean; isPlaceholderData: boolean; error: Error | null }
  /** The filters changed and the histogram has not been asked for them yet. */
  stale: boolean
  list: ReturnType<typeof useEventList>
  onRange: (range: LogRange) => void
}) {
  return (
    <>
      <LogHistogram
        buckets={buckets}
        loading={histogram.isFetching || histogram.isPlaceholderData || stale}
        error={list.error ? null : (histogram.error?.message ?? null)}
        hidden={list.error !== null}
        onPick={(bucket) => onRange({ kind: 'custom', start: bucket.start.toISOString(), end: bucket.end.toISOString() })}
      />
      <ListStatus list={list} count={list.error ? null : (list.rows?.length ?? null)} />
    </>
  )
}
