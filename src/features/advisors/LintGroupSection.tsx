import { useId } from 'react'
import { css, cx } from 'styled-system/css'
import { Link } from 'wouter'
import type { Lint } from '../../api/schemas/advisors'
import { LINT_LEVEL_LABELS } from '../../constants'
import { findingObject, policiesPathOf, type LintGroup } from '../../lib/advisor-findings'
import { lintFix } from '../../lib/sql/lints/fixes'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ExternalLink } from '../../ui/external-link'
import { GuardedButton } from '../../ui/guarded-button'
import { ToolTableHead, toolCellClass } from '../database'
import { DetailText } from './DetailText'
import { LEVEL_TONE } from './level-tone'

const objectCellClass = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all', w: '56' })

/** What the rules variant adds to a group: disabling the lint, dismissing one finding. */
export interface RuleActions {
  blockedReason: string | null
  onDisable: (group: LintGroup) => void
  onDismiss: (finding: Lint) => void
}

/**
 * One lint with its findings: what it is and why it matters, where to read more, and each
 * affected object with its detail and what can be done about it.
 */
export function LintGroupSection({ projectRef, group, onFix, rules }: { projectRef: string; group: LintGroup; onFix: (finding: Lint) => void; rules: RuleActions | null }) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.surface', display: 'flex', flexDir: 'column' })}
    >
      <header className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', p: '4', flexWrap: 'wrap' })}>
        <div className={css({ flex: '1', minW: '64', display: 'flex', flexDir: 'column', gap: '1' })}>
          <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            <Badge tone={LEVEL_TONE[group.level]}>{LINT_LEVEL_LABELS[group.level].one}</Badge>
            <h3 id={headingId} className={css({ fontWeight: 'semibold' })}>
              {group.title}
            </h3>
            <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>
              {group.findings.length} {group.findings.length === 1 ? 'finding' : 'findings'}
            </span>
          </div>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', maxW: '3xl' })}>{group.description}</p>
          {group.remediation ? (
            <ExternalLink href={group.remediation} variant="quiet" className={css({ fontSize: 'sm', alignSelf: 'flex-start' })}>
              How to fix it: {group.name}
            </ExternalLink>
          ) : null}
        </div>
        {rules ? (
          <GuardedButton size="sm" blockedReason={rules.blockedReason} disabled={!!rules.blockedReason} onClick={() => rules.onDisable(group)}>
            Disable rule
          </GuardedButton>
        ) : null}
      </header>
      <table className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })}>
        <ToolTableHead columns={['Affected object', 'Detail', { hidden: 'Actions' }]} />
        <tbody>
          {group.findings.map((finding) => {
            const object = findingObject(finding)
            const fix = lintFix(finding)
            const policies = policiesPathOf(projectRef, finding)
            return (
              <tr key={finding.cache_key} aria-label={`${group.title}: ${object}`} data-finding={finding.cache_key}>
                <td className={cx(toolCellClass, objectCellClass)}>
                  {object}
                  {finding.metadata?.type ? <div className={css({ fontFamily: 'sans', color: 'fg.muted' })}>{finding.metadata.type}</div> : null}
                </td>
                <td className={toolCellClass}>
                  <DetailText text={finding.detail} />
                </td>
                <td className={toolCellClass}>
                  <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end', alignItems: 'center', whiteSpace: 'nowrap' })}>
                    {policies ? (
                      <Link href={policies} aria-label={`Policies of ${object}`} className={css({ fontSize: 'sm', color: 'accent.default', _hover: { textDecoration: 'underline' } })}>
                        Policies
                      </Link>
                    ) : null}
                    {fix ? (
                      <Button size="sm" variant={fix.runnable ? 'primary' : 'default'} aria-label={`${fix.runnable ? 'Fix' : 'Suggested SQL for'} ${object}`} onClick={() => onFix(finding)}>
                        {fix.runnable ? 'Fix' : 'Suggested SQL'}
                      </Button>
                    ) : (
                      <span className={css({ color: 'fg.muted', fontSize: 'xs', whiteSpace: 'nowrap' })}>No SQL fix</span>
                    )}
                    {rules ? (
                      <GuardedButton size="sm" aria-label={`Dismiss ${object}`} blockedReason={rules.blockedReason} disabled={!!rules.blockedReason} onClick={() => rules.onDismiss(finding)}>
                        Dismiss
                      </GuardedButton>
                    ) : null}
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
