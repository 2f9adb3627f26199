import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../client'
import { tableSchemaQuery } from './table-editor'

describe('databaseQuery', () => {
  it('builds a statement made from arguments only when the query runs: a table not chosen yet (id 0) makes a query that is not run, not an error', async () => {
    const post = vi.fn(async () => [])
    const client = { post } as unknown as ApiClient
    const notChosen = tableSchemaQuery('ref', 'postgres://x', 0, client)
    expect(notChosen.queryKey).toBeDefined()
    expect(() => notChosen.queryFn({})).toThrow('not a relation id: 0')
    expect(post).not.toHaveBeenCalled()
    await tableSchemaQuery('ref', 'postgres://x', 42, client).queryFn({})
    expect(post).toHaveBeenCalledTimes(1)
    expect((post.mock.calls[0] as unknown[])[0]).toBe('/platform/pg-meta/ref/query')
  })
})
