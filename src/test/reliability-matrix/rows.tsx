import { readRailExpanded } from '../../features/project-shell/rail-preference'
import type { ReactNode } from 'react'
import { createActor, fromPromise } from 'xstate'
import { restoreAccounts } from '../../../mock-platform/auth/account-store'
import { restoreAuditEvents } from '../../../mock-platform/audit/audit-log'
import { restoreOrganizationChanges } from '../../../mock-platform/auth/organization-store'
import { isSessionLive } from '../../../mock-platform/auth/auth-sessions'
import { readCustomer } from '../../../mock-platform/billing/billing-account-store'
import { readCodeHostingStore } from '../../../mock-platform/code-hosting/code-hosting-store'
import { restoreContent } from '../../../mock-platform/content/content-persistence'
import { restoredContext } from '../../../machines/assistant.machine'
import { consentMachine, type ConsentCategory } from '../../../machines/consent.machine'
import { getSession } from '../../api/session'
import { isOutageNoticeAcknowledged } from '../../app/LayoutBanners'
import { inspectorTabId } from '../../app/inspector-link'
import { resolveScenario } from '../../app/mock-platform'
import { readThemePreference } from '../../app/theme'
import { ASSISTANT_LEGACY_STORAGE_KEY, ASSISTANT_STORAGE_KEY, CONSENT_STORAGE_KEY, DASHBOARD_HISTORY_KEY, FEATURE_PREVIEWS, INSPECTOR_TAB_ID_KEY, LAST_ORGANIZATION_KEY, MOCK_ACCOUNTS_STORAGE_KEY, MOCK_AUDIT_STORAGE_KEY, MOCK_AUTH_SESSIONS_STORAGE_KEY, MOCK_ORGANIZATIONS_STORAGE_KEY, MOCK_BILLING_ACCOUNT_STORAGE_KEY, MOCK_CODE_HOSTING_STORAGE_KEY, MOCK_CONTENT_STORAGE_KEY, MOCK_SCENARIOS, OAUTH_STATE_STORAGE_KEY, PLATFORM_API_ROLES, OUTAGE_NOTICE_ACK_STORAGE_KEY, PROJECT_RAIL_KEY, SCENARIO_STORAGE_KEY, SESSION_STORAGE_KEY, THEME_STORAGE_KEY, THEMES } from '../../constants'
import { stopAssistantActors } from '../../features/assistant/assistant-actors'
import { takePendingAuthorization } from '../../features/code-hosting/pending-authorization'
import { ConsentToast } from '../../features/consent/ConsentToast'
import { readLastVisitedOrganization } from '../../features/organizations/last-visited'
import { readProjectHistory, recordProjectVisit, sqlEditorPath, tableEditorPath } from '../../features/projects/dashboard-history'
import { draftKey, listDrafts, readDraft } from '../../features/sql-editor/draft-store'
import { readResultsShare, RESULTS_SHARE_MAX, RESULTS_SHARE_MIN, splitKey } from '../../features/sql-editor/workspace-split'
import { readRunHistory, recordSqlRun, runHistoryKey } from '../../features/sql-editor/run-history'
import { RunHistory } from '../../features/sql-editor/RunHistory'
import { readOpenTabs, tabsKey } from '../../features/sql-editor/open-tabs'
import { diagramPositionsKey, readDiagramPositions } from '../../features/database/schema-diagram/diagram-positions'
import { schemaDiagramScreen } from './database-xss-places'
import { SQL_EDITOR_TAB_LIMIT } from '../../constants'
import { HistoryList } from '../../features/graphiql/HistoryList'
import { historyKey, readHistory, recordRun } from '../../features/graphiql/history-store'
import { arrangeColumns, columnLayoutKey, readColumnLayout } from '../../features/table-editor/column-layout'
import { loadAssistantState, type SavedAssistantState } from '../../lib/assistant-state'
import { readConsentDecision } from '../../lib/consent-decision'
import { readPreviewFlags } from '../../lib/feature-previews'
import { hasOwnKey, ownValue } from '../../lib/own-record'
import { storageContext } from './harness'
import { OAUTH_STATE, REF, SNIPPET_ID, SessionProbe, ThemeProbe, assistantPanel, chatJson } from './screens'
import { LOGS_STORAGE_ROWS } from './logs-rows'
import { TABLE_EDITOR_STORAGE_ROWS } from './table-editor-rows'
import { ADVISOR_STORAGE_ROWS } from './advisor-rows'
import { STORAGE_EXPLORER_STORAGE_ROWS } from './storage-rows'
import { POLICY_STORAGE_ROWS } from './auth-rows'

