import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { beforeEach, describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { Permission, RelationPrivileges } from '../../../api/schemas'
import { setSession } from '../../../api/session'
import { PERMISSION_MESSAGE } from '../../../constants'
import { sampleOrganization, sampleTablePrivileges } from '../../../test/sample-records'
import { ColumnPrivilegesScreen } from './ColumnPrivilegesPage'

const REF = 'abcdefghijklmnopqrst'
const organization = sampleOrganization()
const customers = sampleTablePrivileges()

function screenWith(actions: string[], privileges: RelationPrivileges = customers) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  const permissions: Permission[] = [
    { organization_slug: organization.slug, actions, resources: ['%'], condition: null, project_refs: null, restrictive: false } as Permission,
  ]
  client.setQueryData(queryKeys.permissions(), permissions)
  client.setQueryData(queryKeys.organizations(), [organization])
  client.setQueryData(queryKeys.profile(), { disabled_features: [] })
  client.setQueryData(queryKeys.projectDetail(REF), { ref: REF, name: 'Main app', organization_id: organization.id, connectionString: 'encrypted:abc' })
  client.setQueryData(queryKeys.databaseRoles(REF), [{ name: 'anon' }, { name: 'authenticated' }, { name: 'service_role' }])
  client.setQueryData(queryKeys.databaseRelations(REF), [
    { schema: 'public', name: 'customers', kind: 'table' },
    { schema: 'public', name: 'orders', kind: 'table' },
    { schema: 'auth', name: 'users', kind: 'table' },
  ])
  client.setQueryData(queryKeys.columnPrivileges(REF, 'anon', 'public', 'customers'), privileges)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: `/project/${REF}/database/column-privileges` }).hook}>{children}</Router>
    </QueryClientProvider>
  )
  return render(<ColumnPrivilegesScreen projectRef={REF} />, { wrapper })
}

beforeEach(() => setSession({ accessToken: 'token', expiresAt: Math.floor(Date.now() / 1000) + 3600, user: { id: 'u1', email: 'demo@example.com' } }))

describe('the column privileges screen', () => {
  it('opens on anon and public’s first table; unticking a column the table grants warns, and the fix is shown as SQL', async () => {
    screenWith(['%'])
    expect((await screen.findByLabelText('Role')) as HTMLSelectElement).toHaveProperty('value', 'anon')
    expect(screen.getByLabelText('Table')).toHaveProperty('value', 'customers')
    const email = within(screen.getByRole('row', { name: 'email' })).getByRole('checkbox', { name: 'SELECT on email' })
    expect(email).toHaveProperty('checked', true)
    expect(email).toHaveProperty('title', 'Granted by the table-level grant')

    fireEvent.click(email)
    const warning = screen.getByRole('alert', { name: 'SELECT on email is still granted by the table' })
    expect(screen.getByRole('button', { name: 'Review and apply 1 change' })).toHaveProperty('disabled', false)
    fireEvent.click(within(warning).getByRole('button', { name: 'Revoke table-level SELECT and grant it on every other column' }))

    const dialog = await screen.findByRole('dialog', { name: 'Review 2 changes' })
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toContain(
      'revoke select on table "public"."customers" from "anon";\ngrant select ("id", "full_name") on table "public"."customers" to "anon";',
    )
    // Behind the open dialog (modal: the rest of the page is hidden from the accessibility tree once it
    // has opened, so these look there too; otherwise the alert's absence would hold trivially).
    expect(screen.getByRole('checkbox', { name: 'SELECT on the whole table', hidden: true })).toHaveProperty('checked', false)
    expect(screen.queryByRole('alert', { name: /still granted by the table/, hidden: true })).toBeNull()
  })

  it('shows a read-only member every privilege, with the boxes disabled and the reason', async () => {
    screenWith(['read:Read', 'sql:Read:Select'])
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageColumnPrivileges) })).toBeTruthy()
    const boxes = within(screen.getByRole('table', { name: 'Privileges per column' })).getAllByRole('checkbox')
    expect(boxes).toHaveLength(16)
    for (const box of boxes) expect(box).toHaveProperty('disabled', true)
    expect(within(screen.getByRole('row', { name: 'full_name' })).getByRole('checkbox', { name: 'UPDATE on full_name' })).toHaveProperty('checked', true)
    expect(screen.getByRole('button', { name: 'No changes' })).toHaveProperty('disabled', true)
  })

  it('says when the role cannot use the schema at all, with the statement that grants it', async () => {
    screenWith(['%'], { ...customers, schema_usage: false })
    const note = await screen.findByRole('note', { name: 'anon cannot use the schema public' })
    expect(note.textContent).toContain('grant usage on schema "public" to "anon";')
  })
})
