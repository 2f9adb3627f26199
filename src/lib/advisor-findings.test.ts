import { describe, expect, it } from 'vitest'
import { lintOf, ruleOf } from '../test/lint-fixtures'
import { applyLintRules, countByLevel, findingObject, groupByLint, inCategory, policiesPathOf } from './advisor-findings'

describe('applyLintRules', () => {
  const lints = [lintOf('rls_disabled_in_public', 'public.a'), lintOf('rls_disabled_in_public', 'public.b'), lintOf('unused_index', 'public.c')]

  it('hides every finding of a disabled lint and the one finding a dismissal names', () => {
    const { shown, hidden } = applyLintRules(lints, [ruleOf('unused_index', null), ruleOf('rls_disabled_in_public', 'rls_disabled_in_public_public_b')])
    expect(shown.map((lint) => lint.cache_key)).toEqual(['rls_disabled_in_public_public_a'])
    expect(hidden.map(({ lint, rule }) => [lint.cache_key, rule.is_disabled])).toEqual([
      ['rls_disabled_in_public_public_b', false],
      ['unused_index_public_c', true],
    ])
  })

  it('shows everything without rules, and ignores a dismissal of a finding no longer there', () => {
    expect(applyLintRules(lints, []).shown).toHaveLength(3)
    expect(applyLintRules(lints, [ruleOf('x', 'x_gone')]).hidden).toEqual([])
  })

  it('is not fooled by cache keys that name the prototype', () => {
    const odd = lintOf('rls_disabled_in_public', 'public.constructor', { cache_key: 'constructor' })
    expect(applyLintRules([odd], [ruleOf('toString', null)]).shown).toEqual([odd])
  })
})

describe('grouping and counting', () => {
  const lints = [
    lintOf('b_lint', 'public.z', { level: 'INFO' }),
    lintOf('a_lint', 'public.y', { level: 'ERROR', categories: ['SECURITY'] }),
    lintOf('c_lint', 'public.x', { level: 'WARN', categories: ['PERFORMANCE'] }),
    lintOf('a_lint', 'public.b', { level: 'ERROR' }),
  ]

  it('counts by level and picks a category', () => {
    expect(countByLevel(lints)).toEqual({ ERROR: 2, WARN: 1, INFO: 1 })
    expect(inCategory(lints, 'PERFORMANCE').map((lint) => lint.name)).toEqual(['c_lint'])
  })

  it('groups by lint, errors first, findings by object', () => {
    expect(groupByLint(lints).map((group) => [group.name, group.findings.map(findingObject)])).toEqual([
      ['a_lint', ['public.b', 'public.y']],
      ['c_lint', ['public.x']],
      ['b_lint', ['public.z']],
    ])
  })

  it('names a finding without metadata by its detail', () => {
    expect(findingObject(lintOf('x', 'public.t', { metadata: null, detail: 'Something' }))).toBe('Something')
  })
})

describe('policiesPathOf', () => {
  const finding = (name: string, metadata: Record<string, unknown> | null) => ({ name, metadata }) as unknown as Parameters<typeof policiesPathOf>[1]
  it('sends a finding about a table’s row level security to the policies screen at that table', () => {
    expect(policiesPathOf('abc', finding('rls_enabled_no_policy', { schema: 'my schema', name: 'notes & co', type: 'table' }))).toBe('/project/abc/auth/policies?schema=my%20schema&table=notes%20%26%20co')
    expect(policiesPathOf('abc', finding('auth_rls_initplan', { schema: 'public', name: 'notes' }))).toBe('/project/abc/auth/policies?schema=public&table=notes')
  })
  it('sends nothing else there', () => {
    expect(policiesPathOf('abc', finding('unindexed_foreign_keys', { schema: 'public', name: 'notes', type: 'table' }))).toBeNull()
    expect(policiesPathOf('abc', finding('rls_disabled_in_public', { schema: 'public', name: 'v', type: 'view' }))).toBeNull()
    expect(policiesPathOf('abc', finding('rls_disabled_in_public', null))).toBeNull()
  })
})
