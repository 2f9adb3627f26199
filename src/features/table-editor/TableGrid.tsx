import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react'
import { Plus } from 'lucide-react'
import { css } from 'styled-system/css'
import { hasShortcutModifier } from '../../lib/keyboard'
import { glyphButton } from '../../ui/glyph-button'
import { usePacedRangeReads } from '../../ui/virtual-rows'
import type { SortKey } from '../../lib/sql/table-rows'
import type { RowWindowStore, Row } from './row-windows'
import { columnOffsets, scrollSpace, scrollTopForRow, visibleColumns, visibleRows } from './scroll-space'
import type { CellPosition, GridColumn, PendingCell } from './grid-types'
import type { InlineEdit } from './cell-edit'
import { InlineCellEditor } from './InlineCellEditor'
import { useInlineCellEditing } from './use-inline-cell-editing'
import { GridHeader } from './GridHeader'
import { GridRow, GutterCell } from './GridRow'

export { MIN_COLUMN_WIDTH } from './grid-types'
export type { CellPosition, GridColumn, PendingCell } from './grid-types'

export const ROW_HEIGHT = 35
const HEADER_HEIGHT = 36
const GUTTER_WIDTH = 84
const ADD_COLUMN_WIDTH = 44
/** A narrow column's in-place editor is wider than the column, to leave room to type. */
const INLINE_EDITOR_MIN_WIDTH = 160

export interface TableGridProps {
  store: RowWindowStore
  columns: GridColumn[]
  sort: readonly SortKey[]
  selectedRows: ReadonlySet<number>
  /** A row's edits not yet in the database, by column name. */
  pendingOf: (row: Row) => ReadonlyMap<string, PendingCell> | undefined
  /** Whether a kept delete (not yet confirmed) is about a row. */
  deletingOf: (row: Row) => 'saving' | 'failed' | 'row-gone' | undefined
  onSort: (column: string) => void
  onResize: (column: string, width: number) => void
  onReorder: (column: string, before: string) => void
  onToggleRow: (row: number, range: boolean) => void
  /** The row's form, every column at once (the gutter's button, Shift+Enter); absent where rows are read-only. */
  onEditRow?: (row: number) => void
  /** The larger editor of a cell: Enter or a double click where a cell does not edit in place, or "Expand" with what was typed. */
  onOpenCell: (cell: CellPosition, draft?: string) => void
  /** How a cell edits in place, or null when it opens the larger editor. */
  inlineEditOf?: (cell: CellPosition) => InlineEdit | null
  /** Saves a cell's changed value from the in-place editor; answers why it cannot, or null once it is on its way. */
  onCommitCell?: (cell: CellPosition, value: string) => string | null
  onFollowReference: (column: GridColumn, value: unknown) => void
  headerMenu: (column: GridColumn) => ReactNode
  /** A "+" after the last column header opens this (tables only: a view's columns are its query's). */
  onAddColumn?: () => void
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
  const [active, setActiveCell] = useState<CellPosition>({ row: 0, col: 0 })
  // Counts the active cell's moves: a jump to the end that waited for the count knows if the user moved meanwhile.
  const moves = useRef(0)
  const setActive = useCallback((cell: CellPosition) => {
    moves.current++
    setActiveCell(cell)
  }, [])
  const bodyHeight = Math.max(ROW_HEIGHT, view.height - HEADER_HEIGHT)
  const space = scrollSpace(rowCount, ROW_HEIGHT)
  const offsets = useMemo(() => columnOffsets(columns), [columns])
  const columnsWidth = offsets[offsets.length - 1]!
  const totalWidth = GUTTER_WIDTH + columnsWidth + (props.onAddColumn ? ADD_COLUMN_WIDTH : 0)
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

