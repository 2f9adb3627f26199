import { QueryClient } from '@tanstack/query-core'
import { STALE_TIME } from '../constants'
import { retryDelay, shouldRetry } from './retry'

/** The dashboard's one query cache, with the retry policy and freshness of SPEC §4 and §7. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

export const queryClient = createQueryClient()
