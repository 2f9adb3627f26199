// Advisors (SPEC §2 /project/{ref}/advisors/…): the lints the security and performance advisors
// run, as the platform names them (PLATFORM-API §9), and the numbers of the query performance
// screen. Data only; the SQL of each lint is in src/lib/sql/lints/.

import { PLATFORM_RECORDS_SCHEMA } from './platform'

export const LINT_LEVELS = ['ERROR', 'WARN', 'INFO'] as const
export type LintLevel = (typeof LINT_LEVELS)[number]
/** How each level is named on screen, one finding and several. */
export const LINT_LEVEL_LABELS = {
  ERROR: { one: 'Error', many: 'Errors' },
  WARN: { one: 'Warning', many: 'Warnings' },
  INFO: { one: 'Suggestion', many: 'Suggestions' },
} as const satisfies Record<LintLevel, { one: string; many: string }>

export const LINT_CATEGORIES = ['SECURITY', 'PERFORMANCE'] as const
export type LintCategory = (typeof LINT_CATEGORIES)[number]

/** Who a lint's finding is about: the platform reports every one of these as facing the outside. */
export const LINT_FACINGS = ['EXTERNAL', 'INTERNAL'] as const
export type LintFacing = (typeof LINT_FACINGS)[number]

/** The schemas the project's API exposes until the project says otherwise (PostgREST's `db_schema`). */
export const DEFAULT_API_SCHEMAS = ['public', 'graphql_public'] as const

/** Where each lint is explained at length. */
export const LINT_DOCS_URL = 'https://supabase.com/docs/guides/database/database-linter'
export const lintDocsUrl = (id: string) => `${LINT_DOCS_URL}?lint=${encodeURIComponent(id)}`

/**
 * Schemas the platform owns: lints about the user's objects never look inside them (their objects
 * are the platform's to keep right). `studio_meta` and `studio_platform` are the dashboard's own.
 */
export const PLATFORM_SCHEMAS = [
  'auth',
  'cron',
  'extensions',
  'graphql',
  'graphql_public',
  'information_schema',
  'net',
  'pg_catalog',
  'pgbouncer',
  'pgmq',
  'pgsodium',
  'pgsodium_masks',
  'realtime',
  'storage',
  'studio_meta',
  PLATFORM_RECORDS_SCHEMA,
  'supabase_functions',
  'supabase_migrations',
  'vault',
] as const

/** One lint: what it is called, how serious, and what it means for the project. */
export interface LintDefinition {
  /** The platform's number and name (`0013_rls_disabled_in_public`), the docs' anchor. */
  id: string
  name: string
  title: string
  level: LintLevel
  categories: readonly LintCategory[]
  /** What it detects and why that matters, in a sentence or two. */
  description: string
}

const security = ['SECURITY'] as const
const performance = ['PERFORMANCE'] as const

