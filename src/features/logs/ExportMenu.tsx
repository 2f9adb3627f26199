import { css } from 'styled-system/css'
import { exportFileName, type ExportFormat } from '../../lib/sql/result-format'
import { Button } from '../../ui/button'
import { Menu, MenuItem } from '../../ui/menu'
import { exportResult, useExport } from '../sql-editor'

/** Export of the events on screen (the view's answer), as CSV or JSON, streamed in chunks with a Cancel. */
export function ExportMenu({ rows, columns, fileName }: { rows: readonly Record<string, unknown>[]; columns: readonly string[]; fileName: string }) {
  const exporter = useExport()
  function start(format: ExportFormat) {
    void exporter.start(rows.length, async (signal, onProgress) => {
      const summary = await exportResult({ format, columns, rows, fileName: exportFileName(format, fileName), onProgress, signal })
      return [`Exported ${summary.rows.toLocaleString('en-US')} event${summary.rows === 1 ? '' : 's'}`]
    })
  }
  if (exporter.progress) {
    return (
      <span className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'xs', color: 'fg.muted' })}>
        <progress value={exporter.progress.done} max={Math.max(1, exporter.progress.total)} aria-label="Export progress" />
        <Button size="sm" variant="ghost" onClick={exporter.cancel}>
          Cancel export
        </Button>
      </span>
    )
  }
  if (rows.length === 0) return null
  return (
    <Menu label="Export" triggerLabel="Export" onSelect={(value) => start(value as ExportFormat)}>
      <MenuItem value="csv">Export as CSV</MenuItem>
      <MenuItem value="json">Export as JSON</MenuItem>
    </Menu>
  )
}
