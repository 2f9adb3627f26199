/**
 * The statements query performance lists (SPEC §2 /advisors/query-performance): searched, sorted,
 * and their numbers written for reading. Pure, so 10,000 statements sort and filter the same in a
 * test as on screen. Decisions:
 * - Search matches the statement's text and its role, case-insensitively, every word typed.
 * - A sort is stable and puts statements without a value (a cache hit rate never measured) last,
 *   whichever the direction.
 * - Times keep the precision that still tells statements apart: most run in well under a
 *   millisecond, which "< 1 ms" would flatten.
 */
import type { StatementSortKey } from '../constants/advisors'

export interface StatementStatistics {
  id: string
  role: string | null
  query: string
  calls: number
  total_time: number
  mean_time: number
  min_time: number
  max_time: number
  rows: number
  cache_hit_rate: number | null
}

export type SortDirection = 'asc' | 'desc'

export function searchStatements<T extends Pick<StatementStatistics, 'query' | 'role'>>(statements: readonly T[], search: string): T[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...statements]
  return statements.filter((statement) => {
    const haystack = `${statement.query}\n${statement.role ?? ''}`.toLowerCase()
    return words.every((word) => haystack.includes(word))
  })
}

export function sortStatements<T extends StatementStatistics>(statements: readonly T[], key: StatementSortKey, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1
  return statements
    .map((statement, index) => ({ statement, index }))
    .sort((a, b) => {
      const x = a.statement[key]
      const y = b.statement[key]
      if (x === null || y === null) return x === y ? a.index - b.index : x === null ? 1 : -1
      return (x - y) * sign || a.index - b.index
    })
    .map(({ statement }) => statement)
}

/** A statement's time: "0.042 ms", "12.3 ms", "2.41 s", "3 min 12 s". */
export function formatStatementTime(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—'
  if (ms === 0) return '0 ms'
  if (ms < 1) return `${ms.toPrecision(2)} ms`
  if (ms < 1000) return `${ms < 100 ? ms.toFixed(1) : Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

export function formatCacheHitRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—'
  const percent = rate * 100
  return `${percent === 100 || percent === 0 ? percent.toFixed(0) : percent.toFixed(1)} %`
}

/** The statement's first line, for a row of the list (the detail shows the whole text). */
export function statementSummary(query: string): string {
  return query.replace(/\s+/g, ' ').trim()
}
