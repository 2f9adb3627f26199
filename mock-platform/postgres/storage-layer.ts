/**
 * The platform's storage tables, part of the platform layer (platform-layer.ts): `storage.buckets`
 * and `storage.objects` shaped like storage-api's (its migrations), RLS enabled on both (policies on
 * `storage.objects` are the user's: written in the SQL editor or from the bucket policies screen),
 * the helpers policies call (`storage.foldername`, `storage.filename`, `storage.extension`) and the
 * platform's grants (the API roles may use the tables; RLS decides which rows).
 *
 * Decisions:
 * - Every statement is idempotent. A database that already had storage tables of another shape (a
 *   user's own, or an older Studio's test stubs) gets the missing columns added, never dropped.
 * - Bytes are not here: the mock platform keeps them beside the database, keyed by object id.
 * - `path_tokens` is generated from `name`, as storage-api's, so prefix queries can use it.
 * - No `updated_at` trigger (storage-api has one): the handlers set it, and the seed's screens (triggers,
 *   webhooks) list no platform trigger of ours.
 */

export const STORAGE_LAYER_SQL = `
create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
alter table storage.buckets add column if not exists owner uuid;
alter table storage.buckets add column if not exists public boolean default false;
alter table storage.buckets add column if not exists file_size_limit bigint;
alter table storage.buckets add column if not exists allowed_mime_types text[];
alter table storage.buckets add column if not exists created_at timestamptz default now();
alter table storage.buckets add column if not exists updated_at timestamptz default now();
create unique index if not exists bname on storage.buckets using btree (name);
comment on table storage.buckets is 'Storage: the project''s buckets.';

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb
);
alter table storage.objects add column if not exists owner uuid;
alter table storage.objects add column if not exists created_at timestamptz default now();
alter table storage.objects add column if not exists updated_at timestamptz default now();
alter table storage.objects add column if not exists last_accessed_at timestamptz default now();
alter table storage.objects add column if not exists metadata jsonb;
alter table storage.objects add column if not exists path_tokens text[] generated always as (pg_catalog.string_to_array(name, '/')) stored;
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
-- Listing a folder is a prefix match on name within a bucket.
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);
comment on table storage.objects is 'Storage: one row per file; its bytes are kept by the platform.';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
  language sql immutable set search_path = '' as $fn$
  select (pg_catalog.string_to_array(name, '/'))[1:pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1) - 1]
$fn$;
create or replace function storage.filename(name text) returns text
  language sql immutable set search_path = '' as $fn$
  select (pg_catalog.string_to_array(name, '/'))[pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1)]
$fn$;
create or replace function storage.extension(name text) returns text
  language sql immutable set search_path = '' as $fn$
  select pg_catalog.reverse(pg_catalog.split_part(pg_catalog.reverse(storage.filename(name)), '.', 1))
$fn$;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role;
`
