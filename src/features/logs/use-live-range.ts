import { useEffect, useMemo, useState } from 'react'
import { LOGS_LIVE_POLL_MS } from '../../constants'
import { extendedByLive } from '../../lib/log-live-range'
import type { ResolvedRange } from '../../lib/log-range'

/**
 * The range and bars a logs screen shows: while live mode tails new events, the range's end follows
 * the clock (a tick per live read) and the events it adds are counted into the histogram's bars.
 */
export function useLiveRange(
  counted: readonly { bucket: string; count: number; errors: number }[] | undefined,
  rows: readonly { timestamp: string; level?: unknown }[] | null,
  range: ResolvedRange,
  bucketSeconds: number,
  live: boolean,
) {
  const [liveNow, setLiveNow] = useState<number | null>(null)
  useEffect(() => {
    if (!live) {
      setLiveNow(null)
      return
    }
    setLiveNow(Date.now())
    const timer = setInterval(() => setLiveNow(Date.now()), LOGS_LIVE_POLL_MS)
    return () => clearInterval(timer)
  }, [live])
  return useMemo(() => extendedByLive(counted, rows, range, bucketSeconds, liveNow), [counted, rows, range, bucketSeconds, liveNow])
}
