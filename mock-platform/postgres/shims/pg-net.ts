/**
 * pg_net's SQL surface (`net.http_get`, `net.http_post`, `net.http_delete`, the request queue and
 * the response table), shaped like the real extension. The real one has a background worker that
 * sends the queued requests; PGlite has none, so the mock platform is that worker
 * (`mock-platform/net/net-worker.ts`): it takes rows off `net.http_request_queue`, sends them, and writes
 * `net._http_response` with the same id. Each queued request is also announced with pg_notify.
 */
export const PG_NET_VERSION = '0.14.0'

export const PG_NET_SCRIPT = `
create schema net;
grant usage on schema net to anon, authenticated, service_role;

create type net.http_method as enum ('GET', 'POST', 'DELETE');

create table net.http_request_queue (
  id bigserial primary key,
  method net.http_method not null,
  url text not null,
  headers jsonb not null,
  body bytea,
  timeout_milliseconds integer not null
);

create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create index _http_response_created_idx on net._http_response (created);

-- Percent-encodes one query-string component (RFC 3986 unreserved characters stay as they are).
create function net._encode_url_component(value text) returns text language sql immutable strict as $fn$
  select coalesce(string_agg(
    case when ch ~ '^[A-Za-z0-9_.~-]$' then ch else upper(regexp_replace(encode(convert_to(ch, 'UTF8'), 'hex'), '(..)', '%\\1', 'g')) end,
    '' order by position), '')
  from regexp_split_to_table(value, '') with ordinality as part(ch, position)
$fn$;

-- The URL with the params appended as a query string, as pg_net builds it.
create function net._url_with_params(url text, params jsonb) returns text language sql immutable as $fn$
  select case
    when params is null or params = '{}'::jsonb then url
    else url || case when strpos(url, '?') > 0 then '&' else '?' end || (
      select string_agg(net._encode_url_component(key) || '=' || net._encode_url_component(value), '&' order by key)
        from jsonb_each_text(params)
    )
  end
$fn$;

create function net._enqueue(method net.http_method, url text, headers jsonb, body bytea, timeout_milliseconds integer) returns bigint
language plpgsql as $fn$
declare
  request_id bigint;
begin
  if url is null or url = '' then
    raise exception 'net: url must not be empty' using errcode = '22023';
  end if;
  if timeout_milliseconds is null or timeout_milliseconds <= 0 then
    raise exception 'net: timeout_milliseconds must be positive' using errcode = '22023';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (method, url, coalesce(headers, '{}'::jsonb), body, timeout_milliseconds)
  returning id into request_id;
  perform pg_notify('pg_net_request', request_id::text);
  return request_id;
end
$fn$;

create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint language sql as $fn$
  select net._enqueue('GET', net._url_with_params(url, params), headers, null, timeout_milliseconds)
$fn$;

create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint language sql as $fn$
  select net._enqueue('POST', net._url_with_params(url, params), headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
$fn$;

create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint language sql as $fn$
  select net._enqueue('DELETE', net._url_with_params(url, params), headers, null, timeout_milliseconds)
$fn$;

grant execute on all functions in schema net to anon, authenticated, service_role;
`
