import { LOG_STATUS_GROUPS, UNIFIED_LOG_FACETS, type LogSource } from '../constants'
import type { LogFilters } from './logs-sql'
import { statusGroupOf, type UnifiedFilters } from './unified-logs-sql'

// Filtering events already on screen, as the SQL of ./logs-sql.ts would: when the loaded answer is
// every event of the range (not cut at the row limit) and the new filters only narrow the old
// ones, the narrower list is a subset of it, and the list repaints at once while the endpoint
// confirms. ILIKE's case folding is Postgres's; toLowerCase is the browser's: where they differ
// (rare letters), the endpoint's answer replaces this one a moment later.

type Row = Readonly<Record<string, unknown>>

const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? null : String(value))
/** `needle` in lower case already. */
const contains = (value: unknown, needle: string) => {
  const haystack = text(value)
  return haystack !== null && haystack.toLowerCase().includes(needle)
}

/** A test of one event against the filters (the same conditions as `filterConditions`), prepared once for many events. */
export function eventFilter(source: LogSource, filters: LogFilters): (row: Row) => boolean {
  const { facets } = source
  const tests: ((row: Row) => boolean)[] = []
  const search = filters.search.trim().toLowerCase()
  if (search !== '') tests.push((row) => contains(row['event_message'], search))
  const groups = LOG_STATUS_GROUPS.filter((group) => filters.statuses.includes(group.id))
  if (facets.status !== null && groups.length > 0) {
    const column = facets.status
    tests.push((row) => {
      const status = Number(row[column])
      return groups.some((group) => status >= group.min && status <= group.max)
    })
  }
  if (facets.method !== null && filters.methods.length > 0) {
    const column = facets.method
    tests.push((row) => filters.methods.includes(text(row[column]) ?? ''))
  }
  if (filters.severities.length > 0) tests.push((row) => filters.severities.includes(text(row[facets.severity]) ?? ''))
  const path = filters.path.trim().toLowerCase()
  if (facets.path !== null && path !== '') {
    const column = facets.path
    tests.push((row) => contains(row[column], path))
  }
  return (row) => tests.every((test) => test(row))
}

/** Whether one event passes the filters. */
export function matchesFilters(row: Row, source: LogSource, filters: LogFilters): boolean {
  return eventFilter(source, filters)(row)
}

const subset = (inner: readonly string[], outer: readonly string[]) => outer.length === 0 || (inner.length > 0 && inner.every((value) => outer.includes(value)))
const narrowerText = (next: string, loaded: string) => loaded.trim() === '' || next.trim().toLowerCase().includes(loaded.trim().toLowerCase())

/** Whether every event `next` keeps is among the events `loaded` kept (so filtering them locally is complete). */
export function narrows(next: LogFilters, loaded: LogFilters): boolean {
  return (
    narrowerText(next.search, loaded.search) &&
    narrowerText(next.path, loaded.path) &&
    subset(next.statuses, loaded.statuses) &&
    subset(next.methods, loaded.methods) &&
    subset(next.severities, loaded.severities)
  )
}

/** The loaded events that pass the filters, in their order. */
export function filterLoaded<T extends Row>(rows: readonly T[], source: LogSource, filters: LogFilters): T[] {
  const passes = eventFilter(source, filters)
  return rows.filter((row) => passes(row))
}

/** Whether one unified event passes the unified filters (the same conditions as `unifiedConditions`). */
export function matchesUnified(row: Row, filters: UnifiedFilters): boolean {
  const search = filters.search.trim().toLowerCase()
  if (search !== '' && !contains(row['event_message'], search)) return false
  return UNIFIED_LOG_FACETS.every((facet) => {
    const values = filters.facets[facet] ?? []
    const value = facet === 'status' ? statusGroupOf(row['status']) : text(row[facet])
    return values.length === 0 || values.includes(value ?? '\u0000')
  })
}

/** Whether every event the `next` unified filters keep is among those `loaded` kept. */
export function narrowsUnified(next: UnifiedFilters, loaded: UnifiedFilters): boolean {
  return narrowerText(next.search, loaded.search) && UNIFIED_LOG_FACETS.every((facet) => subset(next.facets[facet] ?? [], loaded.facets[facet] ?? []))
}
