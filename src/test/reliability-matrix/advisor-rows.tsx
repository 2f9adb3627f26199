import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { readAdvisorRecord } from '../../../mock-platform/advisors/advisor-store'
import { createLintException } from '../../api/queries/advisors'
import { queryKeys } from '../../api/queries/keys'
import { executeSql } from '../../api/queries/sql'
import type { Lint } from '../../api/schemas/advisors'
import { MOCK_ADVISORS_STORAGE_KEY } from '../../constants'
import { AdvisorScreen } from '../../features/advisors/AdvisorScreen'
import { FindingFixDialog } from '../../features/advisors/FindingFixDialog'
import { QueryPerformanceScreen } from '../../features/advisors/QueryPerformancePage'
import { RuleDialog } from '../../features/advisors/RuleDialog'
import { PlanView, StatementDetail } from '../../features/advisors/StatementDetail'
import { lintFix } from '../../lib/sql/lints/fixes'
import { lintOf, ruleOf } from '../lint-fixtures'
import { Providers, jsonResponse, recordPgMeta, storageContext, type WriteRow } from './harness'
import type { StorageRow } from './rows'
import { ALL_PERMISSIONS, REF, projectClient } from './screens'
import type { XssPlace } from './xss-places'

/** The reliability matrix's rows of the advisors: the mock platform's kept rules, the rules and fixes written, and every text a lint or a statement brings. */

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString']

export const ADVISOR_STORAGE_ROWS: StorageRow[] = [
  {
    key: MOCK_ADVISORS_STORAGE_KEY,
    storage: 'local',
    read: () => [REF, ...PROTOTYPE_NAMES].map((ref) => readAdvisorRecord(storageContext(MOCK_ADVISORS_STORAGE_KEY), ref)),
    safe: (value) =>
      (value as ReturnType<typeof readAdvisorRecord>[]).every(
        (record) => Array.isArray(record.exceptions) && record.exceptions.every((rule) => typeof rule.lint_name === 'string') && (record.db_schema === null || typeof record.db_schema === 'string'),
      ),
    hostile: [
      ...PROTOTYPE_NAMES.map((name) => ({ label: `a project keyed ${name}`, raw: `{"projects":{${JSON.stringify(name)}:{"exceptions":[],"db_schema":"x"}}}` })),
      { label: 'a rule without its lint', raw: `{"projects":{"${REF}":{"exceptions":[{"id":"a","is_disabled":true}],"db_schema":null}}}` },
    ],
  },
]

const finding = lintOf('rls_disabled_in_public', 'public.orders', { level: 'ERROR' })

/** Renders a rule's dialog, types the reason, saves through the platform and says whether the reason reached it or is still in the field. */
async function ruleWrite(rule: Parameters<typeof RuleDialog>[0]['rule'], submitLabel: string, fault: Parameters<WriteRow['run']>[0], stub: Parameters<WriteRow['run']>[1]) {
  const reason = 'A log table: it never needs a key, decided on 2026-11-24'
  let sent: unknown = null
  stub(fault, (request, body) => {
    if (request.method !== 'POST' || !request.url.includes('/advisor/exceptions')) return undefined
    sent = body
    return jsonResponse({ exceptions: [] }, 201)
  })
  let done = false
  render(
    <Providers client={projectClient()}>
      <RuleDialog title="A rule" description="What it does" submitLabel={submitLabel} rule={rule} save={(made) => createLintException(REF, made)} onDone={() => (done = true)} onClose={() => {}} />
    </Providers>,
  )
  const dialog = await screen.findByRole('dialog', { name: 'A rule' })
  fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: reason } })
  fireEvent.click(within(dialog).getByRole('button', { name: submitLabel }))
  await waitFor(() => expect(done || within(dialog).queryByRole('alert') !== null).toBe(true))
  if (done) return JSON.stringify(sent).includes(reason)
  return (within(dialog).getByRole('textbox') as HTMLTextAreaElement).value === reason
}

