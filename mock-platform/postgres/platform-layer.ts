/**
 * What every project database of the platform has before the user's first statement: the API roles
 * (`anon`, `authenticated`, `service_role`, the `authenticator` that switches between them, and the
 * `supabase_admin` owner of the platform's objects), the `extensions`, `auth` and `storage` schemas
 * (storage with its buckets and objects tables, storage-layer.ts),
 * the `auth` helpers policies call (`auth.uid()`, `auth.role()`, `auth.jwt()`, `auth.email()`) and
 * the grants the platform gives: the API roles may use `public` and whatever is made in it later
 * (row-level security, not grants, is what protects a table), and `extensions` is on the search
 * path, so an extension enabled there is callable unqualified, as on the platform.
 *
 * Decisions:
 * - Every statement is idempotent and the roles are created only when missing: on a real server
 *   (`DATABASE_URL`) roles belong to the cluster, so the second project database finds them.
 * - The layer has a version of its own (`studio_meta.platform_layer`), separate from the demo data:
 *   a database seeded by an older Studio gets the layer on its next start, its data untouched.
 * - The search path is set on the database (`alter database … set`), like the platform's; a
 *   session already open picks it up through `applyDatabaseSettingsSql` (session.ts).
 * - pg_stat_statements is enabled in `extensions`, as the platform does for query performance. A
 *   server without the contrib package still gets the rest of the layer; one that does not preload
 *   the library has the extension and says so when it is read.
 * - supabase_vault too, as the platform enables it on every new project (VAULT_LAYER_SQL).
 * - Realtime's publication, empty, as on the platform: the Publications and Tables screens add a
 *   table to it. Made by whoever runs the layer (the project's owner when served), so they may.
 */
import { REALTIME_PUBLICATION, SEED_MARKER_SCHEMA } from '../../src/constants/platform.ts'
import { PLATFORM_API_ROLES } from '../../src/constants/privileges.ts'
import { privateSchemaSql } from './private-schema.ts'
import { SUPABASE_VAULT } from './shims/index.ts'
import { STORAGE_LAYER_SQL } from './storage-layer.ts'
import type { ProjectDatabase } from './types.ts'

/** Bumped when the layer changes; a database below it gets the layer again (every statement is idempotent). */
export const PLATFORM_LAYER_VERSION = 9

/** The roles the platform's API switches between (PostgREST's `role` claim). */
export const API_ROLES = PLATFORM_API_ROLES

/** The database's search path on the platform. */
export const PLATFORM_SEARCH_PATH = '"$user", public, extensions'

/**
 * pg_stat_statements in `extensions`, as the platform enables it for query performance. A server
 * without the contrib package gets the rest of the layer; one that does not preload the library has
 * the extension and says so when it is read. On a shared server the admin makes it (a project role
 * may not), before the owner's layer, where this is then a no-op (server-tenancy.ts).
 */
export const QUERY_STATISTICS_EXTENSION_SQL = `
do $layer$
begin
  create extension if not exists pg_stat_statements with schema extensions;
exception when others then
  raise notice 'pg_stat_statements is not available: %', sqlerrm;
end
$layer$;
`

/**
 * The API roles, made where missing (roles belong to the cluster). The grants to `authenticator`
 * only where missing too: on a real server the layer runs as the project's owner (server-tenancy.ts),
 * which may not grant these roles, after the platform's admin ran this part.
 */
export const PLATFORM_ROLES_SQL = `
do $layer$
declare
  api_role text;
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin login createrole createdb replication bypassrls;
  end if;
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if not pg_catalog.pg_has_role('authenticator', api_role, 'member') then
      execute format('grant %I to authenticator', api_role);
    end if;
  end loop;
end
$layer$;
`

/**
 * supabase_vault, as the platform enables it on every new project: Vault's screen and
 * `vault.create_secret` work from the first statement. Where the database has the shim's files
 * (PGlite) it is the extension, pgcrypto with it (CASCADE); on a server without them its script runs
 * as plain SQL into the same schema (as installShim does), pgcrypto made first: a trusted extension,
 * so the project's owner, who runs the layer there (server-tenancy.ts), may. The script keeps
 * `vault` from everyone but its owner and service_role (private-schema.ts), the read-only role too.
 * Nothing when the project has vault already. A server without pgcrypto gets the rest of the layer,
 * and Vault's screen offers to enable it.
 */
export const VAULT_LAYER_SQL = `
do $vault$
declare
  crypto_schema text;
begin
  if to_regnamespace('vault') is not null then
    return;
  end if;
  begin
    create extension if not exists supabase_vault with schema extensions cascade;
    return;
  exception when undefined_file or feature_not_supported then
    null; -- no control file: the script as plain SQL, below
  end;
  begin
    create extension if not exists pgcrypto with schema extensions;
  exception when undefined_file or feature_not_supported then
    raise notice 'supabase_vault is not enabled: pgcrypto is not available (%)', sqlerrm;
    return;
  end;
  select pg_catalog.quote_ident(n.nspname) into crypto_schema
    from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgcrypto';
  execute pg_catalog.replace($vault_script$${SUPABASE_VAULT.script}$vault_script$, '@extschema:pgcrypto@', crypto_schema);
end
$vault$;
`

