/** Query results as text: the grid's and the clipboard's view of one value, and CSV, JSON and Markdown of rows. Pure. */
import { ownValue } from '../own-record'

export type ResultRow = Record<string, unknown>
export type ExportFormat = 'csv' | 'json'
export type TextFormat = ExportFormat | 'markdown'
export type CellKind = 'null' | 'number' | 'boolean' | 'json' | 'text'

/** Grid cells show at most this many characters; the expand view shows the rest. */
export const CELL_TEXT_LIMIT = 200
export const DEFAULT_EXPORT_CHUNK_ROWS = 5000

export const EXPORT_MIME_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
}

const isNull = (value: unknown): value is null | undefined => value === null || value === undefined

export function cellKind(value: unknown): CellKind {
  if (isNull(value)) return 'null'
  if (typeof value === 'number' || typeof value === 'bigint') return 'number'
  if (typeof value === 'boolean') return 'boolean'
  if (typeof value === 'object' && !(value instanceof Date)) return 'json'
  return 'text'
}

/** JSON that never throws on bigint (JSON.stringify does) and never returns undefined. */
function jsonText(value: unknown, space?: number): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), space) ?? 'null'
  } catch {
    return String(value)
  }
}

/** A non-null value as plain text; objects and arrays as one-line JSON. */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString()
  if (typeof value === 'object' && value !== null) return jsonText(value)
  return String(value)
}

/** Cuts text to `limit` characters plus an ellipsis, never splitting a surrogate pair. */
export function truncateText(text: string, limit = CELL_TEXT_LIMIT): string {
  if (text.length <= limit) return text
  const code = text.charCodeAt(limit - 1)
  const end = code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit
  return `${text.slice(0, end)}…`
}

/** How a cell reads in the grid: NULL for null, JSON on one line, long text cut. */
export function formatCellText(value: unknown, limit = CELL_TEXT_LIMIT): string {
  if (isNull(value)) return 'NULL'
  return truncateText(scalarText(value), limit)
}

/** What copying one cell puts on the clipboard: NULL for null, objects as pretty JSON, everything else as its text. */
export function formatValueForCopy(value: unknown): string {
  if (isNull(value)) return 'NULL'
  if (cellKind(value) === 'json') return jsonText(value, 2)
  return scalarText(value)
}

/** The expand view's whole value: JSON (or text that parses as a JSON object/array) pretty-printed. */
export function formatValueForExpand(value: unknown): { text: string; kind: CellKind } {
  const kind = cellKind(value)
  if (kind === 'null') return { text: 'NULL', kind }
  if (kind === 'json') return { text: jsonText(value, 2), kind }
  if (typeof value === 'string') {
    const trimmed = value.trim()
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(trimmed)
        if (typeof parsed === 'object' && parsed !== null) return { text: JSON.stringify(parsed, null, 2), kind: 'json' }
      } catch {
        // Not JSON after all: show it as text.
      }
    }
  }
  return { text: scalarText(value), kind }
}

// CSV (RFC 4180, LF line endings, every record terminated). NULL is an empty field and '' is "" so the two stay distinct, as in Postgres COPY.

