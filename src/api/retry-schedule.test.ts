import { QueryClient } from '@tanstack/query-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API_ERROR_MESSAGE } from '../constants'
import { ApiError } from './errors'
import { retryDelay, shouldRetry } from './retry'
import { retryWaitOf, retryWaitText, trackRetries } from './retry-schedule'

afterEach(() => vi.useRealTimers())

describe('retry waits', () => {
  it('say what fails and when the next try is', () => {
    const at = (error: unknown, inMs: number | null) => retryWaitText({ error, failures: 1, nextTryAt: inMs === null ? null : 10_000 + inMs }, 10_000)
    expect(at(new ApiError({ message: 'Internal server error', code: 500 }), 2000)).toBe('The server is failing: Internal server error. Trying again in 2 s.')
    expect(at(new ApiError({ message: 'Too many requests, slow down', code: 429 }), 1000)).toBe('The server is busy: Too many requests, slow down. Trying again in 1 s.')
    expect(at(new ApiError({ message: API_ERROR_MESSAGE.network }), 3500)).toBe(`${API_ERROR_MESSAGE.network} Trying again in 4 s.`)
    expect(at(new ApiError({ message: 'Bad gateway', code: 502 }), 0)).toBe('The server is failing: Bad gateway. Trying again now…')
    expect(at(new Error('odd'), null)).toBe('odd. Trying again now…')
  })

  it('follow the cache: noted at each failure, gone once the query settles', async () => {
    vi.useFakeTimers()
    const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay } } })
    trackRetries(client)
    let calls = 0
    const fetching = client.fetchQuery({
      queryKey: ['x'],
      queryFn: async () => {
        calls += 1
        if (calls < 3) throw new ApiError({ message: 'Internal server error', code: 500 })
        return 'ok'
      },
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(retryWaitOf(client, ['x'])).toMatchObject({ failures: 1, nextTryAt: Date.now() + 1000 })
    await vi.advanceTimersByTimeAsync(1000)
    expect(retryWaitOf(client, ['x'])).toMatchObject({ failures: 2, nextTryAt: Date.now() + 2000 })
    await vi.advanceTimersByTimeAsync(2000)
    await expect(fetching).resolves.toBe('ok')
    expect(retryWaitOf(client, ['x'])).toBeNull()
    expect(retryWaitOf(client, ['never'])).toBeNull()
  })
})
