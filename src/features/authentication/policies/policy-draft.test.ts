import { describe, expect, it } from 'vitest'
import { measuresFor, policyChangeSql, policyDraftOf } from './policy-draft'

const table = { id: 1, name: 'notes', partitioned: false, rls_enabled: true, rls_forced: false, columns: [], policies: [] }

describe('a policy draft', () => {
  it('reads pg_policies’ public as no role ticked, and no expression as empty text', () => {
    expect(policyDraftOf({ name: 'p', command: 'select', roles: ['public'], permissive: true, using: 'true', check: null })).toEqual({ name: 'p', command: 'select', roles: [], permissive: true, using: 'true', check: '' })
  })

  it('measures reads always, and the changes a command makes', () => {
    expect(measuresFor('select')).toEqual(['read'])
    expect(measuresFor('insert')).toEqual(['read', 'insert'])
    expect(measuresFor('update')).toEqual(['read', 'update'])
    expect(measuresFor('all')).toEqual(['read', 'insert', 'update', 'delete'])
  })

  it('says there is nothing to save when an edit changed nothing', () => {
    const policy = { name: 'p', command: 'select' as const, roles: ['authenticated'], permissive: true, using: 'true', check: null }
    expect(() => policyChangeSql('public', table, policyDraftOf(policy), policy)).toThrow('Nothing to change yet.')
  })
})
