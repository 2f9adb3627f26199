/** Every query key of the dashboard, in one place so invalidation and the cache agree. */
export const queryKeys = {
  profile: () => ['profile'] as const,
  permissions: () => ['profile', 'permissions'] as const,
  organizations: () => ['organizations'] as const,
  organizationCustomer: (slug: string | undefined) => ['organizations', slug, 'customer'] as const,
  organizationProjects: (slug: string | undefined) => ['organizations', slug, 'projects'] as const,
  /** Under organizationProjects, so invalidating the list refreshes the count too. */
  organizationActiveProjectCount: (slug: string | undefined) => ['organizations', slug, 'projects', 'active-count'] as const,
  projectDetail: (ref: string | undefined) => ['projects', ref, 'detail'] as const,
  snippet: (ref: string, id: string) => ['projects', ref, 'content', id] as const,
  /** Beside, not under, the single snippets: refreshing the list must not reload the open editor's snippet. */
  snippetList: (ref: string) => ['projects', ref, 'content-list'] as const,
  snippetFolders: (ref: string) => ['projects', ref, 'content-folders'] as const,
  tableEntities: (ref: string) => ['projects', ref, 'tables'] as const,
  tableSchema: (ref: string, id: number) => ['projects', ref, 'tables', id] as const,
  overdueInvoices: () => ['invoices', 'overdue'] as const,
  featureFlags: (cloudProvider: string | null) => ['feature-flags', cloudProvider] as const,
  incidentStatus: () => ['incident-status'] as const,
  authUser: () => ['auth', 'user'] as const,
  invitation: (slug: string, token: string) => ['invitations', slug, token] as const,
  /** Under the organization, so leaving or refreshing it refreshes these too; repositories under the connection. */
  codeHostingConnection: (slug: string) => ['organizations', slug, 'integrations', 'github'] as const,
  codeHostingRepositories: (slug: string) => ['organizations', slug, 'integrations', 'github', 'repositories'] as const,
  consentCategories: () => ['consent', 'categories'] as const,
}
