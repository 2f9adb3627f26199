import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { createActor, fromPromise, waitFor as settled } from 'xstate'
import { snippetSaveMachine } from '../../../machines/snippet-save.machine'
import { supportFormMachine } from '../../../machines/support-form.machine'
import { queryKeys } from '../../api/queries/keys'
import type { SqlSnippet } from '../../api/schemas'
import { saveSnippet } from '../../api/queries/content'
import { sendSupportTicket } from '../../api/queries/support'
import { type MockScenario } from '../../constants'
import { AddressSection } from '../../features/billing/AddressSection'
import { EnableExtensionDialog } from '../../features/database/extensions/ExtensionDialogs'
import { extensionRows } from '../../features/database/extensions/extension-list'
import { WebhookDialog } from '../../features/database/hooks/WebhookDialog'
import { emptyWebhookForm, type WebhookFormValues } from '../../features/database/hooks/webhook-form'
import { executeSql } from '../../api/queries/sql'
import { readDraft, writeDraft } from '../../features/sql-editor/draft-store'
import { renameFailureOf } from '../../features/sql-editor/rename-failures'
import { useSnippetActions } from '../../features/sql-editor/use-snippet-actions'
import { Providers, jsonResponse, testClient, type stubPlatform } from './harness'
import { ORGANIZATION, REF, SNIPPET, SNIPPET_ID, billingClient, echoSnippet, projectClient } from './screens'

// ---------------------------------------------------------------------------------------------
// Writes: each fault of mock-platform/scenarios.ts, and the user's input must still be there.

export interface WriteRow {
  write: string
  /** Makes the write with the user's input while the platform answers as `stub` says; true when the input is kept (saved, or still there to retry). */
  run: (fault: MockScenario, stub: typeof stubPlatform) => Promise<boolean>
}

