/**
 * Seeded history, so every source has events before the mock has done much: generated inside
 * Postgres (fast, no rows through JavaScript), the same for a project every time (each value drawn
 * from md5 of the project, the row and the draw), denser in the last day as real traffic looks
 * when someone opens their logs, thinner back to the plan's retention.
 */
import { fnv1a } from '../../src/lib/fnv1a'
import { logTableColumns, STORE_SCHEMA } from './log-store-schema'

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`
const array = (values: readonly (string | number)[]) => `array[${values.map((v) => (typeof v === 'number' ? String(v) : quote(v))).join(', ')}]`

interface SourceHistory {
  table: string
  /** Events in the last 24 hours. */
  perDay: number
  /** Columns drawn per row: SQL over `d(k)` (a draw in [0, 1)) and `pick(k, [...])`; later ones may read earlier ones by name. */
  drawn: Record<string, string>
  /** The remaining columns, over the drawn ones (event_message, level, metadata…). */
  composed: Record<string, string>
}

const HTTP_METHODS = ['GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'POST', 'POST', 'PATCH', 'DELETE']
const STATUSES = [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201, 201, 204, 304, 400, 401, 404, 500]
const AGENTS = ['supabase-js/2.45.4', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15', 'Dart/3.4 (dart:io)', 'supabase-py/2.7.4', 'okhttp/4.12.0']
const ROLES = ['anon', 'anon', 'authenticated', 'authenticated', 'authenticated', 'service_role']
const LEVEL_BY_STATUS = `case when status_code >= 500 then 'error' when status_code >= 400 then 'warning' else 'info' end`

function sources(ref: string): SourceHistory[] {
  const host = quote(`${ref}.example.co`)
  const http = (paths: readonly string[], extra: Record<string, string> = {}): Record<string, string> => ({
    method: `pick(1, ${array(HTTP_METHODS)})`,
    path: `pick(2, ${array(paths)})`,
    status_code: `pick(3, ${array(STATUSES)})`,
    duration_ms: `(3 + power(d(4), 4) * 1200)::int`,
    host,
    role: `pick(5, ${array(ROLES)})`,
    ...extra,
  })
  const httpComposed = {
    event_message: `method || ' | ' || status_code || ' | https://' || host || path`,
    level: LEVEL_BY_STATUS,
    metadata: `jsonb_build_object('request', jsonb_build_object('method', method, 'path', path, 'host', host), 'response', jsonb_build_object('status_code', status_code), 'duration_ms', duration_ms, 'role', role)`,
  }
  return [
    {
      table: 'edge_logs',
      perDay: 6000,
      drawn: {
        ...http(['/rest/v1/customers?select=*', '/rest/v1/orders?select=id,total&order=created_at.desc', '/rest/v1/rpc/search_products', '/auth/v1/token?grant_type=refresh_token', '/auth/v1/user', '/storage/v1/object/public/avatars/team.png', '/functions/v1/hello-world', '/graphql/v1']),
        user_agent: `pick(6, ${array(AGENTS)})`,
      },
      composed: httpComposed,
    },
    {
      table: 'postgrest_logs',
      perDay: 3000,
      drawn: http(['/customers?select=*', '/orders?select=id,total', '/rpc/search_products', '/products?id=eq.42']),
      composed: httpComposed,
    },
    {
      table: 'storage_logs',
      perDay: 1200,
      drawn: {
        ...http(['/object/public/avatars/team.png', '/object/sign/invoices/2026/11.pdf', '/object/list/avatars', '/bucket']),
        bucket_id: `pick(7, ${array(['avatars', 'invoices', 'uploads'])})`,
        object_name: `pick(8, ${array(['team.png', '2026/11.pdf', 'photos/cat.jpg'])})`,
      },
      composed: httpComposed,
    },
    {
      table: 'function_edge_logs',
      perDay: 1000,
      drawn: {
        ...http(['/functions/v1/hello-world', '/functions/v1/stripe-webhook', '/functions/v1/send-email']),
        function_name: `substr(path, 15)`,
        execution_time_ms: `(20 + power(d(9), 3) * 2500)::int`,
      },
      composed: { ...httpComposed, metadata: `jsonb_build_object('function_name', function_name, 'execution_time_ms', execution_time_ms, 'request', jsonb_build_object('method', method, 'path', path), 'response', jsonb_build_object('status_code', status_code))` },
    },
    {
      table: 'function_logs',
      perDay: 1500,
      drawn: {
        function_name: `pick(1, ${array(['hello-world', 'stripe-webhook', 'send-email'])})`,
        execution_id: `md5(${quote(ref)} || g::text)::uuid::text`,
        event_type: `pick(2, ${array(['Log', 'Log', 'Log', 'Log', 'Boot', 'Shutdown', 'UncaughtException'])})`,
      },
      composed: {
        event_message: `case event_type when 'Boot' then 'booted (time: ' || (10 + (d(3) * 40)::int) || 'ms)' when 'Shutdown' then 'shutdown' when 'UncaughtException' then 'TypeError: Cannot read properties of undefined (reading ''id'')' else pick(4, ${array(['Listening on http://localhost:9999/', 'payment_intent.succeeded handled', 'email queued for delivery', 'rate limit near: 80 of 100 requests'])}) end`,
        level: `case event_type when 'UncaughtException' then 'error' else 'info' end`,
        metadata: `jsonb_build_object('function_name', function_name, 'execution_id', execution_id, 'event_type', event_type)`,
      },
    },
    {
      table: 'postgres_logs',
      perDay: 2500,
      drawn: {
        kind: `pick(1, ${array(['connection', 'connection', 'statement', 'statement', 'statement', 'checkpoint', 'error', 'error', 'warning'])})`,
        user_name: `pick(2, ${array(['authenticator', 'postgres', 'supabase_admin', 'authenticated'])})`,
        database_name: quote('postgres'),
        duration_ms: `round((0.05 + power(d(3), 4) * 800)::numeric, 3)`,
        failure: `pick(4, ${array(['42P01|relation "public.profile" does not exist|select * from public.profile', '23505|duplicate key value violates unique constraint "customers_email_key"|insert into public.customers (email) values ($1)', '42501|permission denied for table orders|select * from public.orders', '57014|canceling statement due to statement timeout|select count(*) from public.events'])})`,
      },
      composed: {
        error_severity: `case kind when 'error' then 'ERROR' when 'warning' then 'WARNING' else 'LOG' end`,
        sqlstate: `case kind when 'error' then split_part(failure, '|', 1) when 'warning' then '01000' else '00000' end`,
        command_tag: `case kind when 'connection' then 'authentication' when 'checkpoint' then null else 'SELECT' end`,
        query: `case when kind in ('statement', 'error') then split_part(failure, '|', 3) end`,
        event_message: `case kind when 'connection' then 'connection authorized: user=' || user_name || ' database=postgres application_name=postgrest' when 'checkpoint' then 'checkpoint complete: wrote ' || (d(5) * 900)::int || ' buffers' when 'error' then split_part(failure, '|', 2) when 'warning' then 'there is no transaction in progress' else 'duration: ' || duration_ms || ' ms  statement: ' || split_part(failure, '|', 3) end`,
        level: `case kind when 'error' then 'error' when 'warning' then 'warning' else 'info' end`,
        metadata: `jsonb_build_object('parsed', jsonb_build_object('error_severity', case kind when 'error' then 'ERROR' when 'warning' then 'WARNING' else 'LOG' end, 'user_name', user_name, 'database_name', database_name))`,
      },
    },
    {
      table: 'auth_logs',
      perDay: 800,
      drawn: {
        action: `pick(1, ${array(['token_refreshed', 'token_refreshed', 'token_refreshed', 'login', 'login', 'logout', 'user_signedup', 'user_recovery_requested'])})`,
        status_code: `pick(2, ${array([200, 200, 200, 200, 200, 200, 400, 422, 429])})`,
        user_email: `pick(3, ${array(['ada@example.com', 'grace@example.com', 'linus@example.com', 'margaret@example.com'])})`,
        duration_ms: `(8 + power(d(4), 3) * 400)::int`,
        host,
      },
      composed: {
        method: `'POST'`,
        path: `case action when 'logout' then '/logout' when 'user_signedup' then '/signup' when 'user_recovery_requested' then '/recover' else '/token' end`,
        user_id: `md5(user_email)::uuid::text`,
        event_message: `case when status_code >= 400 then 'request failed: ' || case status_code when 400 then 'Invalid login credentials' when 422 then 'Password should be at least 6 characters' else 'Too many requests' end else action || ': ' || user_email end`,
        level: LEVEL_BY_STATUS,
        metadata: `jsonb_build_object('action', action, 'status', status_code, 'user_email', user_email)`,
      },
    },
    {
      table: 'auth_audit_logs',
      perDay: 120,
      drawn: {
        action: `pick(1, ${array(['login', 'login', 'logout', 'token_refreshed', 'user_signedup', 'user_modified', 'user_invited'])})`,
        actor_username: `pick(2, ${array(['ada@example.com', 'grace@example.com', 'linus@example.com'])})`,
        ip_address: `'203.0.113.' || (1 + (d(3) * 200)::int)`,
      },
      composed: {
        actor_id: `md5(actor_username)::uuid::text`,
        target: `case action when 'user_invited' then 'margaret@example.com' else actor_username end`,
        event_message: `action || ' by ' || actor_username`,
        level: `'info'`,
        metadata: `jsonb_build_object('action', action, 'actor_username', actor_username, 'ip_address', ip_address)`,
      },
    },
    {
      table: 'realtime_logs',
      perDay: 700,
      drawn: {
        channel: `pick(1, ${array(['realtime:public:orders', 'room:lobby', 'presence:editors'])})`,
        event_type: `pick(2, ${array(['join', 'join', 'leave', 'broadcast', 'postgres_changes', 'error'])})`,
        user_id: `md5('user' || (d(3) * 30)::int)::uuid::text`,
      },
      composed: {
        event_message: `case event_type when 'error' then 'Channel error: subscription limit reached for ' || channel else event_type || ' ' || channel end`,
        level: `case event_type when 'error' then 'error' else 'info' end`,
        metadata: `jsonb_build_object('channel', channel, 'event_type', event_type)`,
      },
    },
    ...(['supavisor_logs', 'pgbouncer_logs'] as const).map((table) => ({
      table,
      perDay: table === 'supavisor_logs' ? 600 : 300,
      drawn: {
        user_name: `pick(1, ${array(['postgres', 'authenticator', 'app_user'])})`,
        database_name: quote('postgres'),
        client_addr: `'198.51.100.' || (1 + (d(2) * 200)::int)`,
        event_type: `pick(3, ${array(['client_connected', 'client_connected', 'client_disconnected', 'pool_checkout', 'auth_error'])})`,
      },
      composed: {
        event_message: `case event_type when 'auth_error' then 'ClientHandler: password authentication failed for user "' || user_name || '"' else replace(event_type, '_', ' ') || ': ' || user_name || '@' || client_addr || ' (${table === 'supavisor_logs' ? 'transaction' : 'session'} mode)' end`,
        level: `case event_type when 'auth_error' then 'error' else 'info' end`,
        metadata: `jsonb_build_object('mode', '${table === 'supavisor_logs' ? 'transaction' : 'session'}', 'user', user_name, 'client_addr', client_addr)`,
      },
    })),
    {
      table: 'pg_cron_logs',
      perDay: 288,
      drawn: {
        jobid: `1 + (d(1) * 3)::int`,
        status: `pick(2, ${array(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded', 'failed'])})`,
        duration_ms: `round((1 + power(d(3), 3) * 900)::numeric, 3)`,
        user_name: quote('postgres'),
      },
      composed: {
        jobname: `(${array(['nightly-cleanup', 'refresh-stats', 'ping-webhook', 'send-digest'])})[jobid]`,
        return_message: `case status when 'failed' then 'ERROR:  relation "public.stale_sessions" does not exist' else 'DELETE ' || (d(4) * 40)::int end`,
        event_message: `'cron job ' || jobid || ' (' || (${array(['nightly-cleanup', 'refresh-stats', 'ping-webhook', 'send-digest'])})[jobid] || ') ' || status`,
        level: `case status when 'failed' then 'error' else 'info' end`,
        metadata: `jsonb_build_object('jobid', jobid, 'status', status)`,
      },
    },
  ]
}

