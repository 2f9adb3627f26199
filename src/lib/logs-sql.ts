import { LOG_COMMON_COLUMNS, LOG_QUERY_ROW_LIMIT, LOG_SOURCES, LOG_STATUS_GROUPS, type LogSource, type LogSourceId, type LogStatusGroup } from '../constants'
import { sqlIdent, sqlLiteral } from './sql/quote'

// Every statement the logs screens send, built here and nowhere else. What the user types (search
// text, a path) and what they pick (methods, severities) reach the SQL only as quoted literals;
// LIKE's own wildcards in typed text are escaped, so "100%" finds "100%" and not "100 anything".
// Table and column names come from LOG_SOURCES, never from input. The endpoint restricts every
// table to the project and the range, so no statement here repeats the range.

export interface LogFilters {
  /** Words the event message contains (case-insensitive). */
  search: string
  /** Any of these status groups (sources with a status column). */
  statuses: readonly LogStatusGroup[]
  /** Any of these methods (sources with a method column). */
  methods: readonly string[]
  /** Any of these severities: the source's own word (Postgres's ERROR…) or the level. */
  severities: readonly string[]
  /** The path contains this (case-insensitive; sources with a path column). */
  path: string
}

export const NO_LOG_FILTERS: LogFilters = { search: '', statuses: [], methods: [], severities: [], path: '' }

export function logSource(id: LogSourceId): LogSource {
  return LOG_SOURCES.find((source) => source.id === id)!
}

export function isLogSourceId(value: unknown): value is LogSourceId {
  return LOG_SOURCES.some((source) => source.id === value)
}

/** A column or table name as written in the SQL shown to the user: bare when Postgres reads it so, quoted otherwise. */
export function columnName(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) && !RESERVED.has(name) ? name : sqlIdent(name)
}
// The names of ours that Postgres would read as keywords.
const RESERVED = new Set(['user', 'order', 'group', 'select', 'from', 'where', 'limit', 'table', 'to', 'end'])