/** Every lint the advisors run, in the platform's order. */
export const LINT_DEFINITIONS = [
  {
    id: '0001_unindexed_foreign_keys',
    name: 'unindexed_foreign_keys',
    title: 'Unindexed foreign keys',
    level: 'INFO',
    categories: performance,
    description:
      'A foreign key whose columns no index starts with: every delete or key change on the referenced table scans the whole referencing table, and joins along the key cannot use an index.',
  },
  {
    id: '0002_auth_users_exposed',
    name: 'auth_users_exposed',
    title: 'Exposed auth users',
    level: 'ERROR',
    categories: security,
    description: 'A view in an API schema reads auth.users and anon or authenticated may select from it: the users’ emails and metadata are readable through the API.',
  },
  {
    id: '0003_auth_rls_initplan',
    name: 'auth_rls_initplan',
    title: 'Auth function re-evaluated per row',
    level: 'WARN',
    categories: performance,
    description:
      'A row-level security policy calls auth.uid(), auth.jwt(), auth.role() or auth.email() directly, so Postgres calls it again for every row. Wrapped as (select auth.uid()) it runs once per statement.',
  },
  {
    id: '0004_no_primary_key',
    name: 'no_primary_key',
    title: 'No primary key',
    level: 'INFO',
    categories: performance,
    description: 'A table without a primary key: rows cannot be told apart reliably, replication and the table editor’s edits need one, and lookups by row are slow.',
  },
  {
    id: '0005_unused_index',
    name: 'unused_index',
    title: 'Unused index',
    level: 'INFO',
    categories: performance,
    description: 'An index no query has used since the statistics were last reset: it slows every write and takes space for nothing. Check after a representative period of traffic.',
  },
  {
    id: '0006_multiple_permissive_policies',
    name: 'multiple_permissive_policies',
    title: 'Multiple permissive policies',
    level: 'WARN',
    categories: performance,
    description: 'Several permissive policies for the same role and action on one table: Postgres evaluates every one of them for each row. One policy combining the conditions is faster.',
  },
  {
    id: '0007_policy_exists_rls_disabled',
    name: 'policy_exists_rls_disabled',
    title: 'Policies exist but RLS is disabled',
    level: 'ERROR',
    categories: security,
    description: 'A table has row-level security policies, but row-level security is off: the policies are ignored and every row is reachable by whoever may select from the table.',
  },
  {
    id: '0008_rls_enabled_no_policy',
    name: 'rls_enabled_no_policy',
    title: 'RLS enabled, no policy',
    level: 'INFO',
    categories: security,
    description: 'Row-level security is on but the table has no policy, so the API roles see no rows at all. Fine if intended; otherwise add a policy.',
  },
  {
    id: '0009_duplicate_index',
    name: 'duplicate_index',
    title: 'Duplicate index',
    level: 'WARN',
    categories: performance,
    description: 'Two or more identical indexes on one table: each write maintains all of them, and only one can be useful.',
  },
  {
    id: '0010_security_definer_view',
    name: 'security_definer_view',
    title: 'Security definer view',
    level: 'ERROR',
    categories: security,
    description:
      'A view in an API schema runs with its owner’s rights (no security_invoker): row-level security and grants of the tables beneath are checked against the owner, not the user who calls the API.',
  },
  {
    id: '0011_function_search_path_mutable',
    name: 'function_search_path_mutable',
    title: 'Function search path mutable',
    level: 'WARN',
    categories: security,
    description: 'A function without a fixed search_path resolves unqualified names through the caller’s search path, which a caller can point at objects of their own.',
  },
  {
    id: '0013_rls_disabled_in_public',
    name: 'rls_disabled_in_public',
    title: 'RLS disabled in an API schema',
    level: 'ERROR',
    categories: security,
    description: 'A table in a schema the API exposes, readable by anon or authenticated, without row-level security: anyone with the project’s anon key can read and change every row.',
  },
  {
    id: '0014_extension_in_public',
    name: 'extension_in_public',
    title: 'Extension in public',
    level: 'WARN',
    categories: security,
    description: 'An extension installed in the public schema: its functions and types appear in the API schema and mix with your own objects. The platform keeps extensions in `extensions`.',
  },
  {
    id: '0015_rls_references_user_metadata',
    name: 'rls_references_user_metadata',
    title: 'Policy references user metadata',
    level: 'ERROR',
    categories: security,
    description: 'A policy reads user_metadata from the JWT. Users can change their own user_metadata, so a policy that trusts it can be bypassed; use app_metadata instead.',
  },
  {
    id: '0016_materialized_view_in_api',
    name: 'materialized_view_in_api',
    title: 'Materialized view in API',
    level: 'WARN',
    categories: security,
    description: 'A materialized view in an API schema that anon or authenticated may select: materialized views have no row-level security, so every row is readable.',
  },
  {
    id: '0017_foreign_table_in_api',
    name: 'foreign_table_in_api',
    title: 'Foreign table in API',
    level: 'WARN',
    categories: security,
    description: 'A foreign table in an API schema that anon or authenticated may select: foreign tables have no row-level security, so the remote data is readable by everyone.',
  },
  {
    id: '0018_unsupported_reg_types',
    name: 'unsupported_reg_types',
    title: 'Unsupported reg types',
    level: 'WARN',
    categories: security,
    description: 'A column of a reg* type that stores object ids (regproc, regnamespace…): pg_upgrade cannot carry such columns, which blocks the project’s Postgres upgrades.',
  },
  {
    id: '0021_fkey_to_auth_unique',
    name: 'fkey_to_auth_unique',
    title: 'Foreign key to an auth unique constraint',
    level: 'ERROR',
    categories: security,
    description: 'A foreign key references a unique constraint of an auth table other than its primary key. The platform may change those constraints, which would break or block your table.',
  },
  {
    id: '0022_extension_versions_outdated',
    name: 'extension_versions_outdated',
    title: 'Extension versions outdated',
    level: 'WARN',
    categories: security,
    description: 'An extension is installed at a version older than the one available: updates carry fixes, some of them for security.',
  },
  {
    id: '0023_sensitive_columns_exposed',
    name: 'sensitive_columns_exposed',
    title: 'Sensitive columns exposed',
    level: 'ERROR',
    categories: security,
    description: 'A table the API exposes without row-level security has columns named like secrets or personal data (password, token, ssn, card number…).',
  },
  {
    id: '0024_rls_policy_always_true',
    name: 'rls_policy_always_true',
    title: 'RLS policy always true',
    level: 'WARN',
    categories: security,
    description:
      'A permissive policy lets anon or authenticated insert, update or delete any row (its condition is literally true). Reading with USING (true) is left alone: it is a common, deliberate choice.',
  },
  {
    id: '0025_public_bucket_allows_listing',
    name: 'public_bucket_allows_listing',
    title: 'Public bucket allows listing',
    level: 'WARN',
    categories: security,
    description: 'A public bucket with a broad SELECT policy on storage.objects: anyone can list every file in it. Public buckets serve files by URL without any such policy.',
  },
  {
    id: '0028_anon_security_definer_function_executable',
    name: 'anon_security_definer_function_executable',
    title: 'Anon can run a security definer function',
    level: 'WARN',
    categories: security,
    description: 'A SECURITY DEFINER function in an API schema that anon may execute: anyone can call it through the API, and it runs with its owner’s rights.',
  },
  {
    id: '0029_authenticated_security_definer_function_executable',
    name: 'authenticated_security_definer_function_executable',
    title: 'Signed-in users can run a security definer function',
    level: 'WARN',
    categories: security,
    description: 'A SECURITY DEFINER function in an API schema that authenticated may execute: every signed-in user can call it through the API with its owner’s rights.',
  },
] as const satisfies readonly LintDefinition[]

