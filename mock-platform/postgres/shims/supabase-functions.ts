/**
 * What the platform installs when database webhooks are turned on (`POST /platform/database/{ref}/hook-enable`,
 * PLATFORM-API §6): the `supabase_functions` schema with its `hooks` audit table and the
 * `http_request()` trigger function every webhook calls, with its arguments in the trigger's
 * definition: url, method, headers (JSON), params (JSON), timeout in ms. It queues the call through
 * pg_net. Idempotent: turning webhooks on twice changes nothing.
 */
export const SUPABASE_FUNCTIONS_SQL = `
create schema if not exists supabase_functions;
grant usage on schema supabase_functions to anon, authenticated, service_role;

create table if not exists supabase_functions.migrations (
  version text primary key,
  inserted_at timestamptz not null default now()
);
insert into supabase_functions.migrations (version) values ('initial') on conflict do nothing;

create table if not exists supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint
);
create index if not exists supabase_functions_hooks_request_id_idx on supabase_functions.hooks (request_id);
create index if not exists supabase_functions_hooks_h_table_id_h_name_idx on supabase_functions.hooks (hook_table_id, hook_name);
comment on table supabase_functions.hooks is 'Supabase Functions Hooks: Audit trail for triggered hooks.';

create or replace function supabase_functions.http_request() returns trigger
language plpgsql security definer set search_path = pg_catalog, pg_temp as $fn$
declare
  request_id bigint;
  payload jsonb;
  url text := TG_ARGV[0]::text;
  method text := TG_ARGV[1]::text;
  headers jsonb default '{}'::jsonb;
  params jsonb default '{}'::jsonb;
  timeout_ms integer default 1000;
begin
  if url is null or url = 'null' then
    raise exception 'url argument is missing';
  end if;
  if method is null or method = 'null' then
    raise exception 'method argument is missing';
  end if;
  if TG_ARGV[2] is not null and TG_ARGV[2] <> 'null' then
    headers := TG_ARGV[2]::jsonb;
  end if;
  if TG_ARGV[3] is not null and TG_ARGV[3] <> 'null' then
    params := TG_ARGV[3]::jsonb;
  end if;
  if TG_ARGV[4] is not null and TG_ARGV[4] <> 'null' then
    timeout_ms := TG_ARGV[4]::integer;
  end if;

  case method
    when 'GET' then
      select net.http_get(url, params, headers, timeout_ms) into request_id;
    when 'POST' then
      payload := jsonb_build_object('old_record', OLD, 'record', NEW, 'type', TG_OP, 'table', TG_TABLE_NAME, 'schema', TG_TABLE_SCHEMA);
      select net.http_post(url, payload, params, headers, timeout_ms) into request_id;
    else
      raise exception 'method argument % is invalid', method;
  end case;

  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id) values (TG_RELID, TG_NAME, request_id);
  return NEW;
end
$fn$;
`
