import type { ReactNode } from 'react'
import { queryKeys } from '../../api/queries/keys'
import { ownRecord } from '../../lib/own-record'
import { retryWaitText } from '../../api/retry-schedule'
import { ApiError } from '../../api/errors'
import { ASSISTANT_STORAGE_KEY } from '../../constants'
import { assistantActorFor } from '../../features/assistant/assistant-actors'
import { ChatBar } from '../../features/assistant/ChatBar'
import { Markdown } from '../../features/assistant/Markdown'
import { AddressSection } from '../../features/billing/AddressSection'
import OrganizationsPage from '../../features/organizations/OrganizationsPage'
import { ProjectStateGate } from '../../features/project-shell/ProjectStateGate'
import { ProjectPauseSection } from '../../features/projects/ProjectPauseSection'
import { RenameFailureNote } from '../../features/sql-editor/RenameFailureNote'
import { recordRenameFailure } from '../../features/sql-editor/rename-failures'
import { ResultsGrid } from '../../features/sql-editor/ResultsGrid'
import { clearRunHistory, recordSqlRun } from '../../features/sql-editor/run-history'
import { RunHistory } from '../../features/sql-editor/RunHistory'
import { SnippetTabs } from '../../features/sql-editor/SnippetTabs'
import { SnippetSidebar } from '../../features/sql-editor/SnippetSidebar'
import SupportPage from '../../features/support/SupportPage'
import { TableDataView } from '../../features/table-editor/TableDataView'
import { TableStructureView } from '../../features/table-editor/TableStructureView'
import { writeTableEdit } from '../../features/table-editor/table-edit-store'
import { ErrorState, LoadingState } from '../../ui/states'
import { ITEMS_TABLE, itemsDatabase } from '../items-table'
import { ADVISOR_XSS_PLACES } from './advisor-rows'
import { CRON_XSS_PLACES } from './cron-xss-places'
import { DATABASE_XSS_PLACES } from './database-xss-places'
import { AUTH_XSS_PLACES, POLICY_XSS_PLACES } from './auth-rows'
import { GRAPHIQL_XSS_PLACES } from './graphiql-xss-places'
import { LOGS_XSS_PLACES } from './logs-rows'
import { STORAGE_XSS_PLACES } from './storage-rows'
import { PROJECT_SETTINGS_XSS_PLACES } from './project-settings-rows'
import { ACCOUNT_XSS_PLACES } from './account-rows'
import { STORAGE_UPLOAD_XSS_PLACES } from './storage-upload-rows'
import { Providers, jsonResponse, stubPlatform, testClient } from './harness'
import { ALL_PERMISSIONS, ClickedOnMount, CUSTOMER, FREE_ORGANIZATION, ORGANIZATION, REF, SNIPPET, StatusShell, assistantPanel, billingClient, message, project, savedChat, table } from './screens'
import { ProjectApiSection } from '../../features/projects/ProjectApiSection'

/**
 * The reliability matrix's XSS rows: every place that shows text users or servers wrote. A new
 * screen adds its places here; ./reliability-matrix.test.tsx renders each with ./corpora.ts's payloads.
 */

// ---------------------------------------------------------------------------------------------
// What the places render with.

// ---------------------------------------------------------------------------------------------
// Places that show text users or servers wrote.

export interface XssPlace {
  place: string
  /** The place showing every payload at once (a list of them), or, with `batch: 1`, one. */
  render: (payloads: readonly string[]) => ReactNode
  batch?: number
}

