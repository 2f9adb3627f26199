import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { queryKeys } from '../api/queries/keys'
import type { Permission } from '../api/schemas'
import { setSession } from '../api/session'
import { sampleOrganization } from './sample-records'

export const SCREEN_REF = 'abcdefghijklmnopqrst'

/**
 * Renders a project screen signed in as a member with `actions` in the sample organization, its
 * project reachable, and `data` already in the cache (query key → answer); nothing is fetched again.
 */
export function renderProjectScreen(screen: ReactNode, { actions, data = [], path = `/project/${SCREEN_REF}` }: { actions: string[]; data?: [readonly unknown[], unknown][]; path?: string }) {
  setSession({ accessToken: 'token', expiresAt: Math.floor(Date.now() / 1000) + 3600, user: { id: 'u1', email: 'demo@example.com' } })
  const organization = sampleOrganization()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchInterval: false } } })
  const permissions = [{ organization_slug: organization.slug, actions, resources: ['%'], condition: null, project_refs: null, restrictive: false }] as Permission[]
  client.setQueryData(queryKeys.permissions(), permissions)
  client.setQueryData(queryKeys.organizations(), [organization])
  client.setQueryData(queryKeys.profile(), { disabled_features: [] })
  client.setQueryData(queryKeys.projectDetail(SCREEN_REF), { ref: SCREEN_REF, name: 'Main app', organization_id: organization.id, connectionString: 'encrypted:abc' })
  for (const [key, value] of data) client.setQueryData(key, value)
  const location = memoryLocation({ path })
  return render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>{screen}</Router>
    </QueryClientProvider>,
  )
}

/** A read-only member's actions (the demo world's Read Only Co). */
export const READ_ONLY_ACTIONS = ['read:Read', 'sql:Read:Select']
