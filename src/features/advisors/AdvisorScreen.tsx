import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { createLintException, deleteLintExceptions, lintExceptionsQuery, lintsQuery } from '../../api/queries/advisors'
import { queryKeys } from '../../api/queries/keys'
import type { Lint, LintException, NewLintException } from '../../api/schemas/advisors'
import { LINT_LEVEL_LABELS, LINT_LEVELS, PERMISSION_MESSAGE, PERMISSION_RESOURCES, type LintCategory, type LintLevel } from '../../constants'
import type { CommandSection } from '../../lib/command-search'
import { applyLintRules, countByLevel, findingObject, groupByLint, inCategory, type LintGroup } from '../../lib/advisor-findings'
import { formatDisplayDate } from '../../lib/display-date'
import { lintFix } from '../../lib/sql/lints/fixes'
import { Button } from '../../ui/button'
import { Callout } from '../../ui/callout'
import { EmptyState, ErrorState, LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { useRegisterCommandSection } from '../command-menu'
import { DatabaseToolPage, useDatabaseWritePermission, useProjectDatabase } from '../database'
import { AdvisorRulesList } from './AdvisorRulesList'
import { FindingFixDialog } from './FindingFixDialog'
import { LintGroupSection, type RuleActions } from './LintGroupSection'
import { RuleDialog } from './RuleDialog'
import { useLinkedFinding } from './use-linked-finding'
import { useOpenInSqlEditor } from './use-open-in-sql-editor'
import { errorMessage } from '../../lib/error-message'

type Dialog = { kind: 'fix'; finding: Lint } | { kind: 'dismiss'; finding: Lint } | { kind: 'disable'; group: LintGroup }

const ADVISOR = {
  SECURITY: { title: 'Security Advisor', about: 'security issues: tables and functions the API exposes, policies, grants and extensions', empty: 'security' },
  PERFORMANCE: { title: 'Performance Advisor', about: 'performance issues: missing and unused indexes, keys and policies that slow queries down', empty: 'performance' },
} as const satisfies Record<LintCategory, { title: string; about: string; empty: string }>


/** How many findings of each level, as buttons that show one level (again: all of them). */
function LevelFilter({ counts, level, onChange }: { counts: Record<LintLevel, number>; level: LintLevel | null; onChange: (level: LintLevel | null) => void }) {
  return (
    <div role="group" aria-label="Findings by level" className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
      {LINT_LEVELS.map((each) => (
        <Button key={each} size="sm" variant={level === each ? 'primary' : 'default'} aria-pressed={level === each} onClick={() => onChange(level === each ? null : each)}>
          {LINT_LEVEL_LABELS[each].many} <span className={css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold' })}>{counts[each]}</span>
        </Button>
      ))}
    </div>
  )
}

/** The command menu's entries of this advisor's findings, while it is on screen: each opens its fix (or shows its row). */
function useFindingCommands(advisor: string, shown: readonly Lint[], open: (finding: Lint) => void): CommandSection | null {
  return useMemo(
    () =>
      shown.length === 0
        ? null
        : {
            id: 'advisor-findings',
            name: `${advisor} findings`,
            commands: shown.map((finding) => ({
              id: `finding-${finding.cache_key}`,
              name: `${finding.title}: ${findingObject(finding)}`,
              keywords: [finding.name, LINT_LEVEL_LABELS[finding.level].one, 'finding', 'fix', 'advisor'],
              hint: LINT_LEVEL_LABELS[finding.level].one,
              run: () => open(finding),
            })),
          },
    [advisor, shown, open],
  )
}

/**
 * A project's security or performance advisor (SPEC §2 /advisors/security, /advisors/performance;
 * `rulesVariant` is /advisors/rules/…): the linter's findings of one category, grouped by lint with
 * counts by level, each with its fix; "Rerun linter" runs every lint again. The rules variant adds
 * disabling a lint and dismissing a finding, and lists what they hide.
 */
export function AdvisorScreen({ projectRef: ref, category, rulesVariant }: { projectRef: string; category: LintCategory; rulesVariant: boolean }) {
  const queryClient = useQueryClient()
  const { run, refresh } = useProjectDatabase(ref)
  const lints = useQuery(lintsQuery(ref))
  const exceptions = useQuery({ ...lintExceptionsQuery(ref), enabled: rulesVariant })
  const fixPermission = useDatabaseWritePermission(ref, PERMISSION_RESOURCES.advisors, PERMISSION_MESSAGE.fixAdvisorFindings)
  const rulePermission = useDatabaseWritePermission(ref, PERMISSION_RESOURCES.advisors, PERMISSION_MESSAGE.manageAdvisorRules)
  const editor = useOpenInSqlEditor(ref)
  const [level, setLevel] = useState<LintLevel | null>(null)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [undoing, setUndoing] = useState<string | null>(null)
  const advisor = ADVISOR[category]

  const { rules, shown, hidden } = useMemo(() => {
    const rules = rulesVariant ? (exceptions.data ?? []).filter((rule) => rule.lint_category === null || rule.lint_category === category) : []
    return { rules, ...applyLintRules(inCategory(lints.data ?? [], category), rules) }
  }, [rulesVariant, exceptions.data, lints.data, category])
  const counts = countByLevel(shown)
  const groups = groupByLint(level === null ? shown : shown.filter((lint) => lint.level === level))

  const openFinding = useCallback((finding: Lint) => {
    setLevel(null)
    if (lintFix(finding)) setDialog({ kind: 'fix', finding })
    // Without a fix, the finding itself: its row, once the filter shows every level again.
    else requestAnimationFrame(() => document.querySelector(`[data-finding="${CSS.escape(finding.cache_key)}"]`)?.scrollIntoView({ block: 'center' }))
  }, [])
  useRegisterCommandSection(useFindingCommands(advisor.title, shown, openFinding))
  useLinkedFinding(lints.data === undefined ? null : shown, openFinding)

  const rerun = lints.refetch
  const relint = useCallback(
    async (finding: Lint) => {
      const fresh = await queryClient.fetchQuery({ ...lintsQuery(ref), staleTime: 0 })
      return fresh.some((lint) => lint.cache_key === finding.cache_key)
    },
    [queryClient, ref],
  )
  const onFixed = useCallback(() => {
    if (dialog?.kind === 'fix') showToast('success', `Fixed: ${dialog.finding.title} on ${findingObject(dialog.finding)}`, 'The linter no longer reports it.')
    setDialog(null)
    void refresh()
  }, [dialog, refresh])

  const refreshRules = () => queryClient.invalidateQueries({ queryKey: queryKeys.lintExceptions(ref) })
  const saveRule = async (rule: NewLintException) => {
    await createLintException(ref, rule)
    await refreshRules()
  }
  const undo = async (rule: LintException) => {
    setUndoing(rule.id)
    try {
      await deleteLintExceptions(ref, [rule.id])
      await refreshRules()
    } catch (error) {
      showToast('error', 'The rule was not undone', errorMessage(error))
    }
    setUndoing(null)
  }
  const ruleBlocked = rulePermission.allowed ? null : (rulePermission.reason ?? PERMISSION_MESSAGE.checking)
  const ruleActions: RuleActions | null = rulesVariant
    ? { blockedReason: ruleBlocked, onDisable: (group) => setDialog({ kind: 'disable', group }), onDismiss: (finding) => setDialog({ kind: 'dismiss', finding }) }
    : null

  const fix = dialog?.kind === 'fix' ? lintFix(dialog.finding) : null
  const ranAt = lints.dataUpdatedAt ? formatDisplayDate(lints.dataUpdatedAt) : null

  return (
    <DatabaseToolPage
      title={advisor.title}
      description={`The linter checks the project's database for ${advisor.about}.`}
      actions={
        <Button onClick={() => void rerun()} loading={lints.isFetching} disabled={lints.isFetching}>
          Rerun linter
        </Button>
      }
    >
      {lints.data === undefined ? (
        lints.isError ? (
          <ErrorState title="The linter could not run" message={lints.error.message} onRetry={() => void rerun()} />
        ) : (
          <LoadingState label="Running the linter…" />
        )
      ) : (
        <>
          {lints.isError ? <Callout tone="warning" title="The last rerun failed; these are the findings of the run before">{lints.error.message}</Callout> : null}
          {rulesVariant && exceptions.isError ? <Callout tone="warning" title="The project's rules could not be read: nothing is hidden">{exceptions.error.message}</Callout> : null}
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' })}>
            <LevelFilter counts={counts} level={level} onChange={setLevel} />
            <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
              {ranAt ? `Last run ${ranAt}` : null}
              {hidden.length > 0 ? ` · ${hidden.length} hidden by the rules below` : null}
            </span>
          </div>
          {shown.length === 0 ? (
            <EmptyState title="No issues found">The linter found no {advisor.empty} issues in this project{hidden.length > 0 ? ' that a rule does not hide' : ''}.</EmptyState>
          ) : groups.length === 0 ? (
            <EmptyState title={`No ${LINT_LEVEL_LABELS[level ?? 'INFO'].many.toLowerCase()}`}>Show the other levels with the buttons above.</EmptyState>
          ) : (
            groups.map((group) => <LintGroupSection key={group.name} projectRef={ref} group={group} rules={ruleActions} onFix={(finding) => setDialog({ kind: 'fix', finding })} />)
          )}
          {rulesVariant ? <AdvisorRulesList rules={rules} hidden={hidden} blockedReason={ruleBlocked} undoing={undoing} onUndo={(rule) => void undo(rule)} /> : null}
        </>
      )}
      {dialog?.kind === 'fix' && fix ? (
        <FindingFixDialog
          key={dialog.finding.cache_key}
          finding={dialog.finding}
          fix={fix}
          blockedReason={fixPermission.allowed ? null : (fixPermission.reason ?? PERMISSION_MESSAGE.checking)}
          run={run}
          relint={() => relint(dialog.finding)}
          openingInEditor={editor.opening}
          onOpenInEditor={() => void editor.open(`Fix: ${dialog.finding.title} on ${findingObject(dialog.finding)}`, fix.sql)}
          onFixed={onFixed}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'dismiss' ? (
        <RuleDialog
          title={`Dismiss ${findingObject(dialog.finding)}`}
          description={`This finding of “${dialog.finding.title}” stops showing and counting for this project until you undo it. The other findings of the lint still show.`}
          submitLabel="Dismiss finding"
          rule={{ lint_name: dialog.finding.name, is_disabled: false, cache_key: dialog.finding.cache_key }}
          save={saveRule}
          onDone={() => {
            showToast('success', `Dismissed ${findingObject(dialog.finding)}`)
            setDialog(null)
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'disable' ? (
        <RuleDialog
          title={`Disable “${dialog.group.title}”`}
          description="Every finding of this lint stops showing and counting for this project, on this run and the next ones, until you enable it again."
          submitLabel="Disable rule"
          rule={{ lint_name: dialog.group.name, is_disabled: true }}
          save={saveRule}
          onDone={() => {
            showToast('success', `Disabled “${dialog.group.title}”`)
            setDialog(null)
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </DatabaseToolPage>
  )
}
