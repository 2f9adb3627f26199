import { css } from 'styled-system/css'
import type { ExportFormat } from '../../lib/sql/result-format'
import { Button } from '../../ui/button'
import { Menu, MenuItem, MenuSeparator } from '../../ui/menu'
import type { ExportProgress } from './result-export'
import { FillBar } from '../../ui/fill-bar'

export type CopyTarget = 'cell' | 'row-csv' | 'row-json' | 'row-markdown' | 'all-csv' | 'all-json' | 'all-markdown'

const separatorClass = css({ my: '1', borderTopWidth: '1px', borderColor: 'border.default' })
const disabledItemClass = css({ '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' } })

/** Copy and Export menus above the results, and the export's progress while one runs. */
export function ResultsToolbar({
  hasSelection,
  selectionLabel,
  exporting,
  arriving,
  onCopy,
  onExport,
  onCancelExport,
}: {
  hasSelection: boolean
  selectionLabel?: string
  exporting: ExportProgress | null
  /** Rows still arriving: the whole result cannot be copied or exported yet. */
  arriving: boolean
  onCopy: (target: CopyTarget) => void
  onExport: (format: ExportFormat) => void
  onCancelExport: () => void
}) {
    return (
    <div
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '1',
        px: '2',
        py: '1',
        minH: '9',
        bg: 'bg.surface',
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        fontSize: 'xs',
      })}
    >
      <Menu label="Copy" triggerLabel="Copy" onSelect={(value) => onCopy(value as CopyTarget)}>
        <MenuItem value="cell" disabled={!hasSelection} className={disabledItemClass}>Copy cell</MenuItem>
        <MenuSeparator className={separatorClass} />
        <MenuItem value="row-csv" disabled={!hasSelection} className={disabledItemClass}>Copy row as CSV</MenuItem>
        <MenuItem value="row-json" disabled={!hasSelection} className={disabledItemClass}>Copy row as JSON</MenuItem>
        <MenuItem value="row-markdown" disabled={!hasSelection} className={disabledItemClass}>Copy row as Markdown</MenuItem>
        <MenuSeparator className={separatorClass} />
        <MenuItem value="all-csv" disabled={arriving} className={disabledItemClass}>Copy all as CSV</MenuItem>
        <MenuItem value="all-json" disabled={arriving} className={disabledItemClass}>Copy all as JSON</MenuItem>
        <MenuItem value="all-markdown" disabled={arriving} className={disabledItemClass}>Copy all as Markdown</MenuItem>
      </Menu>
      <Menu label="Export" triggerLabel="Export" onSelect={(value) => onExport(value as ExportFormat)}>
        <MenuItem value="csv" disabled={exporting !== null || arriving} className={disabledItemClass}>Download CSV</MenuItem>
        <MenuItem value="json" disabled={exporting !== null || arriving} className={disabledItemClass}>Download JSON</MenuItem>
      </Menu>
      {exporting ? <ExportProgressBar progress={exporting} onCancel={onCancelExport} /> : null}
      <span className={css({ ml: 'auto', color: 'fg.subtle', fontFamily: 'mono', truncate: true })}>{selectionLabel}</span>
    </div>
  )
}

function ExportProgressBar({ progress: { done, total }, onCancel }: { progress: ExportProgress; onCancel: () => void }) {
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', ml: '2', color: 'fg.muted' })}>
      <FillBar role="progressbar" label="Export progress" value={done} max={total} valueText={`${done.toLocaleString()} of ${total.toLocaleString()} rows`} className={css({ w: '32' })} />
      <span className={css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}>
        {done.toLocaleString()} / {total.toLocaleString()} rows
      </span>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  )
}
