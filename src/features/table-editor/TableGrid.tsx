import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { css } from 'styled-system/css'
import { hasShortcutModifier } from '../../lib/keyboard'
import { ownValue } from '../../lib/own-record'
import { cellKind, formatCellText } from '../../lib/sql/result-format'
import type { SortKey } from '../../lib/sql/table-rows'
import type { RowWindowStore, Row } from './row-windows'
import { scrollSpace, scrollTopForRow, visibleRows } from './scroll-space'

export const ROW_HEIGHT = 35
const HEADER_HEIGHT = 36
const GUTTER_WIDTH = 84
export const MIN_COLUMN_WIDTH = 60
const ENSURE_INTERVAL_MS = 100
/** About a viewport of rows per frame at 60 Hz. */
const FAST_SCROLL_ROWS_PER_MS = 1

export interface GridColumn {
  name: string
  /** format_type text, shown under the name. */
  type: string
  width: number
  isKey: boolean
  /** An outgoing foreign key: its cells can open the referenced row. */
  references: string | null
}

export interface CellPosition {
  row: number
  col: number
}

/** An edit that has not reached the database (failed, or on its way); the grid shows it instead of the row's value. */
export interface PendingCell {
  text: string
  error: string | null
}

export interface TableGridProps {
  store: RowWindowStore
  columns: GridColumn[]
  sort: readonly SortKey[]
  selectedRows: ReadonlySet<number>
  /** A row's edits not yet in the database, by column name. */
  pendingOf: (row: Row) => ReadonlyMap<string, PendingCell> | undefined
  onSort: (column: string) => void
  onResize: (column: string, width: number) => void
  onReorder: (column: string, before: string) => void
  onToggleRow: (row: number, range: boolean) => void
  /** Enter or a double click on a cell. */
  onOpenCell: (cell: CellPosition) => void
  onFollowReference: (column: GridColumn, value: unknown) => void
  headerMenu: (column: GridColumn) => ReactNode
  /** Set by the grid: scrolls to a row (the page's "go to" and tests). */
  gridRef?: (api: { scrollToRow: (row: number) => void } | null) => void
}

/**
 * The table editor's grid: rows and columns virtualized over a scroll space scaled to stay under
 * Chromium's layout cap, so the last of 10,000,000 rows is as reachable as the first. The content
 * layer is sticky inside the scroller and draws the rows the scroll position stands for; rows come
 * from the window store, a placeholder where a window is still on its way.
 */