  const ensureRows = useCallback((from: number, to: number) => store.ensure(from, to), [store])
  usePacedRangeReads(first, last, rowCount, ensureRows)

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
    const go = (row: number) => {
      setActive({ row, col })
      requestAnimationFrame(() => scrollToRow(row, 'bottom'))
    }
    // Under an estimated count the store shows the end's rows at the estimated end at once; once
    // counted they move to their place, and so does the cell, unless the user has moved since. An
    // estimate on its way comes first: without one, the end is an exact count of the table away.
    if (!store.count) await store.countKnown()
    const end = store.jumpToEnd()
    if (end.placed) go(end.row)
    const moved = moves.current
    await end.counted
    if (moves.current === moved) go(Math.max(0, store.rowCount - 1))
  }

  const { editing, startEditing, commitEditing, endEditing } = useInlineCellEditing({
    store,
    inlineEditOf: props.inlineEditOf,
    onCommitCell: props.onCommitCell,
    onOpenCell: props.onOpenCell,
    setActive,
    moveTo,
    focusGrid: () => scroller.current?.focus(),
  })

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return
    // A typed character starts an in-place edit with it, as in a spreadsheet (the space selects the row).
    if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault()
      return startEditing(active, event.key)
    }
    // Backspace and Delete start it emptied: Enter then saves no value (NULL, or empty text).
    if ((event.key === 'Backspace' || event.key === 'Delete') && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault()
      return startEditing(active, '')
    }
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
        if (event.key === 'Enter' && event.shiftKey) return props.onEditRow?.(active.row)
        return startEditing(active)
      case ' ':
        handled()
        return props.onToggleRow(active.row, event.shiftKey)
    }
  }

  // Rows are keyed by slot (index modulo the rows a viewport holds), not by index: a jump far away
  // then updates the slots' text in place instead of unmounting and mounting every row.
  const slots = Math.ceil(bodyHeight / ROW_HEIGHT) + 2
  // Each row's place is counted from a base that moves once per `slots` rows, and the layers are
  // shifted instead: scrolling by a row changes no row's props, so the memoized rows that stay in
  // view are not drawn again (only the ones coming in are).
  const base = first - (first % slots)
  const layerTop = firstTop - (first - base) * ROW_HEIGHT
  const rows: ReactNode[] = []
  const gutters: ReactNode[] = []
  for (let index = first; index <= last && index < rowCount; index++) {
    const rowData = store.row(index)
    const top = (index - base) * ROW_HEIGHT
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
        deleting={rowData ? props.deletingOf(rowData) : undefined}
        onFollowReference={props.onFollowReference}
      />,
    )
    gutters.push(<GutterCell key={index % slots} id={`${gutterIds}-${index}`} index={index} top={top} selected={props.selectedRows.has(index)} onToggleRow={props.onToggleRow} onEditRow={rowData ? props.onEditRow : undefined} />)
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
        if (cell) startEditing(cell)
      }}
    >
      <div className={layerClass} style={{ width: view.width, height: view.height }}>
        <div className={bodyClass} style={{ top: HEADER_HEIGHT, height: bodyHeight }}>
          <div style={{ position: 'absolute', left: GUTTER_WIDTH, top: 0, right: 0, bottom: 0, overflow: 'hidden' }}>
            <div style={{ transform: `translate(${-view.left}px, ${layerTop}px)`, position: 'absolute', inset: 0, willChange: 'transform' }}>
              {rows}
              {editing ? (
                <InlineCellEditor
                  key={`${editing.cell.row}:${editing.cell.col}`}
                  edit={editing.edit}
                  start={editing.start}
                  label={`Edit ${columns[editing.cell.col]?.name ?? ''}`}
                  style={{
                    top: (editing.cell.row - base) * ROW_HEIGHT,
                    left: offsets[editing.cell.col],
                    width: Math.max(INLINE_EDITOR_MIN_WIDTH, columns[editing.cell.col]?.width ?? 0),
                    height: ROW_HEIGHT,
                  }}
                  listAbove={editing.cell.row - first > (last - first) / 2}
                  problem={editing.problem}
                  onCommit={commitEditing}
                  onCancel={() => endEditing('stay')}
                  onExpand={(draft) => {
                    endEditing('away')
                    props.onOpenCell(editing.cell, draft)
                  }}
                />
              ) : null}
            </div>
          </div>
          <div className={gutterClass} style={{ width: GUTTER_WIDTH }}>
            <div style={{ transform: `translateY(${layerTop}px)`, position: 'absolute', inset: 0 }}>{gutters}</div>
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
            {props.onAddColumn ? (
              <div role="columnheader" className={addColumnClass} style={{ left: columnsWidth - view.left, width: ADD_COLUMN_WIDTH }}>
                <button type="button" aria-label="Add column" title="Add column" className={addColumnButtonClass} onClick={props.onAddColumn}>
                  <Plus size={16} aria-hidden />
                </button>
              </div>
            ) : null}
          </div>
        </div>
      </div>
      <div style={{ width: totalWidth, height: Math.max(0, space.height + HEADER_HEIGHT - view.height) }} />
    </div>
  )
}

function cellOf(target: EventTarget): CellPosition | null {
  const cell = (target as HTMLElement).closest?.('[data-row][data-col]') as HTMLElement | null
  return cell ? { row: Number(cell.dataset['row']), col: Number(cell.dataset['col']) } : null
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
const addColumnClass = css({ position: 'absolute', top: '0', bottom: '0', display: 'flex', alignItems: 'center', justifyContent: 'center' })
const addColumnButtonClass = glyphButton({ size: 'md' })
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

const gutterClass = css({ position: 'absolute', left: '0', top: '0', bottom: '0', overflow: 'hidden', bg: 'bg.muted' })