/** A number in [-1, 1] from a text, for setseed. */
const seedNumber = (text: string): number => (fnv1a(text) / 0xffffffff) * 2 - 1

const DAY_MINUTES = 24 * 60
/** The last day's events lie `day × u^1.25` minutes ago (u uniform in [0, 1)): denser towards now. */
const DAY_SHAPE = 1.25

/**
 * The history's parts, newest first, in minutes ago [from, to) (`to` null: back to the plan's
 * retention). A store writes only the parts a query's range reaches, the newest first: the
 * explorer's default hour reads after the first small one (SPEC: first events painted ≤ 500 ms).
 */
export const HISTORY_PARTS: readonly { from: number; to: number | null }[] = [
  // An hour and a margin: "Last hour" asked moments after the history was anchored.
  { from: 0, to: 75 },
  { from: 75, to: DAY_MINUTES },
  { from: DAY_MINUTES, to: null },
]

/** The insert that writes one source's events of minutes ago [from, to): `count` of them, drawn within `at` (SQL of a draw). */
function windowInsert(ref: string, source: SourceHistory, count: number, fromMinutes: number, minutesAgo: (draw: string) => string, now: Date): string {
  if (count <= 0) return ''
  const seed = quote(`${ref}:${source.table}:${fromMinutes}`)
  // setseed makes random() a fixed sequence for this statement: fast, and the same every time.
  const draw = (_k: string) => 'random()'
  const expand = (expression: string) =>
    expression.replace(/\bd\((\d+)\)/g, (_, k: string) => draw(k)).replace(/\bpick\((\d+), (array\[[^\]]*\])\)/g, (_, k: string, values: string) => `(${values})[1 + floor(${draw(k)} * cardinality(${values}))::int]`)
  // Each drawn column in its own lateral step, so later ones can read earlier ones.
  const steps = Object.entries(source.drawn).map(([name, expression], i) => `cross join lateral (select ${expand(expression)} as "${name}") as s${i}`)
  const columns = logTableColumns(source.table).map((c) => c.name)
  const value = (name: string) => {
    if (name === 'id') return `md5(${seed} || ':' || g)::uuid::text`
    if (name === 'timestamp') return `${quote(now.toISOString())}::timestamptz - (${minutesAgo(draw('0'))}) * interval '1 minute'`
    if (name === 'request_id') return `md5('request:' || ${seed} || ':' || g)::uuid::text`
    if (name in source.composed) return expand(source.composed[name]!)
    if (name in source.drawn) return `"${name}"`
    return 'null'
  }
  return `select setseed(${seedNumber(`${ref}:${source.table}:${fromMinutes}`)});
    insert into ${STORE_SCHEMA}.${source.table} (project, ${columns.map((c) => `"${c}"`).join(', ')})
    select ${quote(ref)}, ${columns.map(value).join(', ')} from generate_series(1, ${count}) as g ${steps.join(' ')};`
}