/** A pattern for ILIKE that matches `text` anywhere, with LIKE's wildcards and escape taken literally. */
export function containsPattern(text: string): string {
  return sqlLiteral(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`).trimStart()
}

/** What a filter can apply to on this source (the filter bar shows only these). */
export function filterableFacets(source: LogSource) {
  return { status: source.facets.status !== null, method: source.facets.method !== null, path: source.facets.path !== null, severity: true }
}

/** The conditions of the filters a source can apply, in a stable order; none means every event. */
export function filterConditions(source: LogSource, filters: LogFilters): string[] {
  const { facets } = source
  const conditions: string[] = []
  const search = filters.search.trim()
  if (search !== '') conditions.push(`event_message ilike ${containsPattern(search)}`)
  if (facets.status !== null && filters.statuses.length > 0) {
    const column = columnName(facets.status)
    const groups = LOG_STATUS_GROUPS.filter((group) => filters.statuses.includes(group.id))
    const ranges = groups.map((group) => `${column} between ${group.min} and ${group.max}`)
    if (ranges.length > 0) conditions.push(ranges.length === 1 ? ranges[0]! : `(${ranges.join(' or ')})`)
  }
  if (facets.method !== null && filters.methods.length > 0) conditions.push(`${columnName(facets.method)} in (${filters.methods.map(sqlLiteral).join(', ')})`)
  if (filters.severities.length > 0) conditions.push(`${columnName(facets.severity)} in (${filters.severities.map(sqlLiteral).join(', ')})`)
  const path = filters.path.trim()
  if (facets.path !== null && path !== '') conditions.push(`${columnName(facets.path)} ilike ${containsPattern(path)}`)
  return conditions
}

const whereClause = (conditions: readonly string[]) => (conditions.length === 0 ? '' : `\nwhere ${conditions.join('\n  and ')}`)

/**
 * The columns the list reads: all but `metadata`, the whole event as JSON, which is the heaviest part
 * of a row (100,000 of them are read at once); the event panel reads it for the one event opened.
 */
export function listColumns(source: LogSource): string {
  return [...LOG_COMMON_COLUMNS.filter((c) => c.name !== 'metadata'), ...source.columns].map((c) => columnName(c.name)).join(', ')
}

/** The explorer's list: the source's events, newest first. */
export function eventsSql(sourceId: LogSourceId, filters: LogFilters, limit: number = LOG_QUERY_ROW_LIMIT): string {
  const source = logSource(sourceId)
  return `select ${listColumns(source)}\nfrom ${source.table}${whereClause(filterConditions(source, filters))}\norder by timestamp desc\nlimit ${Math.max(1, Math.floor(limit))}`
}

/**
 * Live mode's next read: the events at or after the newest one shown (the same instant may hold
 * events not read yet; the ones already shown are left out by id).
 */
export function eventsSinceSql(sourceId: LogSourceId, filters: LogFilters, since: string, shownIds: readonly string[], limit: number = LOG_QUERY_ROW_LIMIT): string {
  const source = logSource(sourceId)
  const conditions = [`timestamp >= ${sqlLiteral(new Date(since))}`, ...(shownIds.length > 0 ? [`id not in (${shownIds.map(sqlLiteral).join(', ')})`] : []), ...filterConditions(source, filters)]
  return `select ${listColumns(source)}\nfrom ${source.table}${whereClause(conditions)}\norder by timestamp desc\nlimit ${Math.max(1, Math.floor(limit))}`
}

/**
 * Events per bucket (and how many of them are errors) of one source, the buckets from the range's
 * start to its end, those with none left out. Each bucket is counted by its own range of the table's
 * time index, not by grouping every event of the range: no plan the statistics choose sorts or
 * hashes 100,000 rows (node's PGlite, 100,000 events: 27–43 ms against 80–122 ms grouped).
 */
export function histogramSql(sourceId: LogSourceId, filters: LogFilters, start: Date, end: Date, bucketSeconds: number): string {
  const source = logSource(sourceId)
  const step = `interval '${Math.max(1, Math.floor(bucketSeconds))} seconds'`
  const inBucket = [`timestamp >= bucket`, `timestamp < bucket + ${step}`, ...filterConditions(source, filters)]
  const counted = `select count(*)::int as count, count(*) filter (where level = 'error')::int as errors\n  from ${source.table}\n  where ${inBucket.join('\n    and ')}`
  return `select bucket, counted.count, counted.errors\nfrom generate_series(${sqlLiteral(start)}::timestamptz, ${sqlLiteral(end)}::timestamptz, ${step}) as bucket\ncross join lateral (\n  ${counted}\n) as counted\nwhere counted.count > 0\norder by bucket`
}

/**
 * The histogram's statement over any relation (the unified view's `events`, made of every source). The buckets
 * are made in a subquery the planner does not flatten (`offset 0`): grouping date_bin over the table
 * itself, it expects a group an event and sorts them all (an external sort at 100,000 events); over
 * the subquery's column it expects few, as a histogram has, and hashes them (80 → 53 ms in node's PGlite).
 */
export function histogramOver(relation: string, conditions: readonly string[], origin: Date, bucketSeconds: number, withClause = ''): string {
  const errors = `count(*) filter (where level = 'error')::int as errors`
  const bucket = `date_bin(interval '${Math.max(1, Math.floor(bucketSeconds))} seconds', timestamp, ${sqlLiteral(origin)}) as bucket`
  return `${withClause}select bucket, count(*)::int as count, ${errors}\nfrom (select ${bucket}, level from ${relation}${whereClause(conditions)} offset 0) as binned\ngroup by bucket\norder by bucket`
}

/** One event by id, with every column of its table (the unified list reads only the shared ones). */
export function eventByIdSql(sourceId: LogSourceId, id: string): string {
  return `select *\nfrom ${logSource(sourceId).table}\nwhere id = ${sqlLiteral(id)}\nlimit 1`
}

/** Every event of one platform request, from every source, in time order: the request's trace. */
export function requestTraceSql(requestId: string): string {
  const parts = LOG_SOURCES.map(
    (source) => `select ${sqlLiteral(source.id)} as source, id, timestamp, event_message, level, request_id\nfrom ${source.table}\nwhere request_id = ${sqlLiteral(requestId)}`,
  )
  return `${parts.join('\nunion all\n')}\norder by timestamp, source\nlimit 1000`
}
