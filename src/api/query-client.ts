import { CancelledError, QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/query-core'
import { STALE_TIME } from '../constants'
import { retryDelay, shouldRetry } from './retry'
import { trackRetries } from './retry-schedule'

/** The dashboard's one query cache, with the retry policy and freshness of SPEC §4 and §7 (each retry's time noted for the screens). */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME.default,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
  trackRetries(client)
  return client
}

export const queryClient = createQueryClient()

/**
 * How a machine's actor reads through the cache. The cache cancels a fetch that reads its abort
 * signal when the last view observing that query leaves — React StrictMode unmounts and remounts
 * every effect in development, so that happens on the first load — and `fetchQuery` then rejects
 * with a CancelledError although nothing failed. A cancelled fetch is not a failure: ask again,
 * until the actor itself stops (its signal) or the cache drops the query on purpose (`silent`, as
 * `clear()` on sign-out does).
 */
export async function fetchForActor<TData, TQueryKey extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TQueryKey>,
  signal?: AbortSignal,
): Promise<TData> {
  for (;;) {
    try {
      return await client.fetchQuery(options)
    } catch (error) {
      if (!(error instanceof CancelledError) || error.silent || signal?.aborted) throw error
    }
  }
}
