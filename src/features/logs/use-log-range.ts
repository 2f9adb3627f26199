import { useMemo, useState } from 'react'
import { DEFAULT_LOG_RANGE, resolveRange, type LogRange } from '../../lib/log-range'

/**
 * The range a logs screen reads, resolved to its start and end. A quick range counts back from a
 * moment kept here: a new pick moves it to now, and so does `reanchor` (Refresh).
 */
export function useLogRange() {
  const [range, setRange] = useState<LogRange>(DEFAULT_LOG_RANGE)
  const [anchor, setAnchor] = useState(() => Date.now())
  const resolved = useMemo(() => resolveRange(range, anchor), [range, anchor])
  const changeRange = (next: LogRange) => {
    setRange(next)
    setAnchor(Date.now())
  }
  const reanchor = () => setAnchor(Date.now())
  return { range, resolved, changeRange, reanchor }
}