export const ADVISOR_WRITE_ROWS: WriteRow[] = [
  { write: 'advisor finding dismissed with a reason', run: (fault, stub) => ruleWrite({ lint_name: finding.name, is_disabled: false, cache_key: finding.cache_key }, 'Dismiss finding', fault, stub) },
  { write: 'advisor lint disabled with a reason', run: (fault, stub) => ruleWrite({ lint_name: finding.name, is_disabled: true }, 'Disable rule', fault, stub) },
  {
    write: 'advisor fix run on the database',
    run: async (fault, stub) => {
      const ran = recordPgMeta(fault, stub)
      const fix = lintFix(finding)!
      let fixed = false
      render(
        <Providers client={projectClient()}>
          <FindingFixDialog
            finding={finding}
            fix={fix}
            blockedReason={null}
            run={(sql) => executeSql({ ref: REF, connectionString: 'encrypted:abc', query: sql })}
            relint={async () => false}
            openingInEditor={false}
            onOpenInEditor={() => {}}
            onFixed={() => (fixed = true)}
            onClose={() => {}}
          />
        </Providers>,
      )
      const dialog = await screen.findByRole('dialog')
      fireEvent.click(within(dialog).getByRole('button', { name: 'Run fix' }))
      await waitFor(() => expect(fixed || within(dialog).queryByRole('alert') !== null).toBe(true))
      // Refused, the fix is still there to run again, its SQL unchanged.
      return fixed ? ran.sql === fix.sql : within(dialog).getByRole('region', { name: 'SQL to run' }).textContent?.includes(fix.sql) === true && within(dialog).queryByRole('button', { name: /Run fix/ }) !== null
    },
  },
]

function advisorClient(lints: Lint[], rules: ReturnType<typeof ruleOf>[] = []) {
  const client = projectClient()
  client.setQueryData(queryKeys.permissions(), ALL_PERMISSIONS)
  client.setQueryData(queryKeys.projectLints(REF), lints)
  client.setQueryData(queryKeys.lintExceptions(REF), rules)
  return client
}

const statementOf = (payload: string, i: number) => ({
  id: `10:${i}:true`,
  role: payload,
  query: `select ${payload} /* ${payload} */`,
  calls: i,
  total_time: i,
  mean_time: 1,
  min_time: 1,
  max_time: 1,
  rows: 1,
  cache_hit_rate: null,
})

export const ADVISOR_XSS_PLACES: XssPlace[] = [
  {
    // Object names are the user's: a lint's detail, metadata and the rules' reasons carry them.
    place: 'lint titles, details, affected objects, links and rule reasons (security advisor, rules variant)',
    render: (payloads) => {
      const lints = payloads.map((payload, i) =>
        lintOf(i % 2 ? 'rls_disabled_in_public' : payload, `${payload}.${payload}${i}`, {
          title: payload,
          description: payload,
          detail: `Table \`${payload}\` ${payload}`,
          remediation: payload,
          metadata: { schema: payload, name: `${payload}${i}`, type: payload, policy_names: [payload] },
          cache_key: `${payload}${i}`,
        }),
      )
      const rules = payloads.map((payload, i) => ({ ...ruleOf(payload, i % 2 ? null : `${payload}${i}`), id: `r${i}`, note: payload, created_by: payload, created_at: payload }))
      return (
        <Providers client={advisorClient(lints, rules)}>
          <AdvisorScreen projectRef={REF} category="SECURITY" rulesVariant />
        </Providers>
      )
    },
  },
  {
    place: 'a finding’s fix: its detail and SQL (fix dialog)',
    batch: 1,
    render: ([payload = '']) => {
      const lint = lintOf('rls_disabled_in_public', `${payload}.${payload}`, { title: payload, detail: `\`${payload}\` ${payload}` })
      return (
        <Providers client={projectClient()}>
          <FindingFixDialog finding={lint} fix={lintFix(lint)!} blockedReason={payload} run={async () => {}} relint={async () => false} openingInEditor={false} onOpenInEditor={() => {}} onFixed={() => {}} onClose={() => {}} />
        </Providers>
      )
    },
  },
  {
    place: 'statement texts and roles (query performance list and detail)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(queryKeys.permissions(), ALL_PERMISSIONS)
      const statements = payloads.map(statementOf)
      client.setQueryData(queryKeys.queryStatistics(REF), { installed: true, versionNum: 180000, statements })
      return (
        <Providers client={client}>
          <QueryPerformanceScreen projectRef={REF} />
          <StatementDetail
            projectRef={REF}
            connectionString="encrypted:abc"
            statement={statements[0]!}
            versionNum={180000}
            blockedReason={null}
            run={async () => {}}
            onIndexCreated={() => {}}
            onOpenInEditor={() => {}}
          />
        </Providers>
      )
    },
  },
  {
    // A plan names the user's tables, columns and constants; a hint names them again.
    place: 'a statement’s plan and index hints',
    render: (payloads) => (
      <PlanView
        plan={{ kind: 'plan', generic: true, text: payloads.join('\n'), hints: payloads.map((payload) => ({ schema: payload, table: payload, column: payload, sql: payload })), assumed: [] }}
        blockedReason={null}
        onCreateIndex={() => {}}
      />
    ),
  },
]
