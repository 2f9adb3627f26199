import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { DatabaseRole } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { RolesScreen } from './RolesPage'

// A role's id is its oid: one per name (the name's length gave two roles one React key).
const role = (name: string, more: Partial<DatabaseRole> = {}): DatabaseRole => ({
  id: [...name].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 1_000_000, 7),
  name,
  superuser: false,
  inherit: true,
  create_role: false,
  create_db: false,
  can_login: false,
  replication: false,
  bypass_rls: false,
  connection_limit: -1,
  valid_until: null,
  member_of: [],
  is_current: false,
  is_project_role: false,
  comment: null,
  ...more,
})
const postgres = role('postgres', { superuser: true, can_login: true, is_current: true, create_role: true })
const roles = [role('anon'), role('authenticated'), postgres, role('report_reader', { can_login: true, member_of: ['authenticated'], connection_limit: 3 })]

const renderRoles = (actions: string[], list = roles) => renderProjectScreen(<RolesScreen projectRef={SCREEN_REF} />, { actions, data: [[queryKeys.databaseRoleList(SCREEN_REF), list]] })

describe('the roles screen', () => {
  it('lists roles with what they may do and their groups; the platform’s and the current one are not for changing', async () => {
    renderRoles(['%'])
    const table = await screen.findByRole('table', { name: 'Roles' })
    const row = (name: string) => within(table).getByText(name).closest('tr')!
    expect(row('report_reader').textContent).toContain('login')
    expect(row('report_reader').textContent).toContain('authenticated')
    expect(row('report_reader').textContent).toContain('3')
    expect(within(row('anon')).queryByRole('button')).toBeNull()
    expect(row('anon').textContent).toContain('The platform’s role')
    expect(within(row('postgres')).queryByRole('button', { name: 'Delete postgres' })).toBeNull()
  })

  it('shows the statement of a new role with the password masked, and its groups to join', async () => {
    renderRoles(['%'])
    fireEvent.click(await screen.findByRole('button', { name: 'Create role' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a role' })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'app user' } })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Can log in/ }))
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'hunter2!' } })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'authenticated' }))
    const sql = within(dialog).getByRole('region', { name: 'SQL to run' }).textContent ?? ''
    expect(sql).toContain('create role "app user" with login')
    expect(sql).toContain('•••••••• (the password, kept secret)')
    expect(sql).not.toContain('hunter2')
    expect(sql).toContain('grant "authenticated" to "app user";')
  })

  it('says when the role SQL runs as may not make roles, and offers no change', async () => {
    renderRoles(['%'], [role('anon'), role('tenant_owner', { can_login: true, is_current: true, is_project_role: true }), role('tenant_read_only', { can_login: true, is_project_role: true })])
    expect((await screen.findAllByText('The role your SQL runs as here (tenant_owner) may not create or change roles on this server.')).length).toBeGreaterThan(0)
    expect((screen.getByRole('button', { name: 'Create role' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('tenant_read_only').closest('tr')!.textContent).toContain('members who may only read run SQL as it')
  })

  it('shows a read-only member the roles with the changes disabled and the reason', async () => {
    renderRoles(READ_ONLY_ACTIONS)
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageRoles) })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Edit report_reader' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