export function TableGrid(props: TableGridProps) {
  // The gutter (row number, checkbox) is drawn in its own sticky layer: each row owns its gutter cell.
  const gutterIds = useId()
  const { store, columns, gridRef } = props
  useSyncExternalStore(store.subscribe, store.getVersion)
  const rowCount = store.rowCount
  const scroller = useRef<HTMLDivElement>(null)
  const [view, setView] = useState({ top: 0, left: 0, width: 1024, height: 600 })
  const [active, setActive] = useState<CellPosition>({ row: 0, col: 0 })
  const bodyHeight = Math.max(ROW_HEIGHT, view.height - HEADER_HEIGHT)
  const space = scrollSpace(rowCount, ROW_HEIGHT)
  const offsets = useMemo(() => columnOffsets(columns), [columns])
  const totalWidth = GUTTER_WIDTH + offsets[offsets.length - 1]!
  const { first, last, firstTop } = visibleRows(space, view.top, bodyHeight, ROW_HEIGHT, rowCount)
  const [firstCol, lastCol] = visibleColumns(offsets, view.left, view.width - GUTTER_WIDTH)

  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const measure = () => setView((v) => ({ ...v, width: element.clientWidth, height: element.clientHeight }))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  // Reads are asked for at most every ENSURE_INTERVAL_MS (first and last call kept), and not at all
  // while the rows in view fly past faster than FAST_SCROLL_ROWS_PER_MS: those rows are gone before
  // any read could answer, so the read waits until the scroll slows or stops.
  const lastEnsure = useRef(0)
  const lastMove = useRef({ first: 0, at: 0 })
  useEffect(() => {
    if (rowCount === 0) return
    const now = performance.now()
    const speed = Math.abs(first - lastMove.current.first) / Math.max(1, now - lastMove.current.at)
    lastMove.current = { first, at: now }
    const ensure = () => {
      lastEnsure.current = performance.now()
      store.ensure(first, last)
    }
    const wait = speed > FAST_SCROLL_ROWS_PER_MS ? ENSURE_INTERVAL_MS : lastEnsure.current + ENSURE_INTERVAL_MS - now
    if (wait <= 0) return ensure()
    const timer = setTimeout(ensure, wait)
    return () => clearTimeout(timer)
  }, [store, first, last, rowCount])

  const scrollToRow = useCallback(
    (row: number, align: 'top' | 'bottom' = 'top') => {
      const element = scroller.current
      if (!element) return
      const target = align === 'top' ? row : Math.max(0, row - Math.floor(bodyHeight / ROW_HEIGHT) + 1)
      element.scrollTop = scrollTopForRow(scrollSpace(store.rowCount, ROW_HEIGHT), target, ROW_HEIGHT, bodyHeight)
    },
    [store, bodyHeight],
  )

  useEffect(() => {
    gridRef?.({ scrollToRow })
    return () => gridRef?.(null)
  }, [gridRef, scrollToRow])

  function revealColumn(col: number) {
    const element = scroller.current
    if (!element) return
    const left = offsets[col]!
    const right = offsets[col + 1]!
    const visible = view.width - GUTTER_WIDTH
    if (left < element.scrollLeft) element.scrollLeft = left
    else if (right > element.scrollLeft + visible) element.scrollLeft = right - visible
  }

  function moveTo(cell: CellPosition) {
    const row = Math.max(0, Math.min(rowCount - 1, cell.row))
    const col = Math.max(0, Math.min(columns.length - 1, cell.col))
    setActive({ row, col })
    if (row < first + 1) scrollToRow(row)
    else if (row > last - 1) scrollToRow(row, 'bottom')
    revealColumn(col)
  }

  async function moveToEnd(col: number) {
    // The end of an estimated count is a guess: count first, then go.
    await store.countExactly()
    const row = Math.max(0, store.rowCount - 1)
    setActive({ row, col })
    requestAnimationFrame(() => scrollToRow(row, 'bottom'))
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return
    const mod = hasShortcutModifier(event)
    const page = Math.max(1, Math.floor(bodyHeight / ROW_HEIGHT) - 1)
    const handled = () => event.preventDefault()
    switch (event.key) {
      case 'ArrowDown':
        handled()
        return moveTo({ row: active.row + 1, col: active.col })
      case 'ArrowUp':
        handled()
        return moveTo({ row: active.row - 1, col: active.col })
      case 'ArrowRight':
        handled()
        return moveTo({ row: active.row, col: active.col + 1 })
      case 'ArrowLeft':
        handled()
        return moveTo({ row: active.row, col: active.col - 1 })
      case 'PageDown':
        handled()
        return moveTo({ row: active.row + page, col: active.col })
      case 'PageUp':
        handled()
        return moveTo({ row: active.row - page, col: active.col })
      case 'Home':
        handled()
        return mod ? moveTo({ row: 0, col: active.col }) : moveTo({ row: active.row, col: 0 })
      case 'End':
        handled()
        return mod ? void moveToEnd(active.col) : moveTo({ row: active.row, col: columns.length - 1 })
      case 'Enter':
      case 'F2':
        handled()
        if (store.row(active.row)) props.onOpenCell(active)
        return
      case ' ':
        handled()
        return props.onToggleRow(active.row, event.shiftKey)
    }
  }

  // Rows are keyed by slot (index modulo the rows a viewport holds), not by index: a jump far away
  // then updates the slots' text in place instead of unmounting and mounting every row.
  const slots = Math.ceil(bodyHeight / ROW_HEIGHT) + 2
  const rows: ReactNode[] = []
  const gutters: ReactNode[] = []
  for (let index = first; index <= last && index < rowCount; index++) {
    const rowData = store.row(index)
    const top = (index - first) * ROW_HEIGHT
    rows.push(
      <GridRow
        key={index % slots}
        index={index}
        top={top}
        gutterId={`${gutterIds}-${index}`}
        row={rowData}
        failed={!!store.pageError(index)}
        columns={columns}
        offsets={offsets}
        firstCol={firstCol}
        lastCol={lastCol}
        activeCol={active.row === index ? active.col : -1}
        pending={rowData ? props.pendingOf(rowData) : undefined}
        onFollowReference={props.onFollowReference}
      />,
    )
    gutters.push(<GutterCell key={index % slots} id={`${gutterIds}-${index}`} index={index} top={top} selected={props.selectedRows.has(index)} onToggleRow={props.onToggleRow} />)
  }

  return (
    <div
      ref={scroller}
      role="grid"
      aria-label="Rows"
      aria-rowcount={rowCount + 1}
      aria-colcount={columns.length}
      tabIndex={0}
      className={scrollerClass}
      onScroll={(event) => {
        const element = event.currentTarget
        setView((v) => (v.top === element.scrollTop && v.left === element.scrollLeft ? v : { ...v, top: element.scrollTop, left: element.scrollLeft }))
      }}
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        const cell = cellOf(event.target)
        if (cell) setActive(cell)
      }}
      onDoubleClick={(event) => {
        const cell = cellOf(event.target)
        if (cell && store.row(cell.row)) props.onOpenCell(cell)
      }}
    >
      <div className={layerClass} style={{ width: view.width, height: view.height }}>
        <div className={bodyClass} style={{ top: HEADER_HEIGHT, height: bodyHeight }}>
          <div style={{ position: 'absolute', left: GUTTER_WIDTH, top: 0, right: 0, bottom: 0, overflow: 'hidden' }}>
            <div style={{ transform: `translate(${-view.left}px, ${firstTop}px)`, position: 'absolute', inset: 0, willChange: 'transform' }}>{rows}</div>
          </div>
          <div className={gutterClass} style={{ width: GUTTER_WIDTH }}>
            <div style={{ transform: `translateY(${firstTop}px)`, position: 'absolute', inset: 0 }}>{gutters}</div>
          </div>
        </div>
        <div role="row" aria-rowindex={1} className={headerClass} style={{ height: HEADER_HEIGHT }}>
          <div className={cornerClass} style={{ width: GUTTER_WIDTH }} role="columnheader" aria-label="Row">
            #
          </div>
          <div style={{ position: 'absolute', left: GUTTER_WIDTH, top: 0, right: 0, bottom: 0, overflow: 'hidden' }}>
            <GridHeader
              columns={columns}
              offsets={offsets}
              firstCol={firstCol}
              lastCol={lastCol}
              left={view.left}
              sort={props.sort}
              onSort={props.onSort}
              onResize={props.onResize}
              onReorder={props.onReorder}
              headerMenu={props.headerMenu}
            />
          </div>
        </div>
      </div>
      <div style={{ width: totalWidth, height: Math.max(0, space.height + HEADER_HEIGHT - view.height) }} />
    </div>
  )
}

