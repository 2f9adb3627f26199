import { EXPORT_MIME_TYPE, csvHeader, csvRecord, exportFileName } from '../../lib/sql/result-format'
import { cursorOf, rowOffsetWindowSql, rowWindowSql, type CursorValue, type RowSource } from '../../lib/sql/table-rows'
import { downloadBlob } from '../../lib/download'
import type { ExportProgress, ExportSummary } from '../sql-editor'
import type { RunRows } from './row-windows'

/** Rows per read while exporting: big enough to be quick, small enough to keep memory flat. */
export const EXPORT_WINDOW_ROWS = 5_000

/**
 * The whole table (with its filters and sort) as CSV, read window after window by keyset and
 * written into Blob chunks as it goes, so a million rows never sit in memory at once. `total` is
 * the count the progress bar measures against (an estimate is fine: progress is capped).
 */
export async function exportTableCsv(options: {
  source: RowSource
  columns: readonly string[]
  run: RunRows
  total: number
  name: string
  signal: AbortSignal
  onProgress: (progress: ExportProgress) => void
  download?: (blob: Blob, fileName: string) => void
}): Promise<ExportSummary> {
  const { source, columns, run, signal, onProgress } = options
  const started = performance.now()
  const parts: Blob[] = [new Blob([csvHeader(columns)])]
  let cursor: CursorValue[] | null = null
  let done = 0
  for (;;) {
    signal.throwIfAborted()
    const sql = source.key.length === 0 ? rowOffsetWindowSql(source, done, EXPORT_WINDOW_ROWS) : rowWindowSql(source, { cursor, limit: EXPORT_WINDOW_ROWS })
    const rows = await run(sql, signal)
    if (rows.length > 0) parts.push(new Blob([rows.map((row) => csvRecord(columns, row)).join('')]))
    done += rows.length
    onProgress({ done, total: Math.max(done, options.total) })
    if (rows.length < EXPORT_WINDOW_ROWS) break
    cursor = cursorOf(source, rows.at(-1)!)
  }
  const blob = new Blob(parts, { type: EXPORT_MIME_TYPE.csv })
  ;(options.download ?? downloadBlob)(blob, exportFileName('csv', options.name))
  return { bytes: blob.size, rows: done, ms: Math.round(performance.now() - started) }
}
