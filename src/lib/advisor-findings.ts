/**
 * What the advisors show of the linter's findings (SPEC §2 advisors): one category's findings,
 * grouped by lint, counted by level, with the project's rules applied. Decisions:
 * - Rules apply only in the rules variant (the advisor-rules preview on): without it nothing on
 *   screen could list or undo them, so nothing is hidden.
 * - A disabled lint hides all its findings; a dismissal hides the one finding whose cache key it
 *   names. Hidden findings are listed apart with the rule that hides them, never counted.
 * - Groups are ordered by level (errors first), then by title; findings by their object.
 */
import type { Lint, LintException } from '../api/schemas/advisors'
import { LINT_LEVELS, ROW_LEVEL_SECURITY_LINTS, type LintCategory, type LintLevel } from '../constants/advisors'

export interface HiddenFinding {
  lint: Lint
  rule: LintException
}

export interface AppliedRules {
  shown: Lint[]
  hidden: HiddenFinding[]
}

/** Splits the findings into those shown and those a rule hides. */
export function applyLintRules(lints: readonly Lint[], rules: readonly LintException[]): AppliedRules {
  const disabled = new Map(rules.filter((rule) => rule.is_disabled).map((rule) => [rule.lint_name, rule]))
  const dismissed = new Map(rules.filter((rule) => !rule.is_disabled && rule.cache_key !== null).map((rule) => [rule.cache_key!, rule]))
  const shown: Lint[] = []
  const hidden: HiddenFinding[] = []
  for (const lint of lints) {
    const rule = disabled.get(lint.name) ?? dismissed.get(lint.cache_key)
    if (rule) hidden.push({ lint, rule })
    else shown.push(lint)
  }
  return { shown, hidden }
}

export function inCategory(lints: readonly Lint[], category: LintCategory): Lint[] {
  return lints.filter((lint) => lint.categories.includes(category))
}

export type LevelCounts = Readonly<Record<LintLevel, number>>

export function countByLevel(lints: readonly Lint[]): LevelCounts {
  const counts = { ERROR: 0, WARN: 0, INFO: 0 }
  for (const lint of lints) counts[lint.level] += 1
  return counts
}

/** One lint with its findings, as a screen lists it. */
export interface LintGroup {
  name: string
  title: string
  level: LintLevel
  description: string
  remediation: string | null
  findings: Lint[]
}

const levelRank = (level: LintLevel) => LINT_LEVELS.indexOf(level)

/** `schema.name` of a finding's object, or its detail when the metadata names none. */
export function findingObject(lint: Lint): string {
  const { schema, name } = lint.metadata ?? {}
  if (schema && name) return `${schema}.${name}`
  return name ?? schema ?? lint.detail
}

/** Where a finding about a table's row level security is dealt with: the policies screen at its table; null for other findings. */
export function policiesPathOf(projectRef: string, lint: Lint): string | null {
  const { schema, name, type } = lint.metadata ?? {}
  if (!(ROW_LEVEL_SECURITY_LINTS as readonly string[]).includes(lint.name) || !schema || !name || (type && type !== 'table')) return null
  return `/project/${projectRef}/auth/policies?schema=${encodeURIComponent(schema)}&table=${encodeURIComponent(name)}`
}

export function groupByLint(lints: readonly Lint[]): LintGroup[] {
  const groups = new Map<string, LintGroup>()
  for (const lint of lints) {
    const group = groups.get(lint.name)
    if (group) group.findings.push(lint)
    else groups.set(lint.name, { name: lint.name, title: lint.title, level: lint.level, description: lint.description, remediation: lint.remediation, findings: [lint] })
  }
  const ordered = [...groups.values()].sort((a, b) => levelRank(a.level) - levelRank(b.level) || a.title.localeCompare(b.title))
  for (const group of ordered) group.findings.sort((a, b) => findingObject(a).localeCompare(findingObject(b)) || a.cache_key.localeCompare(b.cache_key))
  return ordered
}
