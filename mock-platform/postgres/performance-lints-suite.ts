/** The performance advisor's lints, each on objects that trigger it and objects that do not (lint-cases.ts). */
import type { LintCase } from './lint-cases.ts'

const rlsTable = (s: string) => `create table ${s}.notes (id int primary key, user_id uuid, body text); alter table ${s}.notes enable row level security;`

export const PERFORMANCE_LINT_CASES: LintCase[] = [
  {
    lint: 'unindexed_foreign_keys',
    title: 'a foreign key no index starts with',
    findings: 2,
    triggers: (s) => `create table ${s}.parents (id int primary key, code int, unique (id, code));
      create table ${s}.children (id int primary key, parent_id int references ${s}.parents (id), code int);
      create table ${s}.pairs (id int primary key, parent_id int, code int, foreign key (parent_id, code) references ${s}.parents (id, code));
      create index on ${s}.pairs (code, id, parent_id);`,
    passes: (s) => `create table ${s}.parents (id int primary key, code int, unique (id, code));
      create table ${s}.children (id int primary key, parent_id int references ${s}.parents (id));
      create index on ${s}.children (parent_id, id);
      create table ${s}.pairs (id int primary key, parent_id int, code int, foreign key (parent_id, code) references ${s}.parents (id, code));
      create index on ${s}.pairs (code, parent_id);`,
  },
  {
    lint: 'auth_rls_initplan',
    title: 'policies calling auth functions per row',
    findings: 2,
    triggers: (s) => `${rlsTable(s)}
      create policy "own rows" on ${s}.notes for all to authenticated using (auth.uid() = user_id) with check ((select auth.uid()) = user_id and auth.role() = 'authenticated');
      create policy "claims" on ${s}.notes for select using (current_setting('request.jwt.claims', true) is not null);`,
    passes: (s) => `${rlsTable(s)}
      create policy "own rows" on ${s}.notes for all to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
      create table ${s}.open (id int primary key, user_id uuid);
      create policy "ignored while RLS is off" on ${s}.open using (auth.uid() = user_id);`,
  },
  {
    lint: 'no_primary_key',
    title: 'tables without a primary key',
    findings: 2,
    triggers: (s) => `create table ${s}.events (kind text, at timestamptz); create table ${s}.counts (id int, n int);`,
    passes: (s) => `create table ${s}.events (id bigint generated always as identity primary key, kind text);
      create table ${s}.parted (id int primary key, at date) partition by range (id);
      create table ${s}.parted_1 partition of ${s}.parted for values from (0) to (10);`,
  },
  {
    lint: 'unused_index',
    title: 'an index never scanned (one that a foreign key starts is needed)',
    findings: 2,
    triggers: (s) => `create table ${s}.items (id int primary key, sku text); create index items_sku on ${s}.items (sku);
      create table ${s}.orders (id int primary key, item_id int references ${s}.items (id), note text);
      create index orders_note_item on ${s}.orders (note, item_id);`,
    passes: (s) => `create table ${s}.items (id int primary key, sku text unique, code text, constraint code_once exclude using btree (code with =));
      create table ${s}.orders (id int primary key, item_id int references ${s}.items (id), note text);
      create index orders_item on ${s}.orders (item_id, note);`,
  },
  {
    lint: 'multiple_permissive_policies',
    title: 'two permissive policies for one role and action',
    findings: 1,
    triggers: (s) => `${rlsTable(s)}
      create policy "read own" on ${s}.notes for select to authenticated using ((select auth.uid()) = user_id);
      create policy "read public" on ${s}.notes for all to authenticated using (body is not null);`,
    passes: (s) => `${rlsTable(s)}
      create policy "read own" on ${s}.notes for select to authenticated using ((select auth.uid()) = user_id);
      create policy "only published" on ${s}.notes as restrictive for select to authenticated using (body is not null);
      create policy "anon reads" on ${s}.notes for select to anon using (true);`,
  },
  {
    lint: 'duplicate_index',
    title: 'identical indexes',
    findings: 2,
    triggers: (s) => `create table ${s}.items (id int primary key, sku text, code text);
      create index items_sku_a on ${s}.items (sku); create index items_sku_b on ${s}.items (sku);
      create unique index items_id_again on ${s}.items (id);`,
    passes: (s) => `create table ${s}.items (id int primary key, sku text, code text);
      create index on ${s}.items (sku); create index on ${s}.items (sku, code); create index on ${s}.items (sku) where code is not null;
      create index on ${s}.items using hash (sku); create index on ${s}.items (lower(sku));`,
  },
]