export const XSS_PLACES: XssPlace[] = [
  { place: 'SQL result cells', render: (payloads) => <ResultsGrid columns={['value']} rows={payloads.map((value) => ({ value }))} /> },
  {
    // What the user ran, and the database's errors about it.
    place: 'the SQL editor’s run history: statements and errors',
    render: (payloads) => {
      clearRunHistory(REF)
      payloads.forEach((payload, i) => recordSqlRun(REF, { sql: payload, ranAt: i, durationMs: i, rows: null, outcome: 'failed', error: payload }))
      return <RunHistory projectRef={REF} onInsert={() => {}} />
    },
  },
  {
    place: 'snippet names on the SQL editor’s tabs',
    render: (payloads) => (
      <SnippetTabs
        projectRef={REF}
        ids={payloads.map((_, i) => `s${i}`)}
        activeId="s0"
        items={new Map(payloads.map((name, i) => [`s${i}`, { id: `s${i}`, name, folderId: null, favorite: false, localOnly: false }]))}
        onClose={() => {}}
      />
    ),
  },
  { place: 'SQL result column names', render: (payloads) => <ResultsGrid columns={[...payloads]} rows={[Object.fromEntries(payloads.map((p) => [p, p]))]} /> },
  {
    place: 'snippet names (SQL editor list)',
    render: (payloads) => {
      const client = testClient()
      client.setQueryData(
        queryKeys.snippetList(REF),
        payloads.map((name, i) => ({ ...SNIPPET, id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name })),
      )
      client.setQueryData(queryKeys.snippetFolders(REF), [])
      return (
        <Providers client={client}>
          <SnippetSidebar projectRef={REF} activeId={null} draftsVersion={0} />
        </Providers>
      )
    },
  },
  {
    place: 'snippet folder names',
    render: (payloads) => {
      const client = testClient()
      client.setQueryData(queryKeys.snippetList(REF), [])
      client.setQueryData(
        queryKeys.snippetFolders(REF),
        payloads.map((name, i) => ({ id: `f${i}`, name, owner_id: 1, parent_id: null, project_id: 1 })),
      )
      return (
        <Providers client={client}>
          <SnippetSidebar projectRef={REF} activeId={null} draftsVersion={0} />
        </Providers>
      )
    },
  },
  {
    place: 'a refused snippet rename (typed name and server message)',
    render: (payloads) => (
      <>
        {payloads.map((payload, i) => {
          recordRenameFailure(REF, `rename-${i}`, { name: payload, error: payload })
          return <RenameFailureNote key={i} projectRef={REF} snippetId={`rename-${i}`} onRetry={() => {}} onDiscard={() => {}} />
        })}
      </>
    ),
  },
  {
    place: 'assistant: your messages',
    render: (payloads) => {
      savedChat(payloads.map((text, i) => message(`u${i}`, 'user', [{ type: 'text', text }])))
      return assistantPanel()
    },
  },
  {
    place: 'assistant: answers (Markdown)',
    render: (payloads) => (
      <>
        {payloads.map((text, i) => (
          <Markdown key={i} text={text} />
        ))}
      </>
    ),
  },
  {
    place: 'assistant: SQL blocks and their results',
    render: (payloads) => {
      savedChat(
        payloads.map((text, i) =>
          message(`a${i}`, 'assistant', [{ type: 'sql', id: `s${i}`, sql: text }], {
            [`s${i}`]: { columns: [text], rows: [{ [text]: text }], rowCount: 1, error: null },
          }),
        ),
      )
      return assistantPanel()
    },
  },
  {
    place: 'assistant: chat names',
    render: (payloads) => {
      const chats = Object.fromEntries(payloads.map((name, i) => [`c${i}`, { id: `c${i}`, name, messages: [], createdAt: 0, updatedAt: i }]))
      localStorage.setItem(ASSISTANT_STORAGE_KEY(REF), JSON.stringify({ open: true, activeChatId: 'c0', chats }))
      return <ChatBar actor={assistantActorFor(REF)} />
    },
  },
  {
    place: 'table and column names (table structure)',
    render: (payloads) => {
      const client = testClient()
      return (
        <Providers client={client}>
          <TableStructureView projectRef={REF} connectionString="encrypted:abc" table={table(payloads)} entities={[]} />
        </Providers>
      )
    },
  },
  {
    // The API URL and keys come from the platform's answer.
    place: 'project API URL and keys (project home)',
    render: (payloads) => {
      const client = testClient()
      client.setQueryData(queryKeys.projectSettings(REF), {
        ref: REF,
        db_host: payloads[0] ?? '',
        db_port: 5432,
        db_name: 'postgres',
        db_user: 'postgres',
        app_config: { endpoint: payloads.join(' '), db_schema: 'public' },
        service_api_keys: payloads.map((payload, i) => ({ name: payload, tags: i % 2 ? 'service_role' : 'anon,public', api_key: payload })),
      })
      return (
        <Providers client={client}>
          <ProjectApiSection projectRef={REF} ready />
        </Providers>
      )
    },
  },
  ...DATABASE_XSS_PLACES,
  ...AUTH_XSS_PLACES,
  ...POLICY_XSS_PLACES,
  ...GRAPHIQL_XSS_PLACES,
  ...CRON_XSS_PLACES,
  ...STORAGE_XSS_PLACES,
  ...ADVISOR_XSS_PLACES,
  ...LOGS_XSS_PLACES,
  ...STORAGE_UPLOAD_XSS_PLACES,
  ...PROJECT_SETTINGS_XSS_PLACES,
  ...ACCOUNT_XSS_PLACES,
  {
    // One form at a time: each payload goes into one of its fields.
    place: 'support request fields (from the support link)',
    batch: 4,
    render: ([subject = '', message = subject, category = subject, projectRef = subject]) => (
      <Providers client={testClient()} path={`/support/new?${new URLSearchParams({ subject, message, category, projectRef })}`}>
        <SupportPage />
      </Providers>
    ),
  },
  {
    place: 'billing address fields',
    batch: 7,
    render: ([name = '', line1 = name, line2 = name, city = name, state = name, postal = name, email = name]) => (
      <Providers
        client={billingClient(testClient(), {
          ...CUSTOMER,
          billing_name: name,
          address: { line1, line2, city, state, postal_code: postal, country: 'US' },
        })}
      >
        <AddressSection organization={{ ...ORGANIZATION, billing_email: email }} />
      </Providers>
    ),
  },
  {
    place: 'organization names',
    render: (payloads) => {
      const client = testClient()
      client.setQueryData(
        queryKeys.organizations(),
        payloads.map((name, i) => ({ ...ORGANIZATION, id: i + 1, slug: `org-${i}`, name })),
      )
      return (
        <Providers client={client}>
          <OrganizationsPage />
        </Providers>
      )
    },
  },
  {
    // One confirmation at a time: the dialog names the project it pauses.
    place: 'project name (pause confirmation)',
    batch: 1,
    render: ([name = '']) => (
      <Providers client={billingClient(testClient())}>
        <StatusShell>
          <ClickedOnMount name="Pause project">
            <ProjectPauseSection project={project(REF, name, 'ACTIVE_HEALTHY')} organization={FREE_ORGANIZATION} />
          </ClickedOnMount>
        </StatusShell>
      </Providers>
    ),
  },
  {
    place: 'project name (project-state gate)',
    render: (payloads) => {
      const client = testClient()
      client.setQueryData(queryKeys.organizations(), [FREE_ORGANIZATION])
      client.setQueryData(queryKeys.permissions(), ALL_PERMISSIONS)
      client.setQueryData(queryKeys.profile(), { disabled_features: [] })
      payloads.forEach((name, i) => client.setQueryData(queryKeys.projectDetail(`paused${i}`), project(`paused${i}`, name, 'INACTIVE')))
      return (
        <Providers client={client}>
          <StatusShell>
            {payloads.map((_, i) => (
              <ProjectStateGate key={i} projectRef={`paused${i}`}>
                <p>the screen behind the gate</p>
              </ProjectStateGate>
            ))}
          </StatusShell>
        </Providers>
      )
    },
  },
  {
    // What was typed into cells and new rows, kept with the server's refusal: in the list of
    // unsaved changes and in the grid's cells (the rows' own values are the payloads too).
    place: 'table editor: cells and unsaved changes (typed values, server messages)',
    render: (payloads) => {
      const database = itemsDatabase(payloads.map((name, i) => ({ id: i + 1, name })))
      stubPlatform(null, (request, body) => (request.url.includes('/pg-meta/') ? jsonResponse(database.answer((body as { query: string }).query)) : undefined))
      payloads.forEach((text, i) => {
        const common = { ref: REF, tableId: ITEMS_TABLE.id, keyColumns: ['id'], status: 'failed' as const, error: text, savingIn: null, madeAt: i, triedAt: i }
        const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
        writeTableEdit({ ...common, id: id(2 * i), kind: 'cell', rowKey: [i + 1], column: 'name', input: { kind: 'text', text } })
        writeTableEdit({ ...common, id: id(2 * i + 1), kind: 'insert', keyColumns: [], values: ownRecord([['name', { kind: 'text', text }]]) })
      })
      return (
        <Providers client={testClient()} path={`/project/${REF}/editor/${ITEMS_TABLE.id}`}>
          <TableDataView projectRef={REF} connectionString="encrypted:abc" table={ITEMS_TABLE} entity={undefined} entities={[]} />
        </Providers>
      )
    },
  },
  {
    place: 'server messages (error, retry notice)',
    render: (payloads) => (
      <>
        {payloads.map((payload, i) => (
          <div key={i}>
            <ErrorState title={payload} message={payload} />
            <LoadingState label={payload} problem={retryWaitText({ error: new ApiError({ message: payload, code: 500 }), failures: 1, nextTryAt: null }, 0)} />
          </div>
        ))}
      </>
    ),
  },
]
