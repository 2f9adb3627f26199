import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { executeSql } from '../../api/queries/sql'
import { CreateUserDialog, emptyNewUserDraft, type NewUserDraft } from '../../features/authentication/users/UserDialogs'
import { UsersScreen } from '../../features/authentication/users/UsersPage'
import { Providers, recordPgMeta, type WriteRow } from './harness'
import { REF, projectClient } from './screens'
import type { XssPlace } from './xss-places'

/** The Authentication screens' rows of the matrix: what users of the project typed (addresses, metadata) shown, and the writes. */

const FILTERS = { search: '', sort: 'created_at', ascending: false, provider: null, state: 'all' }
const idOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`

export const AUTH_XSS_PLACES: XssPlace[] = [
  {
    // Sign-up writes the address, phone, provider and metadata: anyone on the internet may choose them.
    place: 'auth users’ addresses, phones, providers and raw records (users screen and a user’s panel)',
    render: (payloads) => {
      const client = projectClient()
      const users = payloads.map((payload, i) => ({
        id: idOf(i),
        email: `${payload}${i}`,
        phone: payload,
        providers: [payload],
        created_at: '2026-11-01T10:00:00+00:00',
        last_sign_in_at: payload,
        confirmed_at: null,
        invited_at: null,
        banned_until: payload,
        is_anonymous: false,
        total: payloads.length,
      }))
      client.setQueryData(queryKeys.authUserPages(REF, FILTERS), { pages: [users], pageParams: [0] })
      client.setQueryData(queryKeys.authProviders(REF), payloads)
      client.setQueryData(queryKeys.authUserRecord(REF, idOf(0)), {
        user: { id: idOf(0), email: payloads[0], raw_user_meta_data: Object.fromEntries(payloads.map((p) => [p, p])), raw_app_meta_data: { provider: payloads[0] } },
        identities: [{ provider: payloads[0], identity_data: { email: payloads[0] } }],
        sessions: 1,
      })
      return (
        <Providers client={client} path={`/project/${REF}/auth/users?user=${idOf(0)}`}>
          <UsersScreen projectRef={REF} />
        </Providers>
      )
    },
  },
]

const runOnProject = (sql: string) => executeSql({ ref: REF, connectionString: 'encrypted:abc', query: sql })

export const AUTH_WRITE_ROWS: WriteRow[] = [
  {
    write: 'create an auth user (with a password)',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const typed: NewUserDraft = { ...emptyNewUserDraft(), email: "o'brien@example.com", password: 'pa55 word' }
      let draft = typed
      let done = false
      render(
        <Providers client={projectClient()}>
          <CreateUserDialog draft={draft} onDraft={(next) => (draft = next)} run={runOnProject} onDone={() => (done = true)} onClose={() => {}} />
        </Providers>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'Create a user' })
      // The statement on screen never holds the password; the one that runs does.
      if (within(dialog).getByRole('region', { name: 'SQL to run' }).textContent?.includes('pa55 word')) return false
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }))
      await waitFor(() => expect(done || within(dialog).queryByRole('alert') !== null).toBe(true))
      if (done) return seen.sql.includes("'pa55 word'") && seen.sql.includes("'o''brien@example.com'")
      return draft === typed && (within(dialog).getByLabelText('Password') as HTMLInputElement).value === typed.password
    },
  },
]
