// SPEC §3 "Log sources" (twelve) and pg_cron's own runs: thirteen sources, one table each, named as
// the platform names its log tables (the shared pooler, Supavisor, in transaction mode; the
// dedicated one, PgBouncer, in session mode). The columns are ours (SPEC does not show the platform's field
// paths): flat columns a filter or facet reads, and `metadata` (jsonb) with the whole event.

import { PLAN_QUOTAS } from './billing'

/** A column of a log table, as the log store creates it and the explorer reads it. */
export interface LogColumn {
  name: string
  type: 'text' | 'integer' | 'numeric' | 'jsonb' | 'timestamptz'
}

/** Every log table starts with these. `level` is one of LOG_LEVELS, the same on every source. */
export const LOG_COMMON_COLUMNS = [
  { name: 'id', type: 'text' },
  { name: 'timestamp', type: 'timestamptz' },
  { name: 'event_message', type: 'text' },
  { name: 'level', type: 'text' },
  // The platform request the event belongs to: a gateway event and the statements it caused share it.
  { name: 'request_id', type: 'text' },
  { name: 'metadata', type: 'jsonb' },
] as const satisfies readonly LogColumn[]

export const LOG_LEVELS = ['debug', 'info', 'warning', 'error'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/**
 * Where a source keeps what the explorer's filters and the unified view's facets read (a column of
 * its table, or null when the source has no such thing).
 */
export interface LogFacetColumns {
  method: string | null
  status: string | null
  path: string | null
  host: string | null
  user: string | null
  /** The source's own severity word where it has one (Postgres's ERROR, FATAL…); `level` otherwise. */
  severity: string
}

export interface LogSource {
  id: string
  label: string
  table: string
  /** The source's own columns after LOG_COMMON_COLUMNS. */
  columns: readonly LogColumn[]
  facets: LogFacetColumns
}

const text = (name: string): LogColumn => ({ name, type: 'text' })
const integer = (name: string): LogColumn => ({ name, type: 'integer' })
const numeric = (name: string): LogColumn => ({ name, type: 'numeric' })

const HTTP_FACETS = { method: 'method', status: 'status_code', path: 'path', host: 'host', user: 'role', severity: 'level' } as const
const NONE = { method: null, status: null, path: null, host: null, user: null, severity: 'level' } as const

export const LOG_SOURCES = [
  {
    id: 'api-gateway',
    label: 'API Gateway',
    table: 'edge_logs',
    columns: [text('method'), text('path'), integer('status_code'), integer('duration_ms'), text('host'), text('user_agent'), text('role')],
    facets: HTTP_FACETS,
  },
  {
    id: 'auth',
    label: 'Auth',
    table: 'auth_logs',
    columns: [text('action'), text('method'), text('path'), integer('status_code'), integer('duration_ms'), text('host'), text('user_id'), text('user_email')],
    facets: { ...HTTP_FACETS, user: 'user_email' },
  },
  {
    id: 'auth-audit',
    label: 'Auth Audit',
    table: 'auth_audit_logs',
    columns: [text('action'), text('actor_id'), text('actor_username'), text('target'), text('ip_address')],
    facets: { ...NONE, user: 'actor_username' },
  },
  {
    id: 'storage',
    label: 'Storage',
    table: 'storage_logs',
    columns: [text('method'), text('path'), integer('status_code'), integer('duration_ms'), text('host'), text('bucket_id'), text('object_name'), text('role')],
    facets: HTTP_FACETS,
  },
  {
    id: 'function-edge',
    label: 'Function Edge',
    table: 'function_edge_logs',
    columns: [text('function_name'), text('method'), text('path'), integer('status_code'), integer('execution_time_ms'), text('host'), text('role')],
    facets: HTTP_FACETS,
  },
  {
    id: 'function-runtime',
    label: 'Function Runtime',
    table: 'function_logs',
    columns: [text('function_name'), text('execution_id'), text('event_type')],
    facets: NONE,
  },
  {
    id: 'postgres',
    label: 'Postgres',
    table: 'postgres_logs',
    columns: [text('error_severity'), text('sqlstate'), text('user_name'), text('database_name'), text('command_tag'), numeric('duration_ms'), text('query')],
    facets: { ...NONE, user: 'user_name', severity: 'error_severity' },
  },
  {
    id: 'realtime',
    label: 'Realtime',
    table: 'realtime_logs',
    columns: [text('channel'), text('event_type'), text('user_id')],
    facets: { ...NONE, user: 'user_id' },
  },
  {
    id: 'postgrest',
    label: 'PostgREST',
    table: 'postgrest_logs',
    columns: [text('method'), text('path'), integer('status_code'), integer('duration_ms'), text('host'), text('role')],
    facets: HTTP_FACETS,
  },
  {
    id: 'pooler-transaction',
    label: 'Connection pooler (transaction mode)',
    table: 'supavisor_logs',
    columns: [text('user_name'), text('database_name'), text('client_addr'), text('event_type')],
    facets: { ...NONE, user: 'user_name' },
  },
  {
    id: 'pooler-session',
    label: 'Connection pooler (session mode)',
    table: 'pgbouncer_logs',
    columns: [text('user_name'), text('database_name'), text('client_addr'), text('event_type')],
    facets: { ...NONE, user: 'user_name' },
  },
  {
    id: 'database-upgrade',
    label: 'Database Version Upgrade',
    table: 'pg_upgrade_logs',
    columns: [text('step'), text('from_version'), text('to_version')],
    facets: NONE,
  },
  {
    id: 'cron',
    label: 'Cron',
    table: 'pg_cron_logs',
    columns: [integer('jobid'), text('jobname'), text('status'), numeric('duration_ms'), text('return_message'), text('user_name')],
    facets: { ...NONE, user: 'user_name' },
  },
] as const satisfies readonly LogSource[]

export type LogSourceId = (typeof LOG_SOURCES)[number]['id']
export type LogTableName = (typeof LOG_SOURCES)[number]['table']

/** `GET` with `sql`, `iso_timestamp_start`, `iso_timestamp_end` (PLATFORM-API shape). */
export const LOGS_ENDPOINT = (ref: string) => `/platform/projects/${ref}/analytics/endpoints/logs.all`

/** The explorer's quick ranges; "custom" takes two dates. */
export const LOG_TIME_RANGES = [
  { id: '15m', label: 'Last 15 minutes', minutes: 15 },
  { id: '1h', label: 'Last hour', minutes: 60 },
  { id: '3h', label: 'Last 3 hours', minutes: 180 },
  { id: '24h', label: 'Last 24 hours', minutes: 24 * 60 },
] as const

/** Rows one logs query answers at most (the explorer scrolls through this many). */
export const LOG_QUERY_ROW_LIMIT = 100_000
/** A logs query longer than this is stopped (the store's statement_timeout). */
export const LOG_QUERY_TIMEOUT_MS = 10_000

/**
 * How long the log store keeps an event: the longest plan's retention. A project's plan may change
 * (an upgrade reads further back at once), and the endpoint refuses a range past the project's own
 * plan anyway, so what is kept longer than that plan's retention is never shown.
 */
export const LOG_STORE_KEPT_DAYS: number = Math.max(...Object.values(PLAN_QUOTAS.logRetentionDays))
/** An open log store deletes what is past LOG_STORE_KEPT_DAYS when it opens (unless a run of a kept store did within this while), then at most this often (at a write or a read). */
export const LOG_STORE_PRUNE_INTERVAL_MS = 60 * 60_000

export const LOGS_MESSAGE = {
  notSelect: 'Only a single SELECT over the log tables can run here: this statement is not one.',
  multipleStatements: 'Only one statement can run at a time: remove everything after the first.',
  notLogTable: (relation: string) => `"${relation}" is not a log table. Query the log tables: ${LOG_SOURCES.map((s) => s.table).join(', ')}.`,
  writes: 'Logs are read-only: this query tries to change them.',
  retention: (days: number, plan: string) =>
    `Your organization's ${plan} plan keeps logs for ${days} ${days === 1 ? 'day' : 'days'}: choose a range within the last ${days} ${days === 1 ? 'day' : 'days'}, or upgrade for longer retention.`,
  badRange: 'The time range is not valid: iso_timestamp_start must be an ISO date before iso_timestamp_end.',
  sqlRequired: 'sql is required',
} as const
