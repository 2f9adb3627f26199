import { describe, expect, it } from 'vitest'
import type { PrivilegeRelation } from '../../../api/schemas'
import { chooseTarget, completeTarget, relationSchemas, targetKey } from './target-choice'

const relations: PrivilegeRelation[] = [
  { schema: 'public', name: 'customer_order_summary', kind: 'view' },
  { schema: 'public', name: 'customers', kind: 'table' },
  { schema: 'analytics', name: 'daily', kind: 'materialized_view' },
  { schema: 'auth', name: 'users', kind: 'table' },
]
const roles = ['anon', 'authenticated', 'service_role', 'reporter']
const none = { role: null, schema: null, table: null }

describe('which role and relation the screen shows', () => {
  it('starts on the first role and public’s first table (not a view before it)', () => {
    expect(chooseTarget(roles, relations, none)).toEqual({ role: 'anon', schema: 'public', table: 'customers' })
    expect(relationSchemas(relations)).toEqual(['public', 'analytics', 'auth'])
  })

  it('keeps a choice while it exists; a schema without tables offers its first relation', () => {
    expect(chooseTarget(roles, relations, { role: 'reporter', schema: 'analytics', table: null })).toEqual({ role: 'reporter', schema: 'analytics', table: 'daily' })
    expect(chooseTarget(roles, relations, { role: 'dropped', schema: 'gone', table: 'x' })).toEqual({ role: 'anon', schema: 'public', table: 'customers' })
    expect(chooseTarget(roles, relations, { role: null, schema: 'public', table: 'customer_order_summary' }).table).toBe('customer_order_summary')
  })

  it('without public, the first schema; without roles or relations, nothing complete', () => {
    expect(chooseTarget(roles, relations.slice(2), none)).toMatchObject({ schema: 'analytics' })
    expect(completeTarget(chooseTarget([], relations, none))).toBeNull()
    expect(completeTarget(chooseTarget(roles, [], none))).toBeNull()
  })

  it('keys a target so that no two names run together', () => {
    expect(targetKey({ role: 'a', schema: 'b.c', table: 'd' })).not.toBe(targetKey({ role: 'a', schema: 'b', table: 'c.d' }))
  })
})
