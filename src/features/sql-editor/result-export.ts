import { EXPORT_MIME_TYPE, exportChunks, type ExportFormat, type ResultRow } from '../../lib/sql/result-format'
import { downloadBlob } from '../../lib/download'

export interface ExportProgress {
  done: number
  total: number
}

export interface ExportSummary {
  bytes: number
  rows: number
  ms: number
}

export interface ExportResultOptions {
  format: ExportFormat
  columns: readonly string[]
  rows: readonly ResultRow[]
  fileName: string
  onProgress?: (progress: ExportProgress) => void
  signal?: AbortSignal
  chunkRows?: number
  /** Saves the finished file; the default clicks an `<a download>`. */
  download?: (blob: Blob, fileName: string) => void
}

const nextMacrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Writes the rows as CSV or JSON chunk by chunk into a Blob and downloads it. Between chunks it gives the event
 * loop a turn, so the page stays responsive and a progress bar can paint. Rejects with the signal's reason when aborted.
 */
export async function exportResult({
  format,
  columns,
  rows,
  fileName,
  onProgress,
  signal,
  chunkRows,
  download = downloadBlob,
}: ExportResultOptions): Promise<ExportSummary> {
  const started = performance.now()
  signal?.throwIfAborted()
  onProgress?.({ done: 0, total: rows.length })
  // Each chunk becomes its own Blob at once, so its string can be collected; browsers keep blob data off the JS heap.
  const parts: Blob[] = []
  for (const chunk of exportChunks(format, columns, rows, chunkRows)) {
    parts.push(new Blob([chunk.text]))
    onProgress?.({ done: chunk.done, total: chunk.total })
    await nextMacrotask()
    signal?.throwIfAborted()
  }
  const blob = new Blob(parts, { type: EXPORT_MIME_TYPE[format] })
  download(blob, fileName)
  return { bytes: blob.size, rows: rows.length, ms: Math.round(performance.now() - started) }
}