/**
 * The reliability matrix's table: every browser-storage key and every write that must keep the
 * user's input (the places that show text users or servers wrote are in ./xss-places.tsx). A new
 * screen adds its rows here; ./reliability-matrix.test.tsx tries each against ./corpora.ts.
 */

// ---------------------------------------------------------------------------------------------
// Browser storage: every key the app and the browser mock platform keep.

export interface StorageRow {
  key: string
  storage: 'local' | 'session'
  /** The app's read of the key, as the app does it. */
  read: () => unknown | Promise<unknown>
  /** What a read may return: anything else is a value trusted that should not have been. */
  safe: (value: unknown) => boolean
  /** After the read: what the app then does with it (writes included). */
  use?: (value: unknown) => void
  /** A screen that reads the key on the way in. */
  render?: () => ReactNode
  /** Where a valid value moves on read (a legacy key): moved, it is not discarded. */
  movesTo?: string
  /** Values that parse but do not make sense for this key alone (tried after the corpus). */
  hostile?: { label: string; raw: string }[]
}

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'hasOwnProperty', 'toString']

const isNullOr = (check: (value: unknown) => boolean) => (value: unknown) => value === null || check(value)
const isString = (value: unknown): value is string => typeof value === 'string'
const SAFE_ID = /^[A-Za-z0-9_-]{1,200}$/

function assistantRow(key: string, movesTo?: string): StorageRow {
  return {
    key,
    movesTo,
    storage: 'local',
    read: () => loadAssistantState(localStorage, REF),
    safe: isNullOr((value) => {
      const context = restoredContext({ projectRef: REF, saved: value as SavedAssistantState, now: 0, newChatId: 'fresh' })
      const active = context.activeChatId === null ? undefined : ownValue(context.chats, context.activeChatId)
      return active !== undefined && Array.isArray(active.messages) && Object.values(context.chats).every((chat) => typeof chat.name === 'string')
    }),
    render: assistantPanel,
    hostile: [
      ...PROTOTYPE_NAMES.map((name) => ({ label: `active chat ${name}`, raw: `{"activeChatId":${JSON.stringify(name)},"chats":{"a":${chatJson('a')}}}` })),
      ...PROTOTYPE_NAMES.map((name) => ({ label: `a chat keyed ${name}`, raw: `{"activeChatId":${JSON.stringify(name)},"chats":{${JSON.stringify(name)}:${chatJson(name)}}}` })),
      { label: 'a chat under another key', raw: `{"activeChatId":"a","chats":{"a":${chatJson('b')},"b":${chatJson('b')}}}` },
      { label: 'no chats, an active one', raw: '{"activeChatId":"a","chats":{}}' },
      {
        label: 'a result keyed constructor',
        raw: JSON.stringify({
          activeChatId: 'a',
          chats: { a: { id: 'a', name: 'A', createdAt: 0, updatedAt: 0, messages: [{ id: 'm', role: 'assistant', parts: [{ type: 'sql', id: 'constructor', sql: 'select 1' }], results: { toString: { columns: ['constructor'], rows: [{}], rowCount: 1, error: null } } }] } },
        }),
      },
    ],
  }
}

const LAYOUT_COLUMNS = ['id', 'constructor', 'toString', 'name'].map((name) => ({ name }))

