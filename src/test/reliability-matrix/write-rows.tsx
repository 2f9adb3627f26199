import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { createActor, fromPromise, waitFor as settled } from 'xstate'
import { snippetSaveMachine } from '../../../machines/snippet-save.machine'
import { supportFormMachine } from '../../../machines/support-form.machine'
import { queryKeys } from '../../api/queries/keys'
import type { SqlSnippet } from '../../api/schemas'
import { saveSnippet } from '../../api/queries/content'
import { sendSupportTicket } from '../../api/queries/support'
import { AddressSection } from '../../features/billing/AddressSection'
import { readDraft, writeDraft } from '../../features/sql-editor/draft-store'
import { renameFailureOf } from '../../features/sql-editor/rename-failures'
import { useSnippetActions } from '../../features/sql-editor/use-snippet-actions'
import { ADVISOR_WRITE_ROWS } from './advisor-rows'
import { DATABASE_WRITE_ROWS } from './database-rows'
import { AUTH_WRITE_ROWS, POLICY_WRITE_ROWS } from './auth-rows'
import { LOGS_WRITE_ROWS } from './logs-rows'
import { STORAGE_WRITE_ROWS } from './storage-rows'
import { PROJECT_SETTINGS_WRITE_ROWS } from './project-settings-rows'
import { ACCOUNT_WRITE_ROWS } from './account-rows'
import { STORAGE_UPLOAD_WRITE_ROWS } from './storage-upload-rows'
import { TABLE_EDITOR_WRITE_ROWS } from './table-editor-rows'
import { Providers, jsonResponse, testClient, type WriteRow } from './harness'
import { ORGANIZATION, REF, SNIPPET, SNIPPET_ID, billingClient, echoSnippet } from './screens'

// ---------------------------------------------------------------------------------------------
// Writes: each fault of mock-platform/handlers/scenarios.ts, and the user's input must still be there.

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
  ...TABLE_EDITOR_WRITE_ROWS,
  ...DATABASE_WRITE_ROWS,
  ...AUTH_WRITE_ROWS,
  ...POLICY_WRITE_ROWS,
  ...ADVISOR_WRITE_ROWS,
  ...LOGS_WRITE_ROWS,
  ...STORAGE_WRITE_ROWS,
  ...STORAGE_UPLOAD_WRITE_ROWS,
  ...PROJECT_SETTINGS_WRITE_ROWS,
  ...ACCOUNT_WRITE_ROWS,
]
