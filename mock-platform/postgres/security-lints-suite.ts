/** The security advisor's lints, each on objects that trigger it and objects that do not (lint-cases.ts). */
import type { LintCase } from './lint-cases.ts'

const rlsTable = (s: string) => `create table ${s}.notes (id int primary key, user_id uuid, body text); alter table ${s}.notes enable row level security;`
/** Exposed the way the platform exposes public: the API roles may read it. */
const granted = (relation: string) => `grant select on ${relation} to anon, authenticated;`
const definer = (s: string) => `create function ${s}.promote(target uuid) returns void language sql security definer set search_path = '' as 'select null';`

/** What the 0025 cases leave in the platform's storage tables (platform-layer.ts makes them in every project). */
const STORAGE_CASE_CLEANUP = `drop policy if exists "list avatars" on storage.objects;
drop policy if exists "own avatars" on storage.objects;
drop policy if exists "list private" on storage.objects;
drop policy if exists "write avatars" on storage.objects;
delete from storage.buckets where id in ('avatars', 'it''s (odd)', 'private');`

const isStorageBucket = (name: string) => (lint: { metadata: { schema?: string | null; name?: string | null } | null }) =>
  lint.metadata?.schema === 'storage' && lint.metadata.name === name

export const SECURITY_LINT_CASES: LintCase[] = [
  {
    lint: 'auth_users_exposed',
    title: 'a view of auth.users the API roles may read',
    findings: 1,
    triggers: (s) => `create view ${s}.members as select id, email from auth.users; ${granted(`${s}.members`)}`,
    passes: (s) => `create view ${s}.members with (security_invoker = on) as select id, email from auth.users; ${granted(`${s}.members`)}
      create view ${s}.hidden as select id from auth.users;`,
  },
  {
    lint: 'policy_exists_rls_disabled',
    title: 'policies on a table without RLS',
    findings: 1,
    triggers: (s) => `create table ${s}.notes (id int primary key, user_id uuid); create policy "own" on ${s}.notes using ((select auth.uid()) = user_id);`,
    passes: (s) => `${rlsTable(s)} create policy "own" on ${s}.notes using ((select auth.uid()) = user_id); create table ${s}.plain (id int primary key);`,
    exposed: false,
  },
  {
    lint: 'rls_enabled_no_policy',
    title: 'RLS without any policy',
    findings: 1,
    triggers: (s) => rlsTable(s),
    passes: (s) => `${rlsTable(s)} create policy "own" on ${s}.notes for select using ((select auth.uid()) = user_id);`,
    exposed: false,
  },
  {
    lint: 'security_definer_view',
    title: 'an exposed view without security_invoker',
    findings: 1,
    triggers: (s) => `create table ${s}.t (id int primary key); create view ${s}.v as select * from ${s}.t; ${granted(`${s}.v`)}`,
    passes: (s) => `create table ${s}.t (id int primary key); create view ${s}.v with (security_invoker = true) as select * from ${s}.t; ${granted(`${s}.v`)}
      create view ${s}.private as select * from ${s}.t;`,
  },
  {
    lint: 'function_search_path_mutable',
    title: 'functions and procedures without a search_path',
    findings: 2,
    triggers: (s) => `create function ${s}.add(a int, b int) returns int language sql as 'select a + b';
      create procedure ${s}.tidy() language plpgsql as $$ begin perform 1; end $$;`,
    passes: (s) => `create function ${s}.add(a int, b int) returns int language sql set search_path = '' as 'select a + b';
      create procedure ${s}.tidy() language plpgsql set search_path = pg_catalog, public as $$ begin perform 1; end $$;`,
    exposed: false,
  },
  {
    lint: 'rls_disabled_in_public',
    title: 'an exposed table without RLS',
    findings: 1,
    triggers: (s) => `create table ${s}.orders (id int primary key); ${granted(`${s}.orders`)}`,
    passes: (s) => `create table ${s}.orders (id int primary key); ${granted(`${s}.orders`)} alter table ${s}.orders enable row level security;
      create table ${s}.internal (id int primary key);`,
  },
  {
    lint: 'extension_in_public',
    title: 'an extension in public',
    findings: 1,
    triggers: () => `create extension citext schema public;`,
    passes: () => `create extension citext schema extensions;`,
    owns: (lint) => lint.metadata?.name === 'citext',
    cleanup: 'drop extension if exists citext cascade;',
  },
  {
    lint: 'rls_references_user_metadata',
    title: 'a policy reading user_metadata',
    findings: 1,
    triggers: (s) => `${rlsTable(s)} create policy "admins" on ${s}.notes using (((select auth.jwt()) -> 'user_metadata' ->> 'role') = 'admin');`,
    passes: (s) => `${rlsTable(s)} create policy "admins" on ${s}.notes using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');`,
    exposed: false,
  },
  {
    lint: 'materialized_view_in_api',
    title: 'an exposed materialized view',
    findings: 1,
    triggers: (s) => `create materialized view ${s}.totals as select 1 as n; ${granted(`${s}.totals`)}`,
    passes: (s) => `create materialized view ${s}.totals as select 1 as n;`,
  },
  {
    lint: 'foreign_table_in_api',
    title: 'an exposed foreign table',
    findings: 1,
    triggers: (s) => `create foreign data wrapper lint_case_fdw; create server lint_case_server foreign data wrapper lint_case_fdw;
      create foreign table ${s}.remote (id int) server lint_case_server; ${granted(`${s}.remote`)}`,
    passes: (s) => `create foreign data wrapper lint_case_fdw; create server lint_case_server foreign data wrapper lint_case_fdw;
      create foreign table ${s}.remote (id int) server lint_case_server;`,
    // The wrapper's drop takes its server with it.
    cleanup: 'drop foreign data wrapper if exists lint_case_fdw cascade;',
  },
  {
    lint: 'unsupported_reg_types',
    title: 'columns of reg* types pg_upgrade cannot carry',
    findings: 2,
    triggers: (s) => `create table ${s}.hooks (id int primary key, handler regproc, config regconfig, target regclass);`,
    passes: (s) => `create table ${s}.hooks (id int primary key, target regclass, owner regrole, kind regtype);`,
    exposed: false,
  },
  {
    lint: 'fkey_to_auth_unique',
    title: 'a foreign key to auth.users(phone)',
    findings: 1,
    triggers: (s) => `create table ${s}.contacts (id int primary key, phone text references auth.users (phone));`,
    passes: (s) => `create table ${s}.contacts (id int primary key, user_id uuid references auth.users (id));`,
    exposed: false,
  },
  {
    lint: 'extension_versions_outdated',
    title: 'an extension below its available version',
    findings: 1,
    triggers: (s) => `create extension hstore schema ${s} version '1.7';`,
    passes: (s) => `create extension hstore schema ${s};`,
    owns: (lint) => lint.metadata?.name === 'hstore',
    cleanup: 'drop extension if exists hstore cascade;',
  },
  {
    lint: 'sensitive_columns_exposed',
    title: 'a password column in an exposed table without RLS',
    findings: 1,
    triggers: (s) => `create table ${s}.accounts (id int primary key, email text, "Password" text, api_key text); ${granted(`${s}.accounts`)}`,
    passes: (s) => `create table ${s}.accounts (id int primary key, password text); ${granted(`${s}.accounts`)} alter table ${s}.accounts enable row level security;
      create table ${s}.audits (id int primary key, password_changed_at timestamptz); ${granted(`${s}.audits`)}`,
  },
  {
    lint: 'rls_policy_always_true',
    title: 'write policies that are always true',
    findings: 2,
    triggers: (s) => `${rlsTable(s)}
      create policy "anyone edits" on ${s}.notes for update to authenticated using (true);
      create policy "anyone adds" on ${s}.notes for insert to anon with check (1 = 1);`,
    passes: (s) => `${rlsTable(s)}
      create policy "anyone reads" on ${s}.notes for select to anon using (true);
      create policy "own edits" on ${s}.notes for update to authenticated using ((select auth.uid()) = user_id);
      create policy "service" on ${s}.notes for delete to service_role using (true);`,
    exposed: false,
  },
  {
    lint: 'anon_security_definer_function_executable',
    title: 'a SECURITY DEFINER function anon may run',
    findings: 1,
    triggers: (s) => definer(s),
    passes: (s) => `${definer(s)} revoke execute on function ${s}.promote(uuid) from public;
      create function ${s}.invoker() returns int language sql set search_path = '' as 'select 1';`,
  },
  {
    lint: 'authenticated_security_definer_function_executable',
    title: 'a SECURITY DEFINER function authenticated may run',
    findings: 1,
    triggers: (s) => definer(s),
    passes: (s) => `${definer(s)} revoke execute on function ${s}.promote(uuid) from public; grant execute on function ${s}.promote(uuid) to anon;`,
  },
  {
    lint: 'public_bucket_allows_listing',
    title: 'a public bucket that anyone can list',
    findings: 1,
    triggers: () => `insert into storage.buckets (id, name, public) values ('avatars', 'avatars', true), ('it''s (odd)', 'odd', true);
      create policy "list avatars" on storage.objects for select to anon using (bucket_id = 'avatars');`,
    passes: () => `insert into storage.buckets (id, name, public) values ('avatars', 'avatars', true), ('private', 'private', false);
      create policy "own avatars" on storage.objects for select to anon using (bucket_id = 'avatars' and name like 'me/%');
      create policy "list private" on storage.objects for select to anon using (bucket_id = 'private');
      create policy "write avatars" on storage.objects for insert to anon with check (bucket_id = 'avatars');`,
    owns: isStorageBucket('avatars'),
    cleanup: STORAGE_CASE_CLEANUP,
  },
]
