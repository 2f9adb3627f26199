import { CancelledError, QueryObserver } from '@tanstack/query-core'
import { describe, expect, it } from 'vitest'
import { createQueryClient, fetchForActor } from './query-client'

/** A query whose fetcher reads its signal (as every fetcher of ours does) and answers after `ms`. */
function slowQuery(answers: string[], ms = 20) {
  let calls = 0
  return {
    queryKey: ['slow'],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      new Promise<string>((resolve, reject) => {
        const answer = answers[calls++] ?? 'late'
        const timer = setTimeout(() => resolve(answer), ms)
        signal.addEventListener('abort', () => {
          clearTimeout(timer)
          reject(new DOMException('aborted', 'AbortError'))
        })
      }),
    calls: () => calls,
  }
}

describe('fetchForActor', () => {
  it('asks again when the last observer leaves mid-fetch (the cache cancels that fetch)', async () => {
    const client = createQueryClient()
    const query = slowQuery(['first', 'second'])
    const observer = new QueryObserver(client, { queryKey: query.queryKey, enabled: false })
    const unsubscribe = observer.subscribe(() => {})
    const answer = fetchForActor(client, query)
    unsubscribe()
    await expect(answer).resolves.toBe('second')
    expect(query.calls()).toBe(2)
  })

  it('plain fetchQuery fails the same way with a CancelledError (why the helper exists)', async () => {
    const client = createQueryClient()
    const query = slowQuery(['first'])
    const unsubscribe = new QueryObserver(client, { queryKey: query.queryKey, enabled: false }).subscribe(() => {})
    const answer = client.fetchQuery(query)
    unsubscribe()
    await expect(answer).rejects.toBeInstanceOf(CancelledError)
  })

  it('gives up when the actor stopped, or when the cache drops the query on purpose', async () => {
    const client = createQueryClient()
    const stopped = new AbortController()
    const query = slowQuery(['first'])
    const unsubscribe = new QueryObserver(client, { queryKey: query.queryKey, enabled: false }).subscribe(() => {})
    const answer = fetchForActor(client, query, stopped.signal)
    stopped.abort()
    unsubscribe()
    await expect(answer).rejects.toBeInstanceOf(CancelledError)

    const cleared = fetchForActor(client, slowQuery(['x']))
    client.clear()
    await expect(cleared).rejects.toMatchObject({ silent: true })
  })

  it('passes real failures through', async () => {
    const client = createQueryClient()
    const failing = { queryKey: ['failing'], queryFn: () => Promise.reject(new Error('boom')), retry: false }
    await expect(fetchForActor(client, failing)).rejects.toThrow('boom')
  })
})
