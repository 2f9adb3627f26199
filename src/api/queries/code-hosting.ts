import { api, type ApiClient } from '../client'
import { CodeHostingConnectionSchema, CodeHostingRepositoriesSchema } from '../schemas'
import { queryKeys } from './keys'

function connectionPath(slug: string): string {
  return `/platform/organizations/${encodeURIComponent(slug)}/integrations/github`
}

/** The organization's GitHub connection: the account it is connected to and the app installation. */
export function codeHostingConnectionQuery(slug: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.codeHostingConnection(slug),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(connectionPath(slug), { schema: CodeHostingConnectionSchema, signal }),
  }
}

/** The repositories the installed GitHub app can see for the organization. */
export function codeHostingRepositoriesQuery(slug: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.codeHostingRepositories(slug),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(`${connectionPath(slug)}/repositories`, { schema: CodeHostingRepositoriesSchema, signal }),
  }
}

/** The popup's OAuth callback: the platform exchanges the provider's code and connects the organization. */
export async function authorizeCodeHosting(organizationSlug: string, code: string, client: ApiClient = api): Promise<void> {
  await client.post('/platform/integrations/github/authorization', { body: { code, organization_slug: organizationSlug } })
}

/** The popup's setup callback: the app installed on the provider account is linked to the organization. */
export async function linkCodeHostingInstallation(organizationSlug: string, installationId: number, client: ApiClient = api): Promise<void> {
  await client.post('/platform/integrations/github/installations', { body: { installation_id: installationId, organization_slug: organizationSlug } })
}

export async function disconnectCodeHosting(organizationSlug: string, client: ApiClient = api): Promise<void> {
  await client.delete(connectionPath(organizationSlug))
}
