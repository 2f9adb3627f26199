import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { beforeEach, describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { DatabaseExtension, Permission } from '../../../api/schemas'
import { setSession } from '../../../api/session'
import { PERMISSION_MESSAGE } from '../../../constants'
import { sampleOrganization } from '../../../test/sample-records'
import { ExtensionsScreen } from './ExtensionsPage'

const REF = 'abcdefghijklmnopqrst'
const organization = sampleOrganization()
const extension = (name: string, installed: string | null): DatabaseExtension => ({
  name,
  default_version: '1.0',
  installed_version: installed,
  schema: installed ? 'extensions' : null,
  comment: null,
  fixed_schema: null,
  requires: [],
})

function screenWith(actions: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  const permissions: Permission[] = [
    { organization_slug: organization.slug, actions, resources: ['%'], condition: null, project_refs: null, restrictive: false } as Permission,
  ]
  client.setQueryData(queryKeys.permissions(), permissions)
  client.setQueryData(queryKeys.organizations(), [organization])
  client.setQueryData(queryKeys.profile(), { disabled_features: [] })
  client.setQueryData(queryKeys.projectDetail(REF), { ref: REF, name: 'Main app', organization_id: organization.id, connectionString: 'encrypted:abc' })
  client.setQueryData(queryKeys.databaseExtensions(REF), [extension('pg_trgm', null), extension('citext', '1.6')])
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: `/project/${REF}/database/extensions` }).hook}>{children}</Router>
    </QueryClientProvider>
  )
  return render(<ExtensionsScreen projectRef={REF} />, { wrapper })
}

beforeEach(() => setSession({ accessToken: 'token', expiresAt: Math.floor(Date.now() / 1000) + 3600, user: { id: 'u1', email: 'demo@example.com' } }))

describe('the extensions screen', () => {
  it('lets a member who may administer the database switch extensions', async () => {
    screenWith(['%'])
    const trgm = await screen.findByRole('row', { name: 'pg_trgm' })
    expect((within(trgm).getByRole('switch') as HTMLInputElement).disabled).toBe(false)
    expect(screen.queryByText(PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageExtensions))).toBeNull()
  })

  it('shows a read-only member every extension, with the switches disabled and the reason', async () => {
    screenWith(['read:Read', 'sql:Read:Select'])
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageExtensions) })).toBeTruthy()
    for (const name of ['pg_trgm', 'citext']) {
      expect((within(screen.getByRole('row', { name })).getByRole('switch') as HTMLInputElement).disabled).toBe(true)
    }
    expect(within(screen.getByRole('row', { name: 'citext' })).getByRole('switch')).toHaveProperty('checked', true)
  })
})
