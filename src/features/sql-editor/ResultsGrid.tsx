import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { copyToClipboard } from '../../lib/clipboard'
import { ownValue } from '../../lib/own-record'
import {
  cellKind,
  exportFileName,
  formatCellText,
  formatRow,
  formatRows,
  formatValueForCopy,
  formatValueForExpand,
  type ExportFormat,
  type ResultRow,
} from '../../lib/sql/result-format'
import { CopyButton } from '../../ui/copy-button'
import { gridValueClass } from '../../ui/grid-value'
import { ViewDialog } from '../../ui/dialog'
import { showToast } from '../../ui/toast'
import { resultColumnWidths } from './result-columns'
import { exportResult } from './result-export'
import { useExport } from './use-export'
import { ResultsToolbar, type CopyTarget } from './ResultsToolbar'
import { useRowVirtualizer } from '../../ui/virtual-rows'
import { errorMessage } from '../../lib/error-message'

const ROW_HEIGHT = 28
const HEADER_HEIGHT = ROW_HEIGHT
const ROW_NUMBER_WIDTH = 56

interface Cell {
  row: number
  col: number
}

const FORMAT_NAME = { csv: 'CSV', json: 'JSON', markdown: 'Markdown' } as const
const rowsText = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'row' : 'rows'}`
const hasTextSelection = () => (window.getSelection()?.toString() ?? '') !== ''

const cellClass = css({
  px: '2',
  lineHeight: '28px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  cursor: 'default',
  outline: 'none',
  '&[aria-selected=true]': { bg: 'accent.subtle', outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
})

/**
 * A virtualized result grid (only the rows in view are in the DOM, so 100,000 rows stay smooth) with a selectable
 * cell, keyboard navigation, an expand view, copying and streamed export.
 */
export function ResultsGrid({
  columns,
  rows,
  fileName,
  arriving = false,
}: {
  columns: string[]
  rows: Record<string, unknown>[]
  fileName?: string
  /** The rows so far of a result still arriving: shown, but not yet copied or exported whole. */
  arriving?: boolean
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useRowVirtualizer({ scroller, count: rows.length, rowHeight: ROW_HEIGHT, headerHeight: HEADER_HEIGHT })
  const widths = useMemo(() => resultColumnWidths(columns, rows), [columns, rows])
  // Where each column begins (after the row numbers), and last where the last one ends.
  const lefts = useMemo(() => widths.reduce((at, w) => [...at, at.at(-1)! + w], [ROW_NUMBER_WIDTH]), [widths])
  const width = lefts.at(-1)!

  // Selection and expand view belong to one result; a new result (new rows array) starts with none.
  const [selection, setSelection] = useState<{ rows: ResultRow[]; cell: Cell } | null>(null)
  const selected = selection && selection.rows === rows && selection.cell.row < rows.length && selection.cell.col < columns.length ? selection.cell : null
  const [expansion, setExpansion] = useState<{ rows: ResultRow[]; cell: Cell } | null>(null)
  const expanded = expansion && expansion.rows === rows && expansion.cell.row < rows.length && expansion.cell.col < columns.length ? expansion.cell : null
  const focusPending = useRef(false)
  const tabStop = selected ?? { row: 0, col: 0 }

  const exporter = useExport()

  // After a keyboard move the target row may only mount once the virtualizer has scrolled to it; focus it then.
  useEffect(() => {
    if (!focusPending.current || !selected) return
    const element = scroller.current?.querySelector<HTMLElement>(`[data-cell="${selected.row}:${selected.col}"]`)
    if (!element) return
    focusPending.current = false
    element.focus({ preventScroll: true })
  })

  const select = (cell: Cell) => setSelection({ rows, cell })

  function moveTo(cell: Cell) {
    const next = { row: Math.max(0, Math.min(rows.length - 1, cell.row)), col: Math.max(0, Math.min(columns.length - 1, cell.col)) }
    select(next)
    focusPending.current = true
    virtualizer.scrollToIndex(next.row)
    revealColumn(next.col)
  }

  // Columns are not virtualized; scroll sideways just enough to show the whole column.
  function revealColumn(col: number) {
    const element = scroller.current
    if (!element) return
    const left = col === 0 ? 0 : lefts[col]!
    const right = lefts[col + 1]!
    if (left < element.scrollLeft) element.scrollLeft = left
    else if (right > element.scrollLeft + element.clientWidth) element.scrollLeft = right - element.clientWidth
  }

  function cellAt(event: { target: EventTarget }): Cell | null {
    const element = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-cell]') : null
    const [row, col] = (element?.dataset.cell ?? '').split(':').map(Number)
    return row === undefined || col === undefined || Number.isNaN(row) || Number.isNaN(col) ? null : { row, col }
  }

  async function copy(text: string, what: string) {
    try {
      await copyToClipboard(text)
      showToast('success', `Copied ${what}`)
    } catch (error) {
      showToast('error', errorMessage(error))
    }
  }

  function copyTarget(target: CopyTarget) {
    if (target === 'cell' || target.startsWith('row-')) {
      if (!selected) return
      const row = rows[selected.row]!
      if (target === 'cell') return void copy(formatValueForCopy(ownValue(row, columns[selected.col]!)), 'cell')
      const format = target === 'row-csv' ? 'csv' : target === 'row-json' ? 'json' : 'markdown'
      return void copy(formatRow(format, columns, row), `row as ${FORMAT_NAME[format]}`)
    }
    const format = target === 'all-csv' ? 'csv' : target === 'all-json' ? 'json' : 'markdown'
    void copy(formatRows(format, columns, rows), `${rowsText(rows.length)} as ${FORMAT_NAME[format]}`)
  }

  function startExport(format: ExportFormat) {
    void exporter.start(rows.length, async (signal, onProgress) => {
      const summary = await exportResult({ format, columns, rows, fileName: exportFileName(format, fileName), onProgress, signal })
      return [`Exported ${rowsText(summary.rows)}`]
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (rows.length === 0 || columns.length === 0 || !cellAt(event)) return
    const at = selected ?? tabStop
    const mod = event.ctrlKey || event.metaKey
    const page = Math.max(1, Math.floor(((scroller.current?.clientHeight ?? 0) - HEADER_HEIGHT) / ROW_HEIGHT))
    const lastRow = rows.length - 1
    const lastCol = columns.length - 1
    let next: Cell
    switch (event.key) {
      case 'ArrowDown':
        next = { row: at.row + 1, col: at.col }
        break
      case 'ArrowUp':
        next = { row: at.row - 1, col: at.col }
        break
      case 'ArrowRight':
        next = { row: at.row, col: at.col + 1 }
        break
      case 'ArrowLeft':
        next = { row: at.row, col: at.col - 1 }
        break
      case 'PageDown':
        next = { row: at.row + page, col: at.col }
        break
      case 'PageUp':
        next = { row: at.row - page, col: at.col }
        break
      case 'Home':
        next = { row: mod ? 0 : at.row, col: 0 }
        break
      case 'End':
        next = { row: mod ? lastRow : at.row, col: lastCol }
        break
      case 'Enter':
        event.preventDefault()
        setExpansion({ rows, cell: at })
        return
      case 'c':
      case 'C':
        // Leave a text selection made with the mouse to the browser's own copy.
        if (!mod || event.altKey || event.shiftKey || hasTextSelection()) return
        event.preventDefault()
        void copy(formatValueForCopy(rows[at.row]![columns[at.col]!]), 'cell')
        return
      default:
        return
    }
    event.preventDefault()
    moveTo(next)
  }

  const expandedColumn = expanded ? columns[expanded.col]! : ''
  const expandedValue = expanded ? formatValueForExpand(rows[expanded.row]![expandedColumn]) : null

  return (
    <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' })}>
      <ResultsToolbar
        hasSelection={selected !== null}
        selectionLabel={selected ? `Row ${(selected.row + 1).toLocaleString()} · ${columns[selected.col]}` : undefined}
        exporting={exporter.progress}
        arriving={arriving}
        onCopy={copyTarget}
        onExport={(format) => void startExport(format)}
        onCancelExport={exporter.cancel}
      />
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the cells take focus (one roving tab stop, WAI-ARIA grid pattern); the grid listens to the events they bubble */}
      <div
        ref={scroller}
        role="grid"
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length}
        onKeyDown={onKeyDown}
        onClick={(event: MouseEvent) => {
          const cell = cellAt(event)
          if (cell) select(cell)
        }}
        onDoubleClick={(event: MouseEvent) => {
          const cell = cellAt(event)
          if (cell) setExpansion({ rows, cell })
        }}
        onFocus={(event) => {
          const cell = cellAt(event)
          if (cell && (selected?.row !== cell.row || selected.col !== cell.col)) select(cell)
        }}
        className={css({ flex: '1', minH: '0', overflow: 'auto', fontFamily: 'mono', fontSize: 'xs', bg: 'bg.surface' })}
        style={{ scrollPaddingTop: HEADER_HEIGHT }}
      >
        <div style={{ width, position: 'relative' }}>
          <div
            role="row"
            aria-rowindex={1}
            className={css({
              display: 'flex',
              position: 'sticky',
              top: '0',
              zIndex: '1',
              bg: 'bg.muted',
              borderBottomWidth: '1px',
              borderColor: 'border.default',
              fontWeight: 'semibold',
            })}
            style={{ height: HEADER_HEIGHT }}
          >
            <span aria-hidden className={css({ flexShrink: '0', px: '2', color: 'fg.subtle' })} style={{ width: ROW_NUMBER_WIDTH }} />
            {columns.map((column, col) => (
              <span
                key={column}
                role="columnheader"
                aria-colindex={col + 1}
                title={column}
                className={css({ px: '2', lineHeight: '26px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
                style={{ width: widths[col], flexShrink: 0 }}
              >
                {column}
              </span>
            ))}
          </div>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className={css({
                    display: 'flex',
                    position: 'absolute',
                    left: '0',
                    borderBottomWidth: '1px',
                    borderColor: 'border.default',
                    _hover: { bg: 'bg.muted' },
                  })}
                  style={{ top: item.start - HEADER_HEIGHT, height: ROW_HEIGHT, width }}
                >
                  {/* aria-rowindex already tells assistive technology the row number. */}
                  <span
                    aria-hidden
                    className={css({ flexShrink: '0', px: '2', color: 'fg.subtle', lineHeight: '28px', textAlign: 'right' })}
                    style={{ width: ROW_NUMBER_WIDTH }}
                  >
                    {item.index + 1}
                  </span>
                  {columns.map((column, col) => {
                    const value = ownValue(row, column)
                    const kind = cellKind(value)
                    const isSelected = selected?.row === item.index && selected.col === col
                    const isTabStop = tabStop.row === item.index && tabStop.col === col
                    return (
                      <span
                        key={column}
                        role="gridcell"
                        aria-colindex={col + 1}
                        aria-selected={isSelected}
                        tabIndex={isTabStop ? 0 : -1}
                        data-cell={`${item.index}:${col}`}
                        data-kind={kind}
                        data-null={kind === 'null' ? '' : undefined}
                        className={cx(cellClass, gridValueClass)}
                        style={{ width: widths[col], flexShrink: 0 }}
                      >
                        {formatCellText(value)}
                      </span>
                    )
                  })}
                </div>
              )
            })}
          </div>
        </div>
      </div>
      <ViewDialog
        open={expanded !== null}
        title={expandedColumn}
        description={expanded ? `Row ${(expanded.row + 1).toLocaleString()}${expandedValue?.kind === 'json' ? ' · JSON' : ''}` : undefined}
        onClose={() => setExpansion(null)}
        actions={expandedValue ? <CopyButton text={expandedValue.text} /> : null}
      >
        {expandedValue ? (
          <pre
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling value: keyboard users need a focus stop to scroll it
            tabIndex={0}
            data-kind={expandedValue.kind}
            className={css({
              flex: '1',
              minH: '0',
              maxH: '60vh',
              overflow: 'auto',
              m: '0',
              p: '3',
              bg: 'bg.muted',
              borderRadius: 'md',
              fontFamily: 'mono',
              fontSize: 'xs',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              '&[data-kind=null]': { color: 'fg.subtle', fontStyle: 'italic' },
            })}
          >
            {expandedValue.text}
          </pre>
        ) : null}
      </ViewDialog>
    </div>
  )
}