const TYPED = 'select 42 as the_answer -- typed just now'
export const WRITE_ROWS: WriteRow[] = [
  {
    write: 'snippet text (autosave)',
    run: async (fault, stub) => {
      const server = stub(fault, echoSnippet)
      // The page writes the draft at each keystroke, then the machine saves it.
      writeDraft({ ref: REF, id: SNIPPET_ID, name: SNIPPET.name, sql: TYPED, folderId: null, favorite: false, updatedAt: 1, knownToServer: true })
      const actor = createActor(
        snippetSaveMachine.provide({
          actors: { save: fromPromise(({ input }) => saveSnippet(REF, { id: SNIPPET_ID, name: SNIPPET.name, folderId: null, favorite: false, sql: input.sql })) },
        }),
      ).start()
      actor.send({ type: 'edit', sql: TYPED })
      actor.send({ type: 'save.now' })
      const done = await settled(actor, (s) => s.matches('saved') || s.matches('failed'), { timeout: 5000 })
      actor.stop()
      const saved = server.some((r) => r.method === 'PUT' && JSON.stringify(r.body).includes(TYPED)) && done.matches('saved')
      return saved || (done.context.latest === TYPED && readDraft(REF, SNIPPET_ID)?.sql === TYPED)
    },
  },
  {
    write: 'snippet rename',
    run: async (fault, stub) => {
      stub(fault, echoSnippet)
      const client = testClient()
      client.setQueryData(queryKeys.snippetList(REF), [SNIPPET])
      const { result } = renderHook(() => useSnippetActions(REF, SNIPPET_ID), { wrapper: ({ children }) => <Providers client={client}>{children}</Providers> })
      await act(() => result.current.update(SNIPPET_ID, { name: 'Quarterly report' }))
      const saved = client.getQueryData<SqlSnippet[]>(queryKeys.snippetList(REF))?.[0]?.name === 'Quarterly report'
      return saved || renameFailureOf(REF, SNIPPET_ID)?.name === 'Quarterly report'
    },
  },
  {
    write: 'support request',
    run: async (fault, stub) => {
      stub(fault, (request) => (request.url.endsWith('/feedback/send') ? jsonResponse({ ticket_id: 'T-1' }) : undefined))
      const typed = { category: 'Dashboard_bug', subject: 'The grid froze', message: 'It froze after I pasted 300 rows into the editor, twice in a row.' }
      const actor = createActor(supportFormMachine.provide({ actors: { submit: fromPromise(({ input }) => sendSupportTicket(input)) } }), { input: { values: typed } }).start()
      actor.send({ type: 'submit' })
      const done = await settled(actor, (s) => !s.matches('submitting'), { timeout: 5000 })
      actor.stop()
      if (done.matches('sent')) return true
      return done.context.sendError !== null && Object.entries(typed).every(([field, value]) => done.context.values[field as keyof typeof typed] === value)
    },
  },
  {
    write: 'billing address',
    run: async (fault, stub) => {
      let stored: { address?: { line1?: string } } | null = null
      stub(fault, (request, body) => {
        if (request.method !== 'PUT' || !request.url.endsWith('/customer')) return undefined
        stored = body as typeof stored
        return jsonResponse(body)
      })
      render(
        <Providers client={billingClient(testClient())}>
          <AddressSection organization={ORGANIZATION} />
        </Providers>,
      )
      const form = await screen.findByRole('form', { name: 'Billing address' })
      fireEvent.change(within(form).getByLabelText('Address line 1'), { target: { value: '1 Infinite Loop' } })
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
      const failure = () => screen.queryByText(/^Failed to save the billing address/)
      await waitFor(() => expect(stored !== null || failure() !== null).toBe(true))
      if (stored) return (stored as { address?: { line1?: string } }).address?.line1 === '1 Infinite Loop'
      return (within(form).getByLabelText('Address line 1') as HTMLInputElement).value === '1 Infinite Loop'
    },
  },
  {
    write: 'enable an extension (in a new schema)',
    run: async (fault, stub) => {
      let ran = ''
      stub(fault, (request, body) => {
        if (!request.url.includes('/pg-meta/')) return undefined
        ran = String((body as { query?: string }).query ?? '')
        return jsonResponse([])
      })
      const client = projectClient()
      client.setQueryData(queryKeys.databaseSchemas(REF), [{ name: 'public' }, { name: 'extensions' }])
      const [trgm] = extensionRows([{ name: 'pg_trgm', default_version: '1.6', installed_version: null, schema: null, comment: null, fixed_schema: null, requires: [] }])
      let done = false
      render(
        <Providers client={client}>
          <EnableExtensionDialog
            projectRef={REF}
            connectionString="encrypted:abc"
            extension={trgm!}
            run={(sql) => executeSql({ ref: REF, connectionString: 'encrypted:abc', query: sql })}
            onDone={() => (done = true)}
            onClose={() => {}}
          />
        </Providers>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'Enable pg_trgm' })
      fireEvent.change(within(dialog).getByLabelText('Schema'), { target: { value: '\u0000new' } })
      fireEvent.change(within(dialog).getByLabelText('New schema name'), { target: { value: 'search tools' } })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enable extension' }))
      await waitFor(() => expect(done || within(dialog).queryByRole('alert') !== null).toBe(true))
      if (done) return ran.includes('with schema "search tools"')
      return (within(dialog).getByLabelText('New schema name') as HTMLInputElement).value === 'search tools'
    },
  },
  {
    write: 'create a database webhook',
    run: async (fault, stub) => {
      let ran = ''
      stub(fault, (request, body) => {
        if (!request.url.includes('/pg-meta/')) return undefined
        ran = String((body as { query?: string }).query ?? '')
        return jsonResponse([])
      })
      const client = projectClient()
      client.setQueryData(queryKeys.tableEntities(REF), [{ id: 1, schema: 'public', name: 'orders', type: 'table', comment: null, estimated_rows: 0 }])
      const typed: WebhookFormValues = {
        ...emptyWebhookForm('public', 'orders'),
        name: 'order placed',
        url: 'https://example.com/hook',
        headers: 'Content-Type: application/json\nAuthorization: Bearer s3cret',
      }
      let values = typed
      let done = false
      render(
        <Providers client={client}>
          <WebhookDialog
            projectRef={REF}
            connectionString="encrypted:abc"
            values={values}
            onChange={(next) => (values = next)}
            run={(sql) => executeSql({ ref: REF, connectionString: 'encrypted:abc', query: sql })}
            onDone={() => (done = true)}
            onClose={() => {}}
          />
        </Providers>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'Create a database webhook' })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create webhook' }))
      await waitFor(() => expect(done || within(dialog).queryByRole('alert') !== null).toBe(true))
      if (done) return ran.includes('Bearer s3cret') && ran.includes('"order placed"')
      // Refused: the form (the caller's state) is as typed, and still on screen.
      return values === typed && (within(dialog).getByLabelText('HTTP headers') as HTMLTextAreaElement).value === typed.headers
    },
  },
]
