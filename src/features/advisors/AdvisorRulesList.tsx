import { css } from 'styled-system/css'
import type { LintException } from '../../api/schemas/advisors'
import { LINT_DEFINITIONS } from '../../constants'
import { findingObject, type HiddenFinding } from '../../lib/advisor-findings'
import { formatDisplayDate } from '../../lib/display-date'
import { GuardedButton } from '../../ui/guarded-button'
import { ToolTable, toolCellClass } from '../database'

const titleOf = (name: string) => LINT_DEFINITIONS.find((lint) => lint.name === name)?.title ?? name

/**
 * The rules variant's list of what is hidden and why: lints disabled for the project, findings
 * dismissed one by one. Each can be undone; a dismissal whose finding is gone stays listed by its key.
 */
export function AdvisorRulesList({
  rules,
  hidden,
  blockedReason,
  undoing,
  onUndo,
}: {
  rules: readonly LintException[]
  hidden: readonly HiddenFinding[]
  blockedReason: string | null
  /** The rule being undone, while its request runs. */
  undoing: string | null
  onUndo: (rule: LintException) => void
}) {
  if (rules.length === 0) return null
  const hiddenBy = (rule: LintException) => hidden.filter((finding) => finding.rule.id === rule.id)
  return (
    <section aria-labelledby="advisor-rules-heading" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <h2 id="advisor-rules-heading" className={css({ fontWeight: 'semibold' })}>
        Rules of this project
      </h2>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>What they hide is neither shown nor counted. Undo one to see its findings again on the next run.</p>
      <ToolTable columns={['Rule', 'Hides', 'Reason', 'Made', { hidden: 'Actions' }]}>
        {rules.map((rule) => {
          const findings = hiddenBy(rule)
          const what = rule.is_disabled
            ? `${findings.length} ${findings.length === 1 ? 'finding' : 'findings'}`
            : findings[0]
              ? findingObject(findings[0].lint)
              : `${rule.cache_key ?? ''} (no longer found)`
          const label = rule.is_disabled ? `Disabled: ${titleOf(rule.lint_name)}` : `Dismissed: ${titleOf(rule.lint_name)} on ${what}`
          const undoLabel = rule.is_disabled ? `Enable again: ${titleOf(rule.lint_name)}` : `Undo: ${titleOf(rule.lint_name)} on ${what}`
          return (
            <tr key={rule.id} aria-label={label}>
              <td className={toolCellClass}>
                <strong className={css({ fontWeight: 'medium' })}>{rule.is_disabled ? 'Lint disabled' : 'Finding dismissed'}</strong>
                <div className={css({ color: 'fg.muted', fontSize: 'xs' })}>{titleOf(rule.lint_name)}</div>
              </td>
              <td className={toolCellClass}>
                <span className={css({ fontFamily: rule.is_disabled ? 'sans' : 'mono', fontSize: 'xs', wordBreak: 'break-all' })}>{what}</span>
              </td>
              <td className={toolCellClass}>
                <span className={css({ wordBreak: 'break-word' })}>{rule.note ?? '—'}</span>
              </td>
              <td className={toolCellClass}>
                <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>
                  {formatDisplayDate(rule.created_at) ?? rule.created_at}
                  {rule.created_by ? ` by ${rule.created_by}` : ''}
                </span>
              </td>
              <td className={toolCellClass}>
                <GuardedButton size="sm" aria-label={undoLabel} blockedReason={blockedReason} disabled={!!blockedReason} loading={undoing === rule.id} onClick={() => onUndo(rule)}>
                  {rule.is_disabled ? 'Enable again' : 'Undo'}
                </GuardedButton>
              </td>
            </tr>
          )
        })}
      </ToolTable>
    </section>
  )
}