const CSV_NEEDS_QUOTES = /[",\r\n]/

export function csvField(value: unknown): string {
  if (isNull(value)) return ''
  const text = scalarText(value)
  return text === '' || CSV_NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export const csvHeader = (columns: readonly string[]) => `${columns.map(csvField).join(',')}\n`
export const csvRecord = (columns: readonly string[], row: ResultRow) => `${columns.map((column) => csvField(ownValue(row, column))).join(',')}\n`

export function toCsv(columns: readonly string[], rows: readonly ResultRow[]): string {
  if (columns.length === 0) return ''
  return csvHeader(columns) + rows.map((row) => csvRecord(columns, row)).join('')
}

// JSON, formatted as JSON.stringify(_, null, 2) would, but written by hand so keys keep the column order
// (a plain object puts integer-like keys such as "2" first).

function jsonObject(columns: readonly string[], row: ResultRow, indent: string): string {
  if (columns.length === 0) return '{}'
  const inner = `${indent}  `
  const members = columns.map((column) => `${inner}${JSON.stringify(column)}: ${jsonText(ownValue(row, column) ?? null, 2).replaceAll('\n', `\n${inner}`)}`)
  return `{\n${members.join(',\n')}\n${indent}}`
}

/** One row as a pretty JSON object in column order. */
export function toJsonObject(columns: readonly string[], row: ResultRow): string {
  return jsonObject(columns, row, '')
}

const jsonItem = (columns: readonly string[], row: ResultRow) => `  ${jsonObject(columns, row, '  ')}`

/** Rows as a pretty JSON array of objects in column order; NULL is null. */
export function toJson(columns: readonly string[], rows: readonly ResultRow[]): string {
  if (rows.length === 0) return '[]'
  return `[\n${rows.map((row) => jsonItem(columns, row)).join(',\n')}\n]`
}

// Markdown (GitHub table): pipes escaped, line breaks as <br>, numeric columns right-aligned.

function markdownCell(value: unknown): string {
  const text = isNull(value) ? 'NULL' : scalarText(value)
  return text.replaceAll('|', '\\|').replace(/\r\n|\r|\n/g, '<br>')
}

const markdownLine = (cells: string[]) => `| ${cells.join(' | ')} |\n`

export function toMarkdown(columns: readonly string[], rows: readonly ResultRow[]): string {
  if (columns.length === 0) return ''
  const numeric = columns.map((column) => {
    const kinds = rows.map((row) => cellKind(ownValue(row, column))).filter((kind) => kind !== 'null')
    return kinds.length > 0 && kinds.every((kind) => kind === 'number')
  })
  return [
    markdownLine(columns.map(markdownCell)),
    markdownLine(numeric.map((right) => (right ? '---:' : '---'))),
    ...rows.map((row) => markdownLine(columns.map((column) => markdownCell(ownValue(row, column))))),
  ].join('')
}

export function formatRows(format: TextFormat, columns: readonly string[], rows: readonly ResultRow[]): string {
  if (format === 'csv') return toCsv(columns, rows)
  if (format === 'json') return toJson(columns, rows)
  return toMarkdown(columns, rows)
}

/** One row for the clipboard: CSV and Markdown keep their header line; JSON is a single object. */
export function formatRow(format: TextFormat, columns: readonly string[], row: ResultRow): string {
  return format === 'json' ? toJsonObject(columns, row) : formatRows(format, columns, [row])
}

export interface ExportChunk {
  text: string
  /** Rows written so far, including this chunk. */
  done: number
  total: number
}

/**
 * The export as a sequence of chunks of at most `chunkRows` rows, so a large result is never one giant string;
 * the chunks joined are exactly `toCsv` / `toJson`. CSV yields its header alone first.
 */
export function* exportChunks(
  format: ExportFormat,
  columns: readonly string[],
  rows: readonly ResultRow[],
  chunkRows = DEFAULT_EXPORT_CHUNK_ROWS,
): Generator<ExportChunk, void, undefined> {
  const size = Math.max(1, Math.floor(chunkRows) || DEFAULT_EXPORT_CHUNK_ROWS)
  const total = rows.length
  if (format === 'csv' && columns.length === 0) {
    yield { text: '', done: total, total }
    return
  }
  if (format === 'csv') yield { text: csvHeader(columns), done: 0, total }
  else if (total === 0) {
    yield { text: '[]', done: 0, total }
    return
  }
  for (let start = 0; start < total; start += size) {
    const end = Math.min(total, start + size)
    const parts: string[] = []
    for (let index = start; index < end; index++) {
      const row = rows[index]!
      parts.push(format === 'csv' ? csvRecord(columns, row) : jsonItem(columns, row))
    }
    const text = format === 'csv' ? parts.join('') : `${start === 0 ? '[\n' : ',\n'}${parts.join(',\n')}${end === total ? '\n]' : ''}`
    yield { text, done: end, total }
  }
}

/** `<base>-<ISO time without colons>.<ext>`, with characters that file systems reject in `base` replaced. */
export function exportFileName(format: ExportFormat, base = 'query-result', now: Date = new Date()): string {
  // eslint-disable-next-line no-control-regex -- control characters are among what file systems reject in a name
  const safe = base.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').replace(/^[\s.-]+|[\s.-]+$/g, '') || 'query-result'
  return `${safe}-${now.toISOString().replaceAll(':', '')}.${format}`
}
