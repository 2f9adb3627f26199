import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { executeSql } from '../../api/queries/sql'
import { CreateUserDialog, emptyNewUserDraft, InviteUserDialog, type NewUserDraft } from '../../features/authentication/users/UserDialogs'
import { inviteAuthUser } from '../../api/queries/auth-users'
import { UsersScreen } from '../../features/authentication/users/UsersPage'
import { effectViewersKey, MAX_EFFECT_USERS, readEffectViewers } from '../../features/authentication/policies/effect-viewers'
import { PoliciesScreen } from '../../features/authentication/policies/PoliciesPage'
import { PolicyDialog } from '../../features/authentication/policies/PolicyDialogs'
import { PolicyEffect } from '../../features/authentication/policies/PolicyEffect'
import { readRunAs, runAsKey } from '../../features/run-as'
import { policyEffectScript } from '../../lib/sql/policy-effect'
import { createPolicySql, type PolicyDefinition } from '../../lib/sql/table-policies'
import type { StorageRow } from './rows'
import { jsonResponse, Providers, recordPgMeta, type WriteRow } from './harness'
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
      client.setQueryData(queryKeys.authUserPage(REF, FILTERS, 0), users)
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
    write: 'invite an auth user (the platform mails them)',
    run: async (fault, stub) => {
      const requests = stub(fault, (request, body) => (request.url.includes('/platform/auth/') ? jsonResponse({ id: idOf(1), email: (body as { email: string }).email, sent_at: '2026-11-29T00:00:00Z' }) : undefined))
      const typed = 'Dana.O’Neil@example.com'
      let email = typed
      let done = false
      render(
        <Providers client={projectClient()}>
          <InviteUserDialog email={email} onEmail={(next) => (email = next)} invite={(address) => inviteAuthUser(REF, address)} onDone={() => (done = true)} onClose={() => {}} />
        </Providers>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'Invite a user' })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
      await waitFor(() => expect(done || within(dialog).queryByRole('alert') !== null).toBe(true))
      if (done) return requests.some((r) => r.path.endsWith(`/platform/auth/${REF}/invite`) && (r.body as { email?: string }).email === typed)
      return email === typed && (within(dialog).getByLabelText('Email address') as HTMLInputElement).value === typed
    },
  },
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

// The policies screen: table, column, policy names and expressions are the user's; so are the users measured for.
const policyTable = (payloads: readonly string[], i = 0) => ({
  id: i + 1,
  name: `${payloads[0] ?? ''}${i}`,
  partitioned: false,
  rls_enabled: i % 2 === 0,
  rls_forced: false,
  columns: payloads.map((payload) => ({ name: payload, type: payload, updatable: true })),
  policies: payloads.map((payload, j) => ({ name: `${payload}${j}`, command: 'select' as const, roles: [payload], permissive: j % 2 === 0, using: payload, check: payload })),
})

export const POLICY_XSS_PLACES: XssPlace[] = [
  {
    place: 'table, policy and role names and policy expressions (policies screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(queryKeys.policyTables(REF, 'public'), [policyTable(payloads, 0), policyTable(payloads, 1)])
      return (
        <Providers client={client} path={`/project/${REF}/auth/policies`}>
          <PoliciesScreen projectRef={REF} />
        </Providers>
      )
    },
  },
  {
    // The effect view shows the users' addresses and the rows they reach: both the users'.
    place: 'users and rows in a policy’s effect (policy dialog)',
    render: (payloads) => {
      const client = projectClient()
      const table = policyTable(payloads)
      const users = payloads.slice(0, 3).map((payload, i) => ({ id: idOf(i), email: payload, phone: null, providers: [], created_at: null, last_sign_in_at: null, confirmed_at: null, invited_at: null, banned_until: null, is_anonymous: false, total: 3 }))
      client.setQueryData(queryKeys.authUserChoices(REF, ''), users)
      const rows = payloads.map((payload) => ({ [payload]: payload }))
      const answer = { read: { count: payloads.length, rows } }
      const draft = { name: 'p', command: 'select' as const, roles: [], permissive: true, using: 'true', check: '' }
      const script = policyEffectScript({ schema: 'public', table: table.name, writableColumns: payloads.slice(0, 1), measures: ['read'], viewers: [...users.slice(0, 2).map((u) => ({ userId: u.id })), { userId: null }], change: createPolicySql('public', table.name, draft), enableRowLevelSecurity: false })
      client.setQueryData(queryKeys.policyEffect(REF, script), { before: [answer, answer, answer], after: [answer, answer, answer] })
      return (
        <Providers client={client}>
          <PolicyEffect projectRef={REF} connectionString="encrypted:abc" schema="public" table={table} change={() => createPolicySql('public', table.name, draft)} measures={['read']} />
        </Providers>
      )
    },
  },
]

export const POLICY_WRITE_ROWS: WriteRow[] = [
  {
    write: 'create a policy',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const client = projectClient()
      const table = { id: 1, name: 'notes "x"', partitioned: false, rls_enabled: true, rls_forced: false, columns: [{ name: 'owner', type: 'uuid', updatable: true }], policies: [] }
      const typed: PolicyDefinition = { name: 'Own "notes"', command: 'select', roles: ['authenticated'], permissive: true, using: '(select auth.uid()) = owner', check: '' }
      let draft = typed
      let done = false
      render(
        <Providers client={client}>
          <PolicyDialog projectRef={REF} connectionString="encrypted:abc" schema="public" table={table} editing={null} draft={draft} onDraft={(next) => (draft = next)} run={runOnProject} onDone={() => (done = true)} onClose={() => {}} />
        </Providers>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'Create a policy on notes "x"' })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create policy' }))
      // The effect view may say Postgres refused too (its measure meets the same fault): the run's own refusal is what counts.
      await waitFor(() => expect(done || within(dialog).queryByText(/The database refused this change/) !== null).toBe(true))
      if (done) return seen.sql.includes('"Own ""notes"""') && seen.sql.includes('(select auth.uid()) = owner')
      return draft === typed && (within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value === typed.name
    },
  },
]

export const POLICY_STORAGE_ROWS: StorageRow[] = [
  {
    key: effectViewersKey(REF),
    storage: 'local',
    read: () => readEffectViewers(REF),
    safe: (value) => value === null || (Array.isArray(value) && value.length <= MAX_EFFECT_USERS && value.every((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id))),
    hostile: [
      { label: 'more users than measured', raw: JSON.stringify([idOf(1), idOf(2), idOf(3), idOf(4)]) },
      { label: 'an id that is SQL', raw: `["'); drop table users; --"]` },
    ],
  },
  {
    key: runAsKey(REF),
    storage: 'session',
    read: () => readRunAs(REF),
    safe: (value) => {
      const runAs = value as { role?: unknown; user?: { id?: unknown } }
      if (runAs.role === 'project' || runAs.role === 'anon' || runAs.role === 'service_role') return Object.keys(runAs).length === 1
      return runAs.role === 'authenticated' && typeof runAs.user?.id === 'string' && /^[0-9a-f-]{36}$/.test(runAs.user.id)
    },
    hostile: [
      { label: 'a role the picker never offers', raw: '{"role":"postgres"}' },
      { label: 'a superuser named as the role', raw: '{"role":"supabase_admin"}' },
      { label: 'a user id that is SQL', raw: `{"role":"authenticated","user":{"id":"'; reset role; --","email":null,"phone":null}}` },
    ],
  },
]
