/** One row of the grid and its gutter cell; memoized so a scroll redraws only the rows that change. */
import { memo, type ReactNode } from 'react'
import { Maximize2 } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { ownValue } from '../../lib/own-record'
import { cellKind, formatCellText } from '../../lib/sql/result-format'
import { glyphButton } from '../../ui/glyph-button'
import { gridValueClass } from '../../ui/grid-value'
import type { Row } from './row-windows'
import type { GridColumn, PendingCell } from './grid-types'

export const GridRow = memo(function GridRow({
  index,
  top,
  gutterId,
  row,
  failed,
  columns,
  offsets,
  firstCol,
  lastCol,
  activeCol,
  pending,
  deleting,
  onFollowReference,
}: {
  index: number
  top: number
  gutterId: string
  row: Row | undefined
  failed: boolean
  columns: GridColumn[]
  offsets: number[]
  firstCol: number
  lastCol: number
  activeCol: number
  pending: ReadonlyMap<string, PendingCell> | undefined
  /** A kept delete of this row that the database has not confirmed. */
  deleting: 'saving' | 'failed' | 'row-gone' | undefined
  onFollowReference: (column: GridColumn, value: unknown) => void
}) {
  const cells: ReactNode[] = []
  for (let col = firstCol; col <= lastCol; col++) {
    const column = columns[col]!
    const style = { left: offsets[col], width: column.width }
    if (!row) {
      cells.push(
        <div key={column.name} role="gridcell" className={cellClass} style={style} data-placeholder>
          <span className={placeholderBarClass} />
        </div>,
      )
      continue
    }
    const edit = pending?.get(column.name)
    const value = ownValue(row, column.name)
    const kind = edit ? 'text' : cellKind(value)
    cells.push(
      <div
        key={column.name}
        role="gridcell"
        aria-colindex={col + 1}
        aria-selected={col === activeCol}
        aria-invalid={edit?.error ? true : undefined}
        title={edit?.error ?? undefined}
        data-row={index}
        data-col={col}
        data-kind={kind}
        data-null={!edit && (value === null || value === undefined) ? '' : undefined}
        data-pending={edit ? (edit.error ? 'failed' : 'saving') : undefined}
        className={cx(cellClass, gridValueClass)}
        style={style}
      >
        <span className={cellTextClass}>{edit ? edit.text : formatCellText(value)}</span>
        {column.references && value !== null && value !== undefined && !edit ? (
          <button
            type="button"
            className={referenceClass}
            aria-label={`Open the ${column.references} row`}
            title={`Open the ${column.references} row`}
            onMouseDown={(event) => event.stopPropagation()}
            onClick={() => onFollowReference(column, value)}
          >
            →
          </button>
        ) : null}
      </div>,
    )
  }
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-owns={gutterId}
      aria-busy={!row || undefined}
      className={rowClass}
      // As wide as its columns: the row's line runs under the last one however far the grid is scrolled.
      style={{ top, minWidth: offsets[offsets.length - 1] }}
      data-failed={failed || undefined}
      data-deleting={deleting}
      title={deleting ? (deleting === 'saving' ? 'Being deleted…' : 'Not deleted yet: see the unsaved changes above') : undefined}
    >
      {cells}
    </div>
  )
})

const rowNumber = new Intl.NumberFormat()

export const GutterCell = memo(function GutterCell({
  id,
  index,
  top,
  selected,
  onToggleRow,
  onEditRow,
}: {
  id: string
  index: number
  top: number
  selected: boolean
  onToggleRow: (row: number, range: boolean) => void
  /** Opens the row's form (every column); absent where rows are read-only. */
  onEditRow?: (row: number) => void
}) {
  const label = rowNumber.format(index + 1)
  return (
    <div id={id} role="rowheader" className={gutterCellClass} style={{ top }} data-selected={selected || undefined}>
      <input
        type="checkbox"
        aria-label={`Select row ${label}`}
        checked={selected}
        onChange={(event) => onToggleRow(index, (event.nativeEvent as MouseEvent).shiftKey)}
      />
      <span className={css({ flex: '1' })}>{label}</span>
      {onEditRow ? (
        <button type="button" aria-label={`Edit row ${label}`} title="Edit the row (Shift+Enter)" className={editRowClass} onClick={() => onEditRow(index)}>
          <Maximize2 size={12} aria-hidden />
        </button>
      ) : null}
    </div>
  )
})

const rowClass = css({
  position: 'absolute',
  left: '0',
  right: '0',
  h: '35px',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  '&[data-failed]': { bg: 'danger.subtle' },
  '&[data-deleting]': { textDecoration: 'line-through', color: 'fg.muted' },
  '&[data-deleting=failed]': { bg: 'danger.subtle' },
})
const cellClass = css({
  position: 'absolute',
  top: '0',
  h: '34px',
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  borderRightWidth: '1px',
  borderColor: 'border.subtle',
  cursor: 'default',
  '&[data-kind=json]': { fontFamily: 'mono', fontSize: 'xs' },
  '&[aria-selected=true]': { bg: 'accent.subtle', boxShadow: 'inset 0 0 0 2px token(colors.accent.default)' },
  '&[data-pending=saving]': { bg: 'warning.subtle' },
  '&[data-pending=failed]': { bg: 'danger.subtle', boxShadow: 'inset 0 0 0 2px token(colors.danger.default)' },
})
const cellTextClass = css({ flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const referenceClass = css({
  flexShrink: '0',
  px: '1',
  borderRadius: 'sm',
  color: 'accent.default',
  cursor: 'pointer',
  fontStyle: 'normal',
  _hover: { bg: 'accent.subtle' },
})
const placeholderBarClass = css({ display: 'block', h: '2', w: '60%', borderRadius: 'sm', bg: 'bg.muted' })

// Shown where the pointer or the focus is: a button on every row would crowd the row numbers.
const editRowClass = cx(glyphButton({ size: 'xs' }), css({ opacity: '0', _focusVisible: { opacity: '1' }, '[role=rowheader]:hover &': { opacity: '1' } }))
const gutterCellClass = css({
  position: 'absolute',
  left: '0',
  right: '0',
  h: '35px',
  display: 'flex',
  alignItems: 'center',
  gap: '1.5',
  px: '1.5',
  fontSize: 'xs',
  color: 'fg.subtle',
  fontVariantNumeric: 'tabular-nums',
  borderBottomWidth: '1px',
  borderRightWidth: '1px',
  borderColor: 'border.subtle',
  overflow: 'hidden',
  '&[data-selected]': { bg: 'accent.subtle' },
})