function columnOffsets(columns: readonly GridColumn[]): number[] {
  const offsets = [0]
  for (const column of columns) offsets.push(offsets[offsets.length - 1]! + column.width)
  return offsets
}

function visibleColumns(offsets: readonly number[], left: number, width: number): [number, number] {
  const count = offsets.length - 1
  if (count === 0) return [0, -1]
  let first = 0
  while (first < count - 1 && offsets[first + 1]! <= left) first++
  let last = first
  while (last < count - 1 && offsets[last + 1]! < left + width) last++
  return [first, last]
}

function cellOf(target: EventTarget): CellPosition | null {
  const cell = (target as HTMLElement).closest?.('[data-row][data-col]') as HTMLElement | null
  return cell ? { row: Number(cell.dataset['row']), col: Number(cell.dataset['col']) } : null
}

const GridRow = memo(function GridRow({
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
        className={cellClass}
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
      style={{ top }}
      data-failed={failed || undefined}
    >
      {cells}
    </div>
  )
})

const rowNumber = new Intl.NumberFormat()

const GutterCell = memo(function GutterCell({
  id,
  index,
  top,
  selected,
  onToggleRow,
}: {
  id: string
  index: number
  top: number
  selected: boolean
  onToggleRow: (row: number, range: boolean) => void
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
      <span>{label}</span>
    </div>
  )
})

