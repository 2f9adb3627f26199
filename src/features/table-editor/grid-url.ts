import { FILTER_OPERATORS, type FilterOperator, type RowFilter, type SortKey } from '../../lib/sql/table-rows'

/**
 * The grid's sort and filters live in the address (`?sort=name:desc&filter=id:=:5`), so a view can
 * be shared, survives a reload, and a foreign-key cell opens the referenced row as a filtered link.
 * Names and values are URI-encoded inside each part, so a ':' in either stays unambiguous.
 */
export interface GridQuery {
  sort: SortKey[]
  filters: RowFilter[]
}

export function parseGridQuery(search: string): GridQuery {
  const params = new URLSearchParams(search)
  const sort: SortKey[] = []
  for (const part of params.getAll('sort')) {
    const [column, direction] = part.split(':')
    if (column && (direction === 'asc' || direction === 'desc')) sort.push({ column: safeDecode(column), direction })
  }
  const filters: RowFilter[] = []
  for (const part of params.getAll('filter')) {
    const first = part.indexOf(':')
    const second = part.indexOf(':', first + 1)
    if (first <= 0 || second < 0) continue
    const operator = part.slice(first + 1, second)
    if (!(FILTER_OPERATORS as readonly string[]).includes(operator)) continue
    filters.push({ column: safeDecode(part.slice(0, first)), operator: operator as FilterOperator, value: safeDecode(part.slice(second + 1)) })
  }
  return { sort, filters }
}

export function gridQuerySearch(query: GridQuery): string {
  const params = new URLSearchParams()
  for (const s of query.sort) params.append('sort', `${encodeURIComponent(s.column)}:${s.direction}`)
  for (const f of query.filters) params.append('filter', `${encodeURIComponent(f.column)}:${f.operator}:${encodeURIComponent(f.value)}`)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The address's query with the grid's sort and filters replaced and every other parameter (the assistant's, the previews') kept. */
export function withGridQuery(search: string, query: GridQuery): string {
  const params = new URLSearchParams(search)
  params.delete('sort')
  params.delete('filter')
  const grid = new URLSearchParams(gridQuerySearch(query))
  for (const [name, value] of grid) params.append(name, value)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Clicking a header: ascending, then descending, then unsorted. */
export function nextSort(sort: readonly SortKey[], column: string): SortKey[] {
  const current = sort.find((s) => s.column === column)
  if (!current) return [{ column, direction: 'asc' }]
  if (current.direction === 'asc') return [{ column, direction: 'desc' }]
  return []
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
