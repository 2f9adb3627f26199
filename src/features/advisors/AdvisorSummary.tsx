import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { lintExceptionsQuery, lintsQuery } from '../../api/queries/advisors'
import { LINT_LEVEL_LABELS, LINT_LEVELS, PREVIEW, type LintCategory } from '../../constants'
import { applyLintRules, countByLevel, inCategory, type LevelCounts } from '../../lib/advisor-findings'
import { advisorPath } from '../../lib/feature-previews'
import { Badge } from '../../ui/badge'
import { Spinner } from '../../ui/spinner'
import { usePreviewCheck } from '../previews'
import { LEVEL_TONE } from './level-tone'

const ADVISORS: { category: LintCategory; label: string; path: 'security' | 'performance' }[] = [
  { category: 'SECURITY', label: 'Security', path: 'security' },
  { category: 'PERFORMANCE', label: 'Performance', path: 'performance' },
]

function Counts({ counts }: { counts: LevelCounts }) {
  const levels = LINT_LEVELS.filter((level) => counts[level] > 0)
  if (levels.length === 0) return <Badge tone="success">No issues found</Badge>
  return (
    <>
      {levels.map((level) => (
        <Badge key={level} tone={LEVEL_TONE[level]}>
          {counts[level]} {counts[level] === 1 ? LINT_LEVEL_LABELS[level].one.toLowerCase() : LINT_LEVEL_LABELS[level].many.toLowerCase()}
        </Badge>
      ))}
    </>
  )
}

/**
 * The project home's advisors (SPEC §2): the security and performance issues the linter finds, by
 * level, each advisor a link. With the advisor rules preview on, the project's rules apply here as
 * they do in the advisors: what they hide is not counted.
 */
export function AdvisorSummary({ projectRef }: { projectRef: string }) {
  const rulesOn = usePreviewCheck()(PREVIEW.advisorRules)
  const lints = useQuery(lintsQuery(projectRef))
  const rules = useQuery({ ...lintExceptionsQuery(projectRef), enabled: rulesOn })
  const shown = applyLintRules(lints.data ?? [], rulesOn ? (rules.data ?? []) : []).shown
  return (
    <section aria-labelledby="advisor-summary-heading" className={css({ display: 'flex', flexDir: 'column', gap: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '5' })}>
      <h2 id="advisor-summary-heading" className={css({ fontWeight: 'semibold' })}>
        Advisors
      </h2>
      {lints.data === undefined ? (
        lints.isError ? (
          <p role="alert" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            The linter could not run: {lints.error.message}
          </p>
        ) : (
          <p className={css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted', fontSize: 'sm' })}>
            <Spinner label="Running the linter…" /> Running the linter…
          </p>
        )
      ) : (
        <ul className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          {ADVISORS.map(({ category, label, path }) => {
            const counts = countByLevel(inCategory(shown, category))
            const total = LINT_LEVELS.reduce((sum, level) => sum + counts[level], 0)
            return (
              <li key={category} className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                <Link href={advisorPath(projectRef, path, rulesOn)} className={css({ fontWeight: 'medium', minW: '48', color: 'accent.default', _hover: { textDecoration: 'underline' } })}>
                  {label}: {total} {total === 1 ? 'issue' : 'issues'}
                </Link>
                <Counts counts={counts} />
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
