import { describe, expect, it } from 'vitest'
import { DEFAULT_API_SCHEMAS } from '../constants'
import { exposedSchemas } from './exposed-schemas'

describe('exposedSchemas', () => {
  it('reads PostgREST’s comma-separated list, spaces and empty entries aside', () => {
    expect(exposedSchemas('public, storage ,,graphql_public')).toEqual(['public', 'storage', 'graphql_public'])
  })
  it('is the platform’s default without a list', () => {
    expect(exposedSchemas(undefined)).toEqual(DEFAULT_API_SCHEMAS)
    expect(exposedSchemas(' , ')).toEqual(DEFAULT_API_SCHEMAS)
  })
})
