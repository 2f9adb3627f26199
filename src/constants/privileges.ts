/**
 * Roles and privileges of the column privileges screen (SPEC §2 /project/{ref}/database/column-privileges).
 */

/** The roles the platform's API switches between (PostgREST's `role` claim): listed first wherever a role is picked. */
export const PLATFORM_API_ROLES = ['anon', 'authenticated', 'service_role'] as const

/**
 * Roles the platform itself logs in as or owns its objects with (the API's switcher, the admin
 * owner, the services' own roles): never offered as a grantee, as granting them changes nothing the
 * user's API traffic runs as. Not every project has all of them.
 */
export const PLATFORM_INTERNAL_ROLES = [
  'authenticator',
  'supabase_admin',
  'supabase_auth_admin',
  'supabase_storage_admin',
  'supabase_functions_admin',
  'supabase_realtime_admin',
  'supabase_replication_admin',
  'supabase_read_only_user',
  'dashboard_user',
  'pgbouncer',
] as const

/** The privileges Postgres grants per column (GRANT … (column) ON TABLE), in the grid's order. */
export const COLUMN_PRIVILEGE_TYPES = ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'] as const
export type ColumnPrivilegeType = (typeof COLUMN_PRIVILEGE_TYPES)[number]

/** What a relation is, as the privileges reads name it; GRANT … ON TABLE covers every kind. */
export const RELATION_KINDS = ['table', 'view', 'materialized_view', 'foreign_table'] as const
export type RelationKind = (typeof RELATION_KINDS)[number]
export const RELATION_KIND_LABELS = {
  table: 'table',
  view: 'view',
  materialized_view: 'materialized view',
  foreign_table: 'foreign table',
} as const satisfies Record<RelationKind, string>

/**
 * The roles the platform makes and relies on in every project database: shown on the Roles screen,
 * never changed or dropped from it (the API, auth and the dashboard itself would stop working).
 */
export const PLATFORM_DATABASE_ROLES = ['postgres', 'anon', 'authenticated', 'service_role', 'authenticator', 'supabase_admin', 'supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin', 'supabase_replication_admin', 'supabase_read_only_user', 'dashboard_user', 'pgbouncer'] as const
