import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/query-core'
import { asSentence } from '../lib/sentence'
import { isApiError } from './errors'
import { retryDelay } from './retry'

/**
 * When a failing query tries again (SPEC §7: 1, 2, 4 s between tries). The cache knows that a
 * query failed and is waiting, not until when: each failure is noted here as it happens, so a
 * screen that waits on the query can say what went wrong and when the next try is.
 */

/** A query between a failed try and the next one. */
export interface RetryWait {
  error: unknown
  /** Tries that failed so far. */
  failures: number
  /** When the next try starts, ms since the epoch; null when the failure was not seen (tracking started later). */
  nextTryAt: number | null
}

const schedules = new WeakMap<QueryClient, Map<string, number>>()

/** The delay the cache waits after the `failures`-th failure, as the query's own options say. */
function delayAfter(query: Query, failures: number, error: unknown): number {
  const option = query.options.retryDelay
  if (typeof option === 'number') return option
  if (typeof option === 'function') return (option as (count: number, error: unknown) => number)(failures - 1, error)
  return retryDelay(failures - 1, error)
}

/** Notes every failure of the client's queries from now on (once per client). */
export function trackRetries(client: QueryClient, now: () => number = Date.now): void {
  if (schedules.has(client)) return
  const nextTries = new Map<string, number>()
  schedules.set(client, nextTries)
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') nextTries.delete(event.query.queryHash)
    if (event.type !== 'updated') return
    const { action, query } = event
    if (action.type === 'failed') nextTries.set(query.queryHash, now() + delayAfter(query, action.failureCount, action.error))
    else if (action.type === 'fetch' || action.type === 'success' || action.type === 'error') nextTries.delete(query.queryHash)
  })
}

/** The query's wait between tries, or null when it is not retrying. */
export function retryWaitOf(client: QueryClient, queryKey: QueryKey): RetryWait | null {
  const query = client.getQueryCache().get(hashKey(queryKey))
  if (!query || query.state.fetchStatus !== 'fetching' || query.state.fetchFailureCount === 0) return null
  return {
    error: query.state.fetchFailureReason,
    failures: query.state.fetchFailureCount,
    nextTryAt: schedules.get(client)?.get(query.queryHash) ?? null,
  }
}

/**
 * What a waiting screen says while its query retries: what is failing, and when the next try is
 * (like the snippet save status): "The server is failing: Internal server error. Trying again in 3 s."
 */
export function retryWaitText(wait: RetryWait, now: number): string {
  const message = wait.error instanceof Error ? wait.error.message : String(wait.error ?? 'unknown error')
  const code = isApiError(wait.error) ? wait.error.code : undefined
  const what =
    code === undefined
      ? asSentence(message)
      : code === 429
        ? `The server is busy: ${asSentence(message)}`
        : code >= 500
          ? `The server is failing: ${asSentence(message)}`
          : `The request failed: ${asSentence(message)}`
  const seconds = wait.nextTryAt === null ? null : Math.ceil((wait.nextTryAt - now) / 1000)
  return `${what} ${seconds === null || seconds <= 0 ? 'Trying again now…' : `Trying again in ${seconds} s.`}`
}