export const STORAGE_ROWS: StorageRow[] = [
  { key: PROJECT_RAIL_KEY, storage: 'local', read: () => readRailExpanded(), safe: (value) => typeof value === 'boolean' },
  {
    key: splitKey('u1'),
    storage: 'local',
    read: () => readResultsShare('u1'),
    safe: (value) => typeof value === 'number' && value >= RESULTS_SHARE_MIN && value <= RESULTS_SHARE_MAX,
    hostile: [
      { label: 'a share past the whole height', raw: '{"results":7}' },
      { label: 'a share as text', raw: '{"results":"0.5"}' },
    ],
  },
  { key: THEME_STORAGE_KEY, storage: 'local', read: readThemePreference, safe: (value) => (THEMES as readonly unknown[]).includes(value), render: () => <ThemeProbe /> },
  {
    key: SESSION_STORAGE_KEY,
    storage: 'local',
    read: getSession,
    safe: isNullOr((value) => isString((value as { accessToken?: unknown }).accessToken)),
    render: () => <SessionProbe />,
  },
  {
    key: DASHBOARD_HISTORY_KEY,
    storage: 'local',
    read: () => readProjectHistory(REF),
    safe: (value) => {
      const history = value as { sql?: unknown; editor?: unknown }
      return (
        [history.sql, history.editor].every((id) => id === undefined || (isString(id) && SAFE_ID.test(id))) &&
        sqlEditorPath(REF, history as never).startsWith(`/project/${REF}/sql/`) &&
        tableEditorPath(REF, history as never).startsWith(`/project/${REF}/editor`)
      )
    },
    hostile: [
      { label: 'a project called constructor', raw: '{"constructor":{"sql":"s"},"abcdefghijklmnopqrst":{"editor":"7"}}' },
      { label: 'a project called __proto__', raw: '{"__proto__":{"sql":"s"}}' },
      { label: 'a path in an id', raw: '{"abcdefghijklmnopqrst":{"sql":"../../logout"}}' },
    ],
    use: () => {
      recordProjectVisit(REF, 'sql', 'snippet-1')
      recordProjectVisit('constructor', 'editor', '42')
      if (readProjectHistory(REF).sql !== 'snippet-1' || readProjectHistory('constructor').editor !== '42') throw new Error('history lost the visits')
    },
  },
  {
    key: OAUTH_STATE_STORAGE_KEY,
    storage: 'local',
    read: () => takePendingAuthorization(OAUTH_STATE, 'authorize'),
    safe: isNullOr((value) => (value as { state?: unknown }).state === OAUTH_STATE),
  },
  assistantRow(ASSISTANT_STORAGE_KEY(REF)),
  assistantRow(ASSISTANT_LEGACY_STORAGE_KEY(REF), ASSISTANT_STORAGE_KEY(REF)),
  {
    key: CONSENT_STORAGE_KEY,
    storage: 'local',
    read: readConsentDecision,
    safe: (value) => value === null || value === 'accepted' || value === 'rejected',
    render: () => (
      <ConsentToast
        actor={createActor(consentMachine.provide({ actors: { loadCategories: fromPromise(async (): Promise<readonly ConsentCategory[]> => []) } }), { input: { decision: readConsentDecision() } }).start()}
      />
    ),
  },
  { key: OUTAGE_NOTICE_ACK_STORAGE_KEY, storage: 'local', read: () => isOutageNoticeAcknowledged('outage-2026-11-18'), safe: (value) => typeof value === 'boolean' },
  {
    key: SCENARIO_STORAGE_KEY,
    storage: 'session',
    read: () => resolveScenario('', sessionStorage),
    safe: isNullOr((value) => (MOCK_SCENARIOS as readonly unknown[]).includes(value)),
  },
  {
    key: INSPECTOR_TAB_ID_KEY,
    storage: 'session',
    read: () => inspectorTabId(sessionStorage),
    safe: (value) => isString(value) && /^[0-9a-f-]{36}$/.test(value),
  },
  {
    key: columnLayoutKey(REF, 42),
    storage: 'local',
    read: () => readColumnLayout(localStorage, REF, 42),
    hostile: [
      { label: 'widths of prototype names', raw: '{"order":["constructor","toString"],"widths":{"constructor":300,"__proto__":200},"hidden":["toString"]}' },
      { label: 'a width out of range', raw: '{"order":[],"widths":{"id":1e9},"hidden":[]}' },
    ],
    safe: (value) => {
      const layout = value as ReturnType<typeof readColumnLayout>
      const arranged = arrangeColumns(LAYOUT_COLUMNS, layout).map((c) => c.name)
      return (
        arranged.every((name) => LAYOUT_COLUMNS.some((c) => c.name === name)) &&
        LAYOUT_COLUMNS.every((c) => {
          const width = ownValue(layout.widths, c.name)
          return width === undefined || (typeof width === 'number' && width >= 20 && width <= 5000)
        })
      )
    },
  },
  {
    key: draftKey(REF, SNIPPET_ID),
    storage: 'local',
    read: () => readDraft(REF, SNIPPET_ID),
    safe: isNullOr((value) => (value as { id?: unknown }).id === SNIPPET_ID && isString((value as { sql?: unknown }).sql)),
    hostile: [
      {
        label: "another snippet's draft",
        raw: JSON.stringify({ ref: REF, id: '00000000-0000-4000-8000-00000000000b', name: 'x', sql: 'drop table users', folderId: null, favorite: false, updatedAt: 1, knownToServer: true }),
      },
      {
        label: "another project's draft",
        raw: JSON.stringify({ ref: 'otherprojectrefxxxxx', id: SNIPPET_ID, name: 'x', sql: 'select 1', folderId: null, favorite: false, updatedAt: 1, knownToServer: true }),
      },
    ],
    use: () => {
      if (!listDrafts(REF).every((draft) => draft.ref === REF && isString(draft.sql))) throw new Error('a listed draft is not one')
    },
  },
  { key: LAST_ORGANIZATION_KEY, storage: 'local', read: readLastVisitedOrganization, safe: isNullOr((value) => isString(value) && value.length <= 200) },
  ...FEATURE_PREVIEWS.map(
    ({ key }): StorageRow => ({
      key,
      storage: 'local',
      read: () => readPreviewFlags(localStorage),
      safe: (value) => Object.values(value as object).every((flag) => typeof flag === 'boolean'),
    }),
  ),
  {
    key: MOCK_BILLING_ACCOUNT_STORAGE_KEY,
    storage: 'local',
    read: () => {
      const ctx = storageContext(MOCK_BILLING_ACCOUNT_STORAGE_KEY)
      return [readCustomer(ctx, { slug: 'acme-corp', name: 'Acme' }), readCustomer(ctx, { slug: 'constructor', name: 'Constructor' })]
    },
    safe: (value) => (value as { billing_name?: unknown }[]).every((customer) => isString(customer.billing_name)),
    hostile: [{ label: 'a customer keyed constructor', raw: '{"customers":{"constructor":{"billing_name":"C","address":null,"tax_id":null},"__proto__":{"billing_name":"P","address":null,"tax_id":null}}}' }],
  },
  {
    key: MOCK_ACCOUNTS_STORAGE_KEY,
    storage: 'local',
    read: async () => {
      const ctx = storageContext(MOCK_ACCOUNTS_STORAGE_KEY)
      await restoreAccounts(ctx)
      return ctx.db.users.all().length
    },
    safe: (value) => typeof value === 'number',
  },
  {
    key: MOCK_ORGANIZATIONS_STORAGE_KEY,
    storage: 'local',
    // A page load applies the kept changes to the seed: a corrupt record changes nothing, never a crash.
    read: async () => {
      const ctx = storageContext(MOCK_ORGANIZATIONS_STORAGE_KEY)
      await restoreOrganizationChanges(ctx)
      return ctx.db.organizations.all().map((organization) => organization.name)
    },
    safe: (value) => Array.isArray(value) && value.every(isString),
    hostile: [{ label: 'a membership in an organization named __proto__', raw: '{"memberships":[{"gotrue_id":"x","organization_slug":"__proto__","role_id":1}],"names":[{"slug":"constructor","name":"C"}]}' }],
  },
  {
    key: MOCK_AUDIT_STORAGE_KEY,
    storage: 'local',
    // A page load brings back the kept events: a corrupt record brings none, never a crash.
    read: async () => {
      const ctx = storageContext(MOCK_AUDIT_STORAGE_KEY)
      await restoreAuditEvents(ctx)
      return ctx.db.auditEvents.all().map((event) => event.action)
    },
    safe: (value) => Array.isArray(value) && value.every(isString),
  },
  {
    key: MOCK_AUTH_SESSIONS_STORAGE_KEY,
    storage: 'local',
    // What every signed-in request asks of it: is the token's session still live (never, for a corrupt record).
    read: () => isSessionLive(storageContext(MOCK_AUTH_SESSIONS_STORAGE_KEY), 'constructor'),
    safe: (value) => value === false,
  },
  {
    key: MOCK_CODE_HOSTING_STORAGE_KEY,
    storage: 'local',
    read: () => readCodeHostingStore(storageContext(MOCK_CODE_HOSTING_STORAGE_KEY)),
    safe: (value) => {
      const store = value as ReturnType<typeof readCodeHostingStore>
      return ownValue(store.connections, 'constructor') === undefined || hasOwnKey(store.connections, 'constructor')
    },
    hostile: [{ label: 'connections keyed by prototype names', raw: '{"connections":{"__proto__":{"account_id":1,"connected_at":"x"}},"installations":{"constructor":{"id":1,"account_id":1,"created_at":"x"}}}' }],
  },
  ...TABLE_EDITOR_STORAGE_ROWS,
  ...ADVISOR_STORAGE_ROWS,
  ...LOGS_STORAGE_ROWS,
  ...STORAGE_EXPLORER_STORAGE_ROWS,
  ...POLICY_STORAGE_ROWS,
  {
    key: historyKey(REF),
    storage: 'local',
    read: () => readHistory(REF),
    safe: (value) =>
      Array.isArray(value) &&
      value.every((run: Record<string, unknown>) => isString(run['query']) && isString(run['variables']) && (PLATFORM_API_ROLES as readonly unknown[]).includes(run['role'])),
    render: () => <HistoryList entries={readHistory(REF)} onOpen={() => {}} onClear={() => {}} />,
    hostile: [
      { label: 'a run as postgres', raw: '[{"id":"a","query":"mutation { x }","variables":"","operationName":null,"role":"postgres","ranAt":1}]' },
      { label: 'a run keyed like the prototype', raw: '[{"__proto__":{"role":"anon"},"id":"a","query":"{ a }","variables":"","operationName":null,"role":"anon","ranAt":1}]' },
      { label: 'runs beside garbage', raw: '[null,{"id":"a","query":"{ a }","variables":"{}","operationName":"constructor","role":"anon","ranAt":1},"toString"]' },
    ],
    use: () => {
      if (!recordRun(REF, { id: 'b', query: '{ b }', variables: '', operationName: null, role: 'authenticated', ranAt: 2 }) || readHistory(REF)[0]?.id !== 'b') {
        throw new Error('the history lost a run')
      }
    },
  },
  {
    key: tabsKey(REF),
    storage: 'local',
    read: () => readOpenTabs(REF),
    safe: (value) => Array.isArray(value) && value.length <= SQL_EDITOR_TAB_LIMIT && value.every(isString) && new Set(value).size === value.length,
    hostile: [
      { label: 'more tabs than the limit', raw: JSON.stringify({ ids: Array.from({ length: 40 }, (_, i) => `s${i}`) }) },
      { label: 'one tab many times', raw: '{"ids":["a","a","a"]}' },
    ],
  },
  {
    key: runHistoryKey(REF),
    storage: 'local',
    read: () => readRunHistory(REF),
    safe: (value) =>
      Array.isArray(value) &&
      value.every((run: Record<string, unknown>) => isString(run['sql']) && typeof run['ranAt'] === 'number' && ['succeeded', 'failed', 'cancelled'].includes(run['outcome'] as string)),
    render: () => <RunHistory projectRef={REF} onInsert={() => {}} />,
    hostile: [
      { label: 'a run with negative rows', raw: '[{"id":"a","sql":"select 1","cut":false,"ranAt":1,"durationMs":1,"rows":-4,"outcome":"succeeded","error":null}]' },
      { label: 'a run keyed like the prototype', raw: '[{"__proto__":{"outcome":"failed"},"id":"a","sql":"select 1","cut":false,"ranAt":1,"durationMs":null,"rows":null,"outcome":"succeeded","error":null}]' },
      { label: 'runs beside garbage', raw: '[null,{"id":"a","sql":"select 1","cut":false,"ranAt":1,"durationMs":null,"rows":null,"outcome":"cancelled","error":null},"toString"]' },
    ],
    use: () => {
      if (!recordSqlRun(REF, { sql: 'select 2', ranAt: 2, durationMs: 1, rows: 1, outcome: 'succeeded', error: null }) || readRunHistory(REF)[0]?.sql !== 'select 2') {
        throw new Error('the history lost a run')
      }
    },
  },
  {
    key: diagramPositionsKey(REF),
    storage: 'local',
    read: () => readDiagramPositions(REF, 'public'),
    safe: (value) =>
      typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === null &&
      Object.values(value).every((p: unknown) => typeof p === 'object' && p !== null && Number.isFinite((p as { x: unknown }).x) && Number.isFinite((p as { y: unknown }).y)),
    render: () => schemaDiagramScreen(['orders', '__proto__', 'constructor']),
    hostile: [
      { label: 'a table keyed like the prototype', raw: '{"public":{"__proto__":[1,2],"constructor":[3,4],"toString":[5,6]}}' },
      { label: 'a schema keyed like the prototype', raw: '{"__proto__":{"orders":[1,2]},"public":{"orders":[7,8]}}' },
      { label: 'a position past any diagram', raw: '{"public":{"orders":[1e300,0]}}' },
      { label: 'a position as text', raw: '{"public":{"orders":["10","20"]}}' },
    ],
  },
  {
    key: MOCK_CONTENT_STORAGE_KEY(false),
    storage: 'local',
    read: async () => {
      const ctx = storageContext(MOCK_CONTENT_STORAGE_KEY(false))
      await restoreContent(ctx)
      return ctx.db.snippets.all().length
    },
    safe: (value) => typeof value === 'number',
  },
]

/** Resets what the rows leave behind between tries. */
export function resetRows(): void {
  stopAssistantActors()
}
