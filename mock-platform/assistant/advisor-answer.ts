/**
 * The assistant asked about security or performance issues (the advisors' findings): a summary of
 * what the lints found on the project — the same lints, run the same way as `run-lints` — and a
 * link per finding that opens it in its advisor (lib/in-app-link.ts: the only in-app links an
 * answer may hold).
 */
import type { Lint } from '../../src/api/schemas/advisors.ts'
import { LINT_LEVEL_LABELS, LINT_LEVELS, type LintCategory } from '../../src/constants/advisors.ts'
import { findingObject, groupByLint } from '../../src/lib/advisor-findings.ts'
import { advisorFindingPath } from '../../src/lib/in-app-link.ts'
import { code, listing, plural } from './names.ts'

/** Findings listed per advisor; the rest are counted, behind the advisor's link. */
export const FINDINGS_LISTED = 8

const ADVISOR_NAME: Record<LintCategory, { title: string; path: 'security' | 'performance'; issue: string }> = {
  SECURITY: { title: 'Security Advisor', path: 'security', issue: 'security issue' },
  PERFORMANCE: { title: 'Performance Advisor', path: 'performance', issue: 'performance issue' },
}

/** The advisors a question is about: the one it names, or both. */
export function askedCategories(lower: string): LintCategory[] {
  const security = /\b(?:security|secure|safe|rls|exposed|vulnerab\w*)\b/.test(lower)
  const performance = /\b(?:performance|perf|slow|fast|speed|index(?:es)?)\b/.test(lower)
  if (security && !performance) return ['SECURITY']
  if (performance && !security) return ['PERFORMANCE']
  return ['SECURITY', 'PERFORMANCE']
}

const levelCounts = (findings: readonly Lint[]) =>
  listing(LINT_LEVELS.map((level) => ({ level, n: findings.filter((f) => f.level === level).length })).filter((c) => c.n > 0).map((c) => plural(c.n, LINT_LEVEL_LABELS[c.level].one.toLowerCase())))

/** Collapses a finding's detail to one line (it is Markdown from our own lints: backticks kept). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

export function advisorFindingsAnswer(lower: string, projectRef: string, findings: readonly Lint[] | null): string {
  if (findings === null) return "I couldn't run the advisors' lints on this project just now. Open the Security Advisor or the Performance Advisor to run them."
  const categories = askedCategories(lower)
  const byCategory = categories.map((category) => ({ category, findings: findings.filter((lint) => lint.categories.includes(category)) }))
  const counted = byCategory.map(({ category, findings }) => (findings.length === 0 ? `no ${ADVISOR_NAME[category].issue}s` : `**${plural(findings.length, ADVISOR_NAME[category].issue)}** (${levelCounts(findings)})`))
  const lines = [`I ran the advisors' lints on this project and found ${listing(counted)}.`]
  for (const { category, findings: found } of byCategory) {
    if (found.length === 0) continue
    const advisor = ADVISOR_NAME[category]
    lines.push('', `**${advisor.title}**`, '')
    // The advisor's own order: errors first, then by lint and object.
    const ordered = groupByLint(found).flatMap((group) => group.findings)
    for (const finding of ordered.slice(0, FINDINGS_LISTED)) {
      const link = advisorFindingPath(projectRef, advisor.path, finding.cache_key)
      lines.push(`- ${LINT_LEVEL_LABELS[finding.level].one} · [${finding.title}: ${code(findingObject(finding))}](${link}): ${oneLine(finding.detail)}`)
    }
    const more = ordered.length - FINDINGS_LISTED
    if (more > 0) lines.push(`- and ${plural(more, 'more finding')} in the [${advisor.title}](/project/${projectRef}/advisors/${advisor.path})`)
  }
  lines.push('', findings.length === 0 ? 'Rerun the linter from an advisor after changing the schema.' : 'Each link opens the finding in its advisor, with the SQL that fixes it where there is one.')
  return lines.join('\n')
}
