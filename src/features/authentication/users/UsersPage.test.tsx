import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { AuthUserRow } from '../../../api/schemas'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { stubLayoutInFile } from '../../../test/resize-observer'
import { UsersScreen } from './UsersPage'

const user = (email: string | null, more: Partial<AuthUserRow> = {}): AuthUserRow => ({
  id: `00000000-0000-4000-8000-${String(email?.length ?? 0).padStart(12, '0')}`,
  email,
  phone: null,
  providers: ['email'],
  created_at: '2026-11-01T10:00:00+00:00',
  last_sign_in_at: '2026-11-02T10:00:00+00:00',
  confirmed_at: '2026-11-01T10:00:00+00:00',
  invited_at: null,
  banned_until: null,
  is_anonymous: false,
  total: 4,
  ...more,
})
const users = [
  user('ana@example.com'),
  user('banned.bob@example.com', { banned_until: '2999-01-01T00:00:00+00:00' }),
  user('new@example.io', { confirmed_at: null, last_sign_in_at: null, invited_at: '2026-11-01T10:00:00+00:00', providers: ['github'] }),
  user(null, { is_anonymous: true, providers: [] }),
]
// jsdom lays nothing out: the list's scroller gets a size, so the virtualizer renders its rows.
stubLayoutInFile({ clientHeight: 36 * 20, clientWidth: 1200 })

const FILTERS = { search: '', sort: 'created_at', ascending: false, provider: null, state: 'all' }

function renderUsers(actions: string[], path = `/project/${SCREEN_REF}/auth/users`) {
  const ana = users[0]!
  return renderProjectScreen(<UsersScreen projectRef={SCREEN_REF} />, {
    actions,
    path,
    data: [
      [queryKeys.authUserPage(SCREEN_REF, FILTERS, 0), users],
      [queryKeys.authProviders(SCREEN_REF), ['email', 'github']],
      [queryKeys.authUserRecord(SCREEN_REF, ana.id), { user: { id: ana.id, email: ana.email, raw_user_meta_data: { name: 'Ana' }, raw_app_meta_data: { provider: 'email' } }, identities: [{ provider: 'email' }], sessions: 2 }],
    ],
  })
}

describe('the auth users screen', () => {
  it('lists the users with their providers and states, and how many there are', async () => {
    renderUsers(['%'])
    const table = await screen.findByRole('table', { name: 'Users' })
    const row = (name: string) => within(table).getByRole('button', { name }).closest('[role="row"]')!
    expect(row('ana@example.com').textContent).toContain('Confirmed')
    expect(row('banned.bob@example.com').textContent).toContain('Banned')
    expect(row('new@example.io').textContent).toContain('github')
    expect(row('new@example.io').textContent).toContain('Invited')
    expect(row('Anonymous user').textContent).toContain('Anonymous')
    expect(screen.getByText('4 users')).toBeTruthy()
  })

  it('opens a user’s panel from the address with their raw record, no secret in it', async () => {
    renderUsers(['%'], `/project/${SCREEN_REF}/auth/users?user=${users[0]!.id}`)
    const panel = await screen.findByRole('complementary', { name: 'User ana@example.com' })
    expect(within(panel).getByText('2')).toBeTruthy()
    const raw = within(panel).getByRole('region', { name: 'Raw record' }).textContent ?? ''
    expect(raw).toContain('"name": "Ana"')
    expect(raw).not.toContain('encrypted_password')
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit metadata' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the user’s metadata' })
    fireEvent.change(within(dialog).getByLabelText('User metadata (raw_user_meta_data)'), { target: { value: '{"name": ' } })
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toMatch(/The user metadata is not JSON/)
    fireEvent.change(within(dialog).getByLabelText('User metadata (raw_user_meta_data)'), { target: { value: '[1]' } })
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toContain('must be a JSON object')
    expect(within(dialog).getByRole('button', { name: 'Save metadata' })).toHaveProperty('disabled', true)
  })

  it('makes a user with the password masked in the statement, and says what is missing first', async () => {
    renderUsers(['%'])
    fireEvent.click(await screen.findByRole('button', { name: 'Create user' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a user' })
    const sql = () => within(dialog).getByRole('region', { name: 'SQL to run' }).textContent ?? ''
    expect(sql()).toContain('Type the user’s email address.')
    fireEvent.change(within(dialog).getByLabelText('Email address'), { target: { value: 'Cara@Example.com' } })
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'abc' } })
    expect(sql()).toContain('at least 6 characters')
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: "hunter2's" } })
    expect(sql()).toContain("'cara@example.com'")
    expect(sql()).toContain("extensions.crypt('•••••••• (the password, kept secret)', extensions.gen_salt('bf'))")
    expect(sql()).not.toContain('hunter2')
  })

  it('shows a read-only member the users with every change disabled', async () => {
    renderUsers(READ_ONLY_ACTIONS, `/project/${SCREEN_REF}/auth/users?user=${users[0]!.id}`)
    expect((await screen.findByRole('button', { name: 'Create user' })).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Invite user' }).hasAttribute('disabled')).toBe(true)
    const panel = await screen.findByRole('complementary', { name: 'User ana@example.com' })
    for (const name of ['Edit metadata', 'Send password recovery', 'Ban user', 'Delete user']) expect(within(panel).getByRole('button', { name }).hasAttribute('disabled')).toBe(true)
  })
})
