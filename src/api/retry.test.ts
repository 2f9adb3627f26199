import { QueryClient } from '@tanstack/query-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from './query-client'
import { ApiError } from './errors'
import { retryDelay, shouldRetry } from './retry'

afterEach(() => vi.useRealTimers())

describe('shouldRetry', () => {
  it.each([
    [0, 500, true],
    [2, 500, true],
    [3, 500, false],
    [0, 400, false],
    [0, 401, false],
    [0, 404, false],
    [0, 499, false],
    [0, 429, true],
    [3, 429, false],
    [0, undefined, true],
  ])('after %i failures, code %s → %s', (failures, code, expected) => {
    expect(shouldRetry(failures, new ApiError({ code }))).toBe(expected)
  })
})

describe('retryDelay', () => {
  it('doubles from 1 s, capped at 30 s', () => {
    const error = new ApiError({ code: 500 })
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, error))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })
  it("uses the server's Retry-After seconds when given", () => {
    expect(retryDelay(0, new ApiError({ code: 429, retryAfter: 7 }))).toBe(7000)
    expect(retryDelay(2, new ApiError({ code: 429, retryAfter: 0 }))).toBe(0)
  })
})

describe('the query client', () => {
  it('is fresh for 60 s by default', () => {
    const client: QueryClient = createQueryClient()
    expect(client.getDefaultOptions().queries?.staleTime).toBe(60_000)
  })

  it('retries a 500 three times with 1, 2 and 4 s waits, then fails', async () => {
    vi.useFakeTimers()
    const client = createQueryClient()
    const queryFn = vi.fn(async () => {
      throw new ApiError({ code: 500 })
    })
    const result = client.fetchQuery({ queryKey: ['x'], queryFn }).catch((e: unknown) => e)
    // [ms waited since the step before, calls made by then]: the first at once, then after 1, 2 and 4 s, and no more.
    const steps = [[0, 1], [999, 1], [1, 2], [2000, 3], [4000, 4], [60_000, 4]]
    const calls = []
    for (const [wait] of steps) {
      await vi.advanceTimersByTimeAsync(wait!)
      calls.push(queryFn.mock.calls.length)
    }
    expect(calls).toEqual(steps.map(([, count]) => count))
    expect(await result).toBeInstanceOf(ApiError)
  })

  it('never retries a 404', async () => {
    const client = createQueryClient()
    const queryFn = vi.fn(async () => {
      throw new ApiError({ code: 404 })
    })
    await expect(client.fetchQuery({ queryKey: ['y'], queryFn })).rejects.toBeInstanceOf(ApiError)
    expect(queryFn).toHaveBeenCalledTimes(1)
  })

  it('retries a 429 after its Retry-After', async () => {
    vi.useFakeTimers()
    const client = createQueryClient()
    const queryFn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError({ code: 429, retryAfter: 5 }))
      .mockResolvedValueOnce('ok')
    const result = client.fetchQuery({ queryKey: ['z'], queryFn })
    await vi.advanceTimersByTimeAsync(4999)
    expect(queryFn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toBe('ok')
  })
})