/** The column headers; memoized apart from the rows, so a vertical scroll does not redraw them (or their menus). */
const GridHeader = memo(function GridHeader({
  columns,
  offsets,
  firstCol,
  lastCol,
  left,
  sort,
  onSort,
  onResize,
  onReorder,
  headerMenu,
}: {
  columns: GridColumn[]
  offsets: number[]
  firstCol: number
  lastCol: number
  left: number
  sort: readonly SortKey[]
  onSort: (column: string) => void
  onResize: (column: string, width: number) => void
  onReorder: (column: string, before: string) => void
  headerMenu: (column: GridColumn) => ReactNode
}) {
  return (
    <div style={{ transform: `translateX(${-left}px)`, position: 'absolute', inset: 0 }}>
      {columns.slice(firstCol, lastCol + 1).map((column, i) => (
        <HeaderCell
          key={column.name}
          column={column}
          index={firstCol + i}
          left={offsets[firstCol + i]!}
          sort={sort.find((s) => s.column === column.name)?.direction ?? null}
          onSort={onSort}
          onResize={onResize}
          onReorder={onReorder}
          menu={headerMenu(column)}
        />
      ))}
    </div>
  )
})

function HeaderCell({
  column,
  index,
  left,
  sort,
  onSort,
  onResize,
  onReorder,
  menu,
}: {
  column: GridColumn
  index: number
  left: number
  sort: 'asc' | 'desc' | null
  onSort: (column: string) => void
  onResize: (column: string, width: number) => void
  onReorder: (column: string, before: string) => void
  menu: ReactNode
}) {
  const [dropTarget, setDropTarget] = useState(false)
  function startResize(event: PointerEvent<HTMLDivElement>) {
    event.preventDefault()
    event.stopPropagation()
    const startX = event.clientX
    const startWidth = column.width
    const handle = event.currentTarget
    handle.setPointerCapture(event.pointerId)
    const move = (e: globalThis.PointerEvent) => onResize(column.name, Math.max(MIN_COLUMN_WIDTH, Math.round(startWidth + e.clientX - startX)))
    const up = () => {
      handle.removeEventListener('pointermove', move)
      handle.removeEventListener('pointerup', up)
    }
    handle.addEventListener('pointermove', move)
    handle.addEventListener('pointerup', up)
  }
  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the handlers are the pointer drag-and-drop of a column; the header's keyboard parts are the sort button and the column menu inside it
    <div
      role="columnheader"
      aria-colindex={index + 1}
      aria-sort={sort === 'asc' ? 'ascending' : sort === 'desc' ? 'descending' : 'none'}
      className={headerCellClass}
      style={{ left, width: column.width }}
      data-drop-target={dropTarget || undefined}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData('application/x-studio-column', column.name)
        event.dataTransfer.effectAllowed = 'move'
      }}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('application/x-studio-column')) return
        event.preventDefault()
        setDropTarget(true)
      }}
      onDragLeave={() => setDropTarget(false)}
      onDrop={(event) => {
        setDropTarget(false)
        const moved = event.dataTransfer.getData('application/x-studio-column')
        if (moved && moved !== column.name) onReorder(moved, column.name)
      }}
    >
      <button
        type="button"
        className={sortButtonClass}
        onClick={() => onSort(column.name)}
        title={`Sort by ${column.name}${sort === 'asc' ? ' (descending next)' : sort === 'desc' ? ' (off next)' : ''}`}
      >
        <span className={css({ display: 'flex', flexDir: 'column', minW: '0', flex: '1', lineHeight: '1.2' })}>
          {/* Named by what it shows, the action read first (a label that left out the text would not answer to it). */}
          <span className={css({ srOnly: true })}>Sort by </span>
          <span className={css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis' })}>
            {column.isKey ? (
              <span aria-hidden title="Primary key" className={css({ color: 'warning.default', fontSize: '2xs', fontWeight: 'bold', mr: '1' })}>
                PK
              </span>
            ) : null}
            {column.name}
          </span>
          <span className={css({ color: 'fg.subtle', fontSize: 'xs', overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: 'normal' })}>
            {' '}
            {column.type}
            {column.isKey ? <span className={css({ srOnly: true })}> (primary key)</span> : null}
          </span>
        </span>
        {sort ? (
          <span aria-hidden className={css({ color: 'accent.default' })}>
            {sort === 'asc' ? '↑' : '↓'}
          </span>
        ) : null}
      </button>
      {menu}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${column.name}`}
        aria-valuenow={column.width}
        tabIndex={-1}
        className={resizeHandleClass}
        onPointerDown={startResize}
        onDoubleClick={() => onResize(column.name, 200)}
      />
    </div>
  )
}

const scrollerClass = css({
  position: 'relative',
  flex: '1',
  minH: '0',
  overflow: 'auto',
  outline: 'none',
  fontSize: 'sm',
  bg: 'bg.surface',
  overscrollBehavior: 'contain',
  _focusVisible: { boxShadow: 'inset 0 0 0 2px token(colors.accent.default)' },
})
const layerClass = css({ position: 'sticky', top: '0', left: '0', overflow: 'hidden', contain: 'strict' })
const bodyClass = css({ position: 'absolute', left: '0', right: '0', overflow: 'hidden' })
const headerClass = css({
  position: 'absolute',
  top: '0',
  left: '0',
  right: '0',
  bg: 'bg.muted',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  zIndex: 'sticky',
})
const cornerClass = css({
  position: 'absolute',
  left: '0',
  top: '0',
  bottom: '0',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'fg.subtle',
  fontSize: 'xs',
  borderRightWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.muted',
  zIndex: '1',
})
const headerCellClass = css({
  position: 'absolute',
  top: '0',
  bottom: '0',
  display: 'flex',
  alignItems: 'center',
  borderRightWidth: '1px',
  borderColor: 'border.default',
  '&[data-drop-target]': { boxShadow: 'inset 3px 0 0 token(colors.accent.default)' },
})
const sortButtonClass = css({
  flex: '1',
  minW: '0',
  display: 'flex',
  alignItems: 'center',
  gap: '1.5',
  px: '2',
  h: 'full',
  textAlign: 'left',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  _hover: { bg: 'bg.subtle' },
})
const resizeHandleClass = css({
  position: 'absolute',
  right: '-3px',
  top: '0',
  bottom: '0',
  w: '6px',
  cursor: 'col-resize',
  zIndex: '1',
  _hover: { bg: 'accent.default/40' },
})
const rowClass = css({
  position: 'absolute',
  left: '0',
  right: '0',
  h: '35px',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  '&[data-failed]': { bg: 'danger.subtle' },
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
  '&[data-null]': { color: 'fg.subtle', fontStyle: 'italic' },
  '&[data-kind=number]': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  '&[data-kind=boolean]': { color: 'info.default' },
  '&[data-kind=json]': { color: 'fg.muted', fontFamily: 'mono', fontSize: 'xs' },
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
const gutterClass = css({ position: 'absolute', left: '0', top: '0', bottom: '0', overflow: 'hidden', bg: 'bg.muted' })
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
