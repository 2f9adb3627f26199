/** Findings and rules for the advisors' tests, shaped like the platform's answers. */
import type { Lint, LintException } from '../api/schemas/advisors'

export function lintOf(name: string, object: string, overrides: Partial<Lint> = {}): Lint {
  const [schema = 'public', table = object] = object.includes('.') ? object.split('.') : []
  return {
    name,
    title: name.replaceAll('_', ' '),
    level: 'WARN',
    facing: 'EXTERNAL',
    categories: ['SECURITY'],
    description: `${name} matters`,
    detail: `${object} is affected`,
    remediation: null,
    metadata: { schema, name: table, type: 'table' },
    cache_key: `${name}_${object.replace('.', '_')}`,
    ...overrides,
  }
}

export function ruleOf(lint_name: string, cache_key: string | null): LintException {
  return { id: `${lint_name}-${cache_key}`, lint_name, lint_category: null, is_disabled: cache_key === null, cache_key, note: cache_key ? 'known' : null, assigned_to: null, created_at: '2026-01-01T00:00:00Z', created_by: null }
}
