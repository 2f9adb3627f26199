/** Every query key of the dashboard, in one place so invalidation and the cache agree. */
export const queryKeys = {
  profile: () => ['profile'] as const,
  permissions: () => ['profile', 'permissions'] as const,
  accessTokens: () => ['profile', 'access-tokens'] as const,
  organizations: () => ['organizations'] as const,
  organizationMembers: (slug: string) => ['organizations', slug, 'members'] as const,
  organizationRoles: (slug: string) => ['organizations', slug, 'roles'] as const,
  organizationInvitations: (slug: string) => ['organizations', slug, 'members', 'invitations'] as const,
  organizationCustomer: (slug: string | undefined) => ['organizations', slug, 'customer'] as const,
  organizationProjects: (slug: string | undefined) => ['organizations', slug, 'projects'] as const,
  /** Under organizationProjects, so invalidating the list refreshes the count too. */
  organizationActiveProjectCount: (slug: string | undefined) => ['organizations', slug, 'projects', 'active-count'] as const,
  projectDetail: (ref: string | undefined) => ['projects', ref, 'detail'] as const,
  /** How to connect: the database's address (settings) and its pooler, under the project. */
  projectSettings: (ref: string | undefined) => ['projects', ref, 'settings'] as const,
  projectPooler: (ref: string | undefined) => ['projects', ref, 'pooler'] as const,
  projectSslEnforcement: (ref: string) => ['projects', ref, 'ssl-enforcement'] as const,
  projectNetworkRestrictions: (ref: string) => ['projects', ref, 'network-restrictions'] as const,
  projectAddons: (ref: string) => ['projects', ref, 'addons'] as const,
  snippet: (ref: string, id: string) => ['projects', ref, 'content', id] as const,
  /** Beside, not under, the single snippets: refreshing the list must not reload the open editor's snippet. */
  snippetList: (ref: string) => ['projects', ref, 'content-list'] as const,
  snippetFolders: (ref: string) => ['projects', ref, 'content-folders'] as const,
  /** The project's databases as they run (a database of ours starts on first need). */
  projectDatabaseStatus: (ref: string) => ['projects', ref, 'databases-statuses'] as const,
  tableEntities: (ref: string) => ['projects', ref, 'tables'] as const,
  /** The database's own catalogue: what a change to it (an extension, a grant, a trigger) refreshes at once. */
  databaseCatalog: (ref: string) => ['projects', ref, 'database'] as const,
  databaseExtensions: (ref: string) => ['projects', ref, 'database', 'extensions'] as const,
  databaseExtensionDependents: (ref: string, name: string) => ['projects', ref, 'database', 'extensions', name, 'dependents'] as const,
  databaseSchemas: (ref: string) => ['projects', ref, 'database', 'schemas'] as const,
  vaultEnabled: (ref: string) => ['projects', ref, 'database', 'vault', 'enabled'] as const,
  vaultSecrets: (ref: string) => ['projects', ref, 'database', 'vault', 'secrets'] as const,
  databaseWrappers: (ref: string) => ['projects', ref, 'database', 'wrappers'] as const,
  databaseWebhooksEnabled: (ref: string) => ['projects', ref, 'database', 'webhooks', 'enabled'] as const,
  databaseWebhooks: (ref: string) => ['projects', ref, 'database', 'webhooks', 'list'] as const,
  databaseWebhookCalls: (ref: string, tableId: number, name: string) => ['projects', ref, 'database', 'webhooks', 'calls', tableId, name] as const,
  databaseRoles: (ref: string) => ['projects', ref, 'database', 'roles'] as const,
  /** The Roles screen's roles with their attributes and memberships (under the column privileges' roles: a change to either reads both again). */
  databaseRoleList: (ref: string) => ['projects', ref, 'database', 'roles', 'list'] as const,
  cronEnabled: (ref: string) => ['projects', ref, 'database', 'cron', 'enabled'] as const,
  cronJobs: (ref: string) => ['projects', ref, 'database', 'cron', 'jobs'] as const,
  cronRuns: (ref: string, jobid: number, status: string | null, page: number) => ['projects', ref, 'database', 'cron', 'runs', jobid, status, page] as const,
  cronCallables: (ref: string) => ['projects', ref, 'database', 'cron', 'callables'] as const,
  /** The advisors' findings and rules: beside the catalogue, rerun only when asked (a run reads every lint). */
  projectLints: (ref: string) => ['projects', ref, 'advisors', 'lints'] as const,
  lintExceptions: (ref: string) => ['projects', ref, 'advisors', 'exceptions'] as const,
  /** pg_stat_statements: under the catalogue, so a change made from a tool refreshes it too. */
  queryStatistics: (ref: string) => ['projects', ref, 'database', 'query-statistics'] as const,
  databaseRelations: (ref: string) => ['projects', ref, 'database', 'relations'] as const,
  /** The GraphQL schema as one caller (a role, or the token in the explorer's headers) sees it: under the catalogue it is built from. */
  graphqlIntrospection: (ref: string, caller: string) => ['projects', ref, 'database', 'graphql', caller] as const,
  graphqlRoleToken: (ref: string, role: string) => ['projects', ref, 'graphql-token', role] as const,
  columnPrivileges: (ref: string, role: string, schema: string, table: string) => ['projects', ref, 'database', 'column-privileges', role, schema, table] as const,
  tableSchema: (ref: string, id: number) => ['projects', ref, 'tables', id] as const,
  /** The project's auth users: everything read of them is under this key, read again after a change. */
  authUsers: (ref: string) => ['projects', ref, 'auth-users'] as const,
  /** One page of the users matching the filters (a page a query: the list reads the pages in view). */
  authUserPage: (ref: string, filters: { search: string; sort: string; ascending: boolean; provider: string | null; state: string }, page: number) =>
    ['projects', ref, 'auth-users', 'pages', filters.search, filters.sort, filters.ascending, filters.provider, filters.state, page] as const,
  authProviders: (ref: string) => ['projects', ref, 'auth-users', 'providers'] as const,
  authUserRecord: (ref: string, id: string) => ['projects', ref, 'auth-users', 'record', id] as const,
  authUserChoices: (ref: string, search: string) => ['projects', ref, 'auth-users', 'choices', search] as const,
  /** A schema's tables with their RLS and policies: under the tables, so a structure change reads them again. */
  policyTables: (ref: string, schema: string) => ['projects', ref, 'tables', 'policies', schema] as const,
  /** A policy's measured effect: the script says everything it depends on. */
  policyEffect: (ref: string, script: string) => ['projects', ref, 'tables', 'policy-effect', script] as const,
  /** What would stop a column's drop: under the tables, so a structure change reads it again. */
  columnDependents: (ref: string, schema: string, table: string, column: string) => ['projects', ref, 'tables', 'column-dependents', schema, table, column] as const,
  /** The database's enums and domains: under the tables, so a structure change refreshes them too. */
  columnTypes: (ref: string) => ['projects', ref, 'tables', 'column-types'] as const,
  /** The database's schemas (every Database screen's picker) and one schema's graph (the diagram): under the tables, so a structure change reads them again. */
  schemaList: (ref: string) => ['projects', ref, 'tables', 'schema-list'] as const,
  schemaGraph: (ref: string, schema: string) => ['projects', ref, 'tables', 'diagram', schema] as const,
  /** The enumerated types with the columns that use them: under the tables, so a column's change reads them again. */
  enumTypes: (ref: string) => ['projects', ref, 'tables', 'enum-types'] as const,
  /** The indexes with their tables, sizes and scans: under the tables, so a structure change reads them again. */
  databaseIndexes: (ref: string) => ['projects', ref, 'tables', 'indexes'] as const,
  /** The database's own functions and procedures, with what depends on each. */
  databaseFunctions: (ref: string) => ['projects', ref, 'database', 'functions'] as const,
  /** The triggers with their tables and functions: under the tables, so a table's change reads them again. */
  databaseTriggers: (ref: string) => ['projects', ref, 'tables', 'triggers'] as const,
  /** The publications with their tables: under the tables, so a table made or dropped reads them again. */
  publications: (ref: string) => ['projects', ref, 'tables', 'publications'] as const,
  /** The migrations the platform's CLI applied (none when it never did). */
  migrations: (ref: string) => ['projects', ref, 'database', 'migrations'] as const,
  /** The Database area's tables with size and publications: under the tables, so any structure change reads them again. */
  databaseTables: (ref: string) => ['projects', ref, 'tables', 'database-tables'] as const,
  /** A foreign key target's rows offered to pick a value from (under the tables: a change there refreshes them). */
  referenceRows: (ref: string, schema: string, table: string, column: string, search: string) => ['projects', ref, 'tables', 'reference-rows', schema, table, column, search] as const,
  /** One statement over the project's logs for one range (the answer of a moment: ranges are absolute). */
  logs: (ref: string, kind: string, sql: string, start: string, end: string) => ['projects', ref, 'logs', kind, sql, start, end] as const,
  /** Storage: everything of a project's storage under one prefix (buckets, listings, config). */
  storage: (ref: string) => ['projects', ref, 'storage'] as const,
  storageBuckets: (ref: string) => ['projects', ref, 'storage', 'buckets'] as const,
  storageBucket: (ref: string, id: string) => ['projects', ref, 'storage', 'buckets', id] as const,
  /** Every listing of one bucket: what an upload, move or delete in it invalidates. */
  storageObjects: (ref: string, bucket: string) => ['projects', ref, 'storage', 'objects', bucket] as const,
  /** Listings of one folder (any search, sort or page): invalidated after an upload into it. */
  storageFolder: (ref: string, bucket: string, path: string) => ['projects', ref, 'storage', 'objects', bucket, path] as const,
  /** One folder's pages as an infinite list; search and sort are in the key so answers for another never mix in. */
  storageObjectPages: (ref: string, bucket: string, path: string, search: string, column: string, order: string) =>
    ['projects', ref, 'storage', 'objects', bucket, path, 'pages', search, column, order] as const,
  /** One page at an offset (and limit). */
  storageObjectPage: (ref: string, bucket: string, path: string, search: string, column: string, order: string, offset: number, limit: number) =>
    ['projects', ref, 'storage', 'objects', bucket, path, 'page', search, column, order, offset, limit] as const,
  /** Every object under a prefix (delete-folder counts, folder moves, zips). */
  storageObjectsUnder: (ref: string, bucket: string, prefix: string) => ['projects', ref, 'storage', 'objects', bucket, prefix, 'recursive'] as const,
  storageConfig: (ref: string) => ['projects', ref, 'storage', 'config'] as const,
  overdueInvoices: () => ['invoices', 'overdue'] as const,
  organizationTaxId: (slug: string | undefined) => ['organizations', slug, 'tax-ids'] as const,
  /**
   * Lists, counts, single invoices and the upcoming preview under one prefix, so one invalidation
   * refreshes them all; under the organization's billing, so a plan change refreshes them too.
   */
  organizationInvoices: (slug: string | undefined) => ['organizations', slug, 'billing', 'invoices'] as const,
  organizationInvoicePage: (slug: string | undefined, offset: number, limit: number) =>
    ['organizations', slug, 'billing', 'invoices', 'list', offset, limit] as const,
  organizationInvoiceCount: (slug: string | undefined) => ['organizations', slug, 'billing', 'invoices', 'count'] as const,
  organizationInvoice: (slug: string | undefined, id: string | undefined) => ['organizations', slug, 'billing', 'invoices', 'detail', id] as const,
  organizationUpcomingInvoice: (slug: string | undefined) => ['organizations', slug, 'billing', 'invoices', 'upcoming'] as const,
  featureFlags: (cloudProvider: string | null) => ['feature-flags', cloudProvider] as const,
  incidentStatus: () => ['incident-status'] as const,
  authUser: () => ['auth', 'user'] as const,
  invitation: (slug: string, token: string) => ['invitations', slug, token] as const,
  /** Under the organization, so leaving or refreshing it refreshes these too; repositories under the connection. */
  codeHostingConnection: (slug: string) => ['organizations', slug, 'integrations', 'github'] as const,
  codeHostingRepositories: (slug: string) => ['organizations', slug, 'integrations', 'github', 'repositories'] as const,
  consentCategories: () => ['consent', 'categories'] as const,
  /** Everything of an organization's billing; a plan change invalidates it all (subscription, plans, invoices…). */
  organizationBilling: (slug: string) => ['organizations', slug, 'billing'] as const,
  organizationSubscription: (slug: string) => ['organizations', slug, 'billing', 'subscription'] as const,
  organizationPlans: (slug: string) => ['organizations', slug, 'billing', 'plans'] as const,
  organizationAudit: (slug: string, start: string, end: string) => ['organizations', slug, 'audit', start, end] as const,
  /** Usage limits and costs follow the plan, so usage sits under billing too. */
  organizationUsage: (slug: string, projectRef: string | null = null) => ['organizations', slug, 'billing', 'usage', projectRef] as const,
}