export type LintName = (typeof LINT_DEFINITIONS)[number]['name']

/** PLATFORM-API §9. */
export const RUN_LINTS_PATH = (ref: string) => `/platform/projects/${encodeURIComponent(ref)}/run-lints`
export const ADVISOR_EXCEPTIONS_PATH = (ref: string) => `/platform/projects/${encodeURIComponent(ref)}/notifications/advisor/exceptions`
/** The project's API settings (PostgREST's exposed schemas). */
export const POSTGREST_CONFIG_PATH = (ref: string) => `/platform/projects/${encodeURIComponent(ref)}/config/postgrest`

/** A dismissal's reason, as long as a reader can take in at a glance. */
export const LINT_EXCEPTION_NOTE_MAX = 500

/** Query performance (SPEC §2 /advisors/query-performance): at most this many statements are read at once. */
export const QUERY_STATISTICS_LIMIT = 10_000

/** The three readings of pg_stat_statements the screen offers, each a sort of the same statements. */
export const QUERY_PERFORMANCE_VIEWS = [
  { id: 'time', label: 'Most time consuming', sort: 'total_time' },
  { id: 'frequent', label: 'Most frequent', sort: 'calls' },
  { id: 'slowest', label: 'Slowest execution', sort: 'max_time' },
] as const
export type QueryPerformanceView = (typeof QUERY_PERFORMANCE_VIEWS)[number]['id']

/** The columns a statement list sorts by. */
export const STATEMENT_SORT_KEYS = ['calls', 'total_time', 'mean_time', 'max_time', 'rows', 'cache_hit_rate'] as const
export type StatementSortKey = (typeof STATEMENT_SORT_KEYS)[number]

/** EXPLAIN of a normalized statement with $n placeholders needs GENERIC_PLAN, which Postgres has since 16. */
export const GENERIC_PLAN_MIN_VERSION_NUM = 160000

/** The lints about a table's row level security: each finding links to the policies screen for its table. */
export const ROW_LEVEL_SECURITY_LINTS = ['rls_disabled_in_public', 'rls_enabled_no_policy', 'policy_exists_rls_disabled', 'multiple_permissive_policies', 'auth_rls_initplan', 'rls_references_user_metadata'] as const
