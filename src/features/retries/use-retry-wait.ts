import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { hashKey } from '@tanstack/query-core'
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { retryWaitOf, retryWaitText, trackRetries } from '../../api/retry-schedule'

/**
 * While the query waits between failed tries: what is failing and when the next try is, counted
 * down each second ("The server is failing: Internal server error. Trying again in 3 s."); null
 * while it loads normally, has loaded, or has given up (the screen shows its error then).
 */
export function useRetryWaitText(queryKey: QueryKey): string | null {
  const client = useQueryClient()
  trackRetries(client)
  const hash = hashKey(queryKey)
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe((event) => event.query.queryHash === hash && onChange()),
    [client, hash],
  )
  // A string snapshot: the same wait compares equal between renders.
  const waitKey = useSyncExternalStore(subscribe, () => {
    const wait = retryWaitOf(client, queryKey)
    return wait ? `${wait.failures}:${wait.nextTryAt}` : null
  })
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    if (waitKey === null) return
    setNow(Date.now())
    const tick = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(tick)
  }, [waitKey])
  const wait = waitKey === null ? null : retryWaitOf(client, queryKey)
  return wait ? retryWaitText(wait, now) : null
}
