import { LOG_QUERY_ROW_LIMIT, LOG_SOURCES, UNIFIED_FACET_VALUE_LIMIT, UNIFIED_LOG_FACETS, type LogSource, type UnifiedLogFacet } from '../constants'
import { columnName, containsPattern, histogramOver } from './logs-sql'
import { sqlLiteral } from './sql/quote'

// The unified view (SPEC §3 preview "new Logs interface"): every source in one timeline. Each
// source's table becomes the same row shape — the common columns, the source's id, and the facet
// columns mapped through its `facets` (null where it has none) — joined with `union all` under the
// name `events`. Filters are exact values per facet (a click on a facet's value) and a search.

/** What a unified row holds besides the common columns. */
export const UNIFIED_COLUMNS = ['source', 'method', 'status', 'path', 'host', 'user', 'severity'] as const

export interface UnifiedFilters {
  search: string
  /** Per facet, the values to keep (any of them); a facet without values is not filtered. */
  facets: Partial<Record<UnifiedLogFacet, readonly string[]>>
}

export const NO_UNIFIED_FILTERS: UnifiedFilters = { search: '', facets: {} }

function sourceSelect(source: LogSource): string {
  const { facets } = source
  const text = (column: string | null) => (column === null ? 'null::text' : `${columnName(column)}::text`)
  const status = facets.status === null ? 'null::integer' : `${columnName(facets.status)}::integer`
  const columns = [
    `${sqlLiteral(source.id)} as source`,
    'id',
    'timestamp',
    'event_message',
    'level',
    'request_id',
    `${text(facets.method)} as method`,
    `${status} as status`,
    `${text(facets.path)} as path`,
    `${text(facets.host)} as host`,
    `${text(facets.user)} as ${columnName('user')}`,
    `${text(facets.severity)} as severity`,
  ]
  return `  select ${columns.join(', ')}\n  from ${source.table}`
}

/** `with events as (…)`: the union of every source's rows in the shared shape. */
export function unifiedEventsWith(): string {
  return `with events as (\n${LOG_SOURCES.map(sourceSelect).join('\n  union all\n')}\n)\n`
}

/** The column a facet filters and counts: the status by its group (2xx, 3xx, 4xx, 5xx), as the platform counts it. */
function facetColumn(facet: UnifiedLogFacet): string {
  return facet === 'status' ? `(status / 100)::text || 'xx'` : columnName(facet)
}

/** A status code's group as the status facet names it ("5xx"), or null. */
export function statusGroupOf(status: unknown): string | null {
  const code = typeof status === 'number' ? status : typeof status === 'string' && status.trim() !== '' ? Number(status) : Number.NaN
  return Number.isInteger(code) ? `${Math.trunc(code / 100)}xx` : null
}

/** The conditions of the filters; `except` leaves one facet out (its own counts ignore its own choice). */
export function unifiedConditions(filters: UnifiedFilters, except?: UnifiedLogFacet): string[] {
  const conditions: string[] = []
  const search = filters.search.trim()
  if (search !== '') conditions.push(`event_message ilike ${containsPattern(search)}`)
  for (const facet of UNIFIED_LOG_FACETS) {
    const values = filters.facets[facet] ?? []
    if (facet === except || values.length === 0) continue
    conditions.push(`${facetColumn(facet)} in (${values.map(sqlLiteral).join(', ')})`)
  }
  return conditions
}

const whereClause = (conditions: readonly string[]) => (conditions.length === 0 ? '' : `\nwhere ${conditions.join('\n  and ')}`)

/** The unified timeline: every source's events, newest first. */
export function unifiedEventsSql(filters: UnifiedFilters, limit: number = LOG_QUERY_ROW_LIMIT): string {
  return `${unifiedEventsWith()}select *\nfrom events${whereClause(unifiedConditions(filters))}\norder by timestamp desc\nlimit ${Math.max(1, Math.floor(limit))}`
}

/** Live mode's next read of the unified timeline: events at or after `since`, without those shown. */
export function unifiedEventsSinceSql(filters: UnifiedFilters, since: string, shownIds: readonly string[], limit: number = LOG_QUERY_ROW_LIMIT): string {
  const conditions = [`timestamp >= ${sqlLiteral(new Date(since))}`, ...(shownIds.length > 0 ? [`id not in (${shownIds.map(sqlLiteral).join(', ')})`] : []), ...unifiedConditions(filters)]
  return `${unifiedEventsWith()}select *\nfrom events${whereClause(conditions)}\norder by timestamp desc\nlimit ${Math.max(1, Math.floor(limit))}`
}

/** The unified timeline's bars. */
export function unifiedHistogramSql(filters: UnifiedFilters, origin: Date, bucketSeconds: number): string {
  return histogramOver('events', unifiedConditions(filters), origin, bucketSeconds, unifiedEventsWith())
}

/**
 * The counts of each facet's most frequent values, as rows (facet, value, count). A facet's counts
 * apply every other filter but its own, so its other values stay visible to add to the choice.
 */
export function unifiedFacetCountsSql(filters: UnifiedFilters): string {
  const parts = UNIFIED_LOG_FACETS.map((facet) => {
    const column = facetColumn(facet)
    const conditions = [`${column} is not null`, ...unifiedConditions(filters, facet)]
    return `(select ${sqlLiteral(facet)} as facet, ${column} as value, count(*)::int as count\nfrom events${whereClause(conditions)}\ngroup by ${column}\norder by count desc, value\nlimit ${UNIFIED_FACET_VALUE_LIMIT})`
  })
  return `${unifiedEventsWith()}${parts.join('\nunion all\n')}`
}
