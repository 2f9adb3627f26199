import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { PolicyTable } from '../../../api/schemas'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { PoliciesScreen } from './PoliciesPage'

const table = (name: string, more: Partial<PolicyTable> = {}): PolicyTable => ({
  id: name.length,
  name,
  partitioned: false,
  rls_enabled: true,
  rls_forced: false,
  columns: [{ name: 'owner', type: 'uuid', updatable: true }],
  policies: [],
  ...more,
})
const tables = [
  table('notes', { policies: [{ name: 'Own notes', command: 'select', roles: ['authenticated'], permissive: true, using: '(( SELECT auth.uid() AS uid) = owner)', check: null }, { name: 'Not archived', command: 'all', roles: ['public'], permissive: false, using: '(NOT archived)', check: null }] }),
  table('locked'),
  table('open', { rls_enabled: false }),
]

const renderPolicies = (actions: string[], search = '') => renderProjectScreen(<PoliciesScreen projectRef={SCREEN_REF} />, { actions, path: `/project/${SCREEN_REF}/auth/policies${search}`, data: [[queryKeys.policyTables(SCREEN_REF, 'public'), tables]] })

describe('the policies screen', () => {
  it('lists each table with RLS on or off and its policies, and says what a table with RLS on and no policy means', async () => {
    renderPolicies(['%'])
    const notes = await screen.findByRole('region', { name: 'Policies of notes' })
    const rows = within(within(notes).getByRole('table')).getAllByRole('row')
    expect(rows[1]!.textContent).toContain('SELECT')
    expect(rows[1]!.textContent).toContain('auth.uid()')
    expect(rows[2]!.textContent).toContain('restrictive')
    expect(within(screen.getByRole('region', { name: 'Policies of locked' })).getByText(/No policy yet: nobody but roles that bypass/)).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Policies of open' })).getByText('RLS disabled')).toBeTruthy()
  })

  it('warns before RLS is turned on for a table with no policy', async () => {
    renderPolicies(['%'])
    fireEvent.click(within(await screen.findByRole('region', { name: 'Policies of open' })).getByRole('button', { name: 'Enable RLS' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enable row level security on open' })
    expect(dialog.textContent).toContain('nobody but roles that bypass row level security')
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toContain('alter table "public"."open" enable row level security;')
  })

  it('shows a read-only member every policy with the changes disabled', async () => {
    renderPolicies(READ_ONLY_ACTIONS)
    const notes = await screen.findByRole('region', { name: 'Policies of notes' })
    expect(within(notes).getByRole('button', { name: 'Create policy' }).hasAttribute('disabled')).toBe(true)
    expect(within(notes).getByRole('button', { name: 'Disable RLS' }).hasAttribute('disabled')).toBe(true)
  })

  it('marks the table an advisor finding linked to', async () => {
    renderPolicies(['%'], '?schema=public&table=locked')
    expect((await screen.findByRole('region', { name: 'Policies of locked' })).getAttribute('aria-current')).toBe('true')
    expect(screen.getByRole('region', { name: 'Policies of notes' }).hasAttribute('aria-current')).toBe(false)
  })
})