const SCHEMAS_SQL = `
create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists ${SEED_MARKER_SCHEMA};

grant usage on schema public, extensions to anon, authenticated, service_role;
grant usage on schema auth, storage to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema extensions grant all on tables to anon, authenticated, service_role;
alter default privileges in schema extensions grant all on functions to anon, authenticated, service_role;
grant all on all tables in schema public to anon, authenticated, service_role;
grant all on all sequences in schema public to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  phone text unique,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  is_anonymous boolean not null default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  deleted_at timestamptz
);
create index if not exists users_email_idx on auth.users (email);
comment on table auth.users is 'Auth: stores user login data within a secure schema.';
grant select on auth.users to service_role;

-- What the platform's auth server keeps beside a user (GoTrue's columns; added to a database made before them).
alter table auth.users add column if not exists invited_at timestamptz;
alter table auth.users add column if not exists confirmation_token varchar(255);
alter table auth.users add column if not exists confirmation_sent_at timestamptz;
alter table auth.users add column if not exists recovery_token varchar(255);
alter table auth.users add column if not exists recovery_sent_at timestamptz;
alter table auth.users add column if not exists phone_confirmed_at timestamptz;
alter table auth.users add column if not exists banned_until timestamptz;
alter table auth.users add column if not exists is_sso_user boolean not null default false;
-- The dashboard's users list, newest first: a page deep in 100,000 users walks this, not a sort of all.
create index if not exists users_created_at_idx on auth.users (created_at desc nulls last, id desc);
-- One user per address, as the auth server's schema has it; a database whose users already share one keeps them (and no index).
do $auth_email$
begin
  create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
exception when unique_violation then
  raise notice 'auth.users has an email twice: no unique index on it (%)', sqlerrm;
end
$auth_email$;

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
comment on table auth.identities is 'Auth: stores identities associated to a user.';

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  not_after timestamptz,
  user_agent text,
  ip inet
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
comment on table auth.sessions is 'Auth: stores session data associated to a user.';

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  ip_address varchar(64) not null default '',
  created_at timestamptz
);
comment on table auth.audit_log_entries is 'Auth: audit trail for user actions.';

-- The claims PostgREST sets per request: request.jwt.claims (JSON), and the older per-claim settings.
create or replace function auth.jwt() returns jsonb language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$fn$;
create or replace function auth.uid() returns uuid language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$fn$;
create or replace function auth.role() returns text language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$fn$;
create or replace function auth.email() returns text language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$fn$;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

do $layer$
begin
  execute format('alter database %I set search_path = ${PLATFORM_SEARCH_PATH.replaceAll("'", "''")}', current_database());
end
$layer$;

${QUERY_STATISTICS_EXTENSION_SQL}

do $realtime$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = '${REALTIME_PUBLICATION}') then
    create publication ${REALTIME_PUBLICATION};
  end if;
end
$realtime$;

-- Wrappers' secret options until the project has vault (src/lib/sql/wrappers.ts): the platform's, never the API roles'.
create table if not exists ${SEED_MARKER_SCHEMA}.wrapper_secrets (
  id uuid primary key,
  name text not null,
  secret text not null,
  created_at timestamptz not null default now()
);
revoke all on ${SEED_MARKER_SCHEMA}.wrapper_secrets from anon, authenticated, service_role;

-- The cron screen's job forms (src/lib/sql/cron.ts): how each job was built, beside pg_cron's own
-- tables. \`command\` is the command the form made: a job changed since by other means no longer
-- matches and is shown as the SQL it now is, never guessed back into a form.
create table if not exists ${SEED_MARKER_SCHEMA}.cron_job_forms (
  jobid bigint primary key,
  command text not null,
  form jsonb not null,
  updated_at timestamptz not null default now()
);
revoke all on ${SEED_MARKER_SCHEMA}.cron_job_forms from anon, authenticated, service_role;

create table if not exists ${SEED_MARKER_SCHEMA}.platform_layer (
  version integer not null,
  applied_at timestamptz not null default now()
);
`

/** The whole layer as one text (it runs as one implicit transaction). */
export function platformLayerSql(): string {
  return `${PLATFORM_ROLES_SQL}\n${SCHEMAS_SQL}\n${STORAGE_LAYER_SQL}\n${VAULT_LAYER_SQL}\n${privateSchemaSql(SEED_MARKER_SCHEMA)}\ndelete from ${SEED_MARKER_SCHEMA}.platform_layer;\ninsert into ${SEED_MARKER_SCHEMA}.platform_layer (version) values (${PLATFORM_LAYER_VERSION});`
}

/** The version a database has, 0 when it has none. */
async function layerVersion(db: ProjectDatabase): Promise<number> {
  const { rows } = await db.query(`select to_regclass($1) is not null as present`, [`${SEED_MARKER_SCHEMA}.platform_layer`])
  if (rows[0]?.['present'] !== true) return 0
  const answer = await db.query(`select coalesce(max(version), 0)::int as version from ${SEED_MARKER_SCHEMA}.platform_layer`)
  return Number(answer.rows[0]?.['version'] ?? 0)
}

/** Gives `db` the platform's roles, schemas and grants unless it has this version of them; true when it did now. */
export async function ensurePlatformLayer(db: ProjectDatabase): Promise<boolean> {
  if ((await layerVersion(db)) >= PLATFORM_LAYER_VERSION) return false
  await db.exec(platformLayerSql())
  return true
}