/** Older history is capped across the retention, so a 90-day plan seeds about as fast as a 1-day one. */
const OLDER_EVENTS_PER_SOURCE = 1500

/**
 * The statements that write one part of a project's seeded history (HISTORY_PARTS[part]) up to
 * `now`, one per source: a store can answer a query between two of them.
 */
export function historyPartSql(ref: string, part: number, retentionDays: number, now: Date): string[] {
  const { from, to } = HISTORY_PARTS[part]!
  const statements = sources(ref).map((source) => {
    if (to !== null) {
      // The day's shape cut at [from, to): the draws of u that land there, as many events as land there.
      const [uFrom, uTo] = [from, to].map((minutes) => (minutes / DAY_MINUTES) ** (1 / DAY_SHAPE)) as [number, number]
      return windowInsert(ref, source, Math.round(source.perDay * (uTo - uFrom)), from, (d) => `${DAY_MINUTES} * power(${uFrom} + ${uTo - uFrom} * ${d}, ${DAY_SHAPE})`, now)
    }
    const olderDays = Math.max(0, retentionDays - 1)
    const span = retentionDays * DAY_MINUTES - 1 - from
    const count = olderDays > 0 ? Math.min(OLDER_EVENTS_PER_SOURCE, Math.round(source.perDay * 0.2 * olderDays)) : 0
    return windowInsert(ref, source, count, from, (d) => `${from} + ${span} * power(${d}, ${DAY_SHAPE})`, now)
  })
  const upgradeAt = UPGRADE_MINUTES_AGO
  if (from <= upgradeAt && (to === null || upgradeAt < to)) statements.push(upgradeRunSql(ref, now))
  return statements.filter((statement) => statement !== '')
}

/** The history's one database version upgrade ran this long ago. */
const UPGRADE_MINUTES_AGO = 5 * 60

/** One database version upgrade, a few hours ago: its steps in order (the source has data on every plan). */
function upgradeRunSql(ref: string, now: Date): string {
  const steps = ['initiated', 'backup taken', 'stopping services', 'pg_upgrade --check', 'pg_upgrade', 'analyze', 'extensions updated', 'services started', 'completed']
  const values = steps.map((step, i) => {
    const at = new Date(now.getTime() - UPGRADE_MINUTES_AGO * 60_000 + i * 47_000).toISOString()
    const message = step === 'completed' ? 'Upgrade to 17.4 completed' : `Upgrade step: ${step}`
    return `(${quote(ref)}, md5(${quote(`${ref}:upgrade:${i}`)})::uuid::text, ${quote(at)}::timestamptz, ${quote(message)}, 'info', null, jsonb_build_object('step', ${quote(step)}), ${quote(step)}, '15.8', '17.4')`
  })
  return `insert into ${STORE_SCHEMA}.pg_upgrade_logs (project, id, "timestamp", event_message, level, request_id, metadata, step, from_version, to_version) values ${values.join(', ')};`
}
