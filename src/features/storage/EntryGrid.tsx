import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { css, cx } from 'styled-system/css'
import type { StorageSort } from '../../api/queries/storage'
import { Spinner } from '../../ui/spinner'
import { usePendingRowFocus } from '../../ui/virtual-rows'
import { itemKey, type ExplorerItem } from './explorer-items'
import { explorerKeyAction } from './miller-columns'
import { ENTRY_ROW_HEIGHT, EntryRow, cellClass, type EntryColumn, type EntryRowActions } from './EntryRow'

export { ENTRY_ROW_HEIGHT, EntryIcon, EntryName, type EntryColumn } from './EntryRow'

export interface EntrySelection {
  keys: ReadonlySet<string>
  state: 'none' | 'some' | 'all'
  onToggle: (item: ExplorerItem, range: boolean) => void
  onToggleAll: () => void
}

const OVERSCAN = 4
const NAME_MIN_WIDTH = 160
const moreRowClass = css({ position: 'absolute', top: '0', left: '0', w: 'full', h: `${ENTRY_ROW_HEIGHT}px`, display: 'flex', alignItems: 'center', gap: '2', px: '3', color: 'fg.muted', fontSize: 'xs' })

/**
 * A folder's entries as a grid, virtualized: only the rows in view are in the DOM, and the next page is
 * asked for as the end comes near, so 10,000 entries scroll like ten and every one of them is reached.
 * ↑ ↓ PageUp PageDown Home End move, Enter (or → on a folder) opens, ← goes to the parent,
 * Backspace or Delete asks to delete. One roving tab stop.
 */
export function EntryGrid({
  label,
  items,
  columns,
  activeKey,
  selection,
  sort,
  onSort,
  hasMore,
  loadingMore,
  onReached,
  onOpen,
  onParent,
  onDelete,
  wantsFocus = false,
  onFocusTaken,
  showHeader = true,
  className,
}: {
  label: string
  items: readonly ExplorerItem[]
  columns: readonly EntryColumn[]
  /** The entry shown open (the next column's folder, or the previewed file). */
  activeKey: string | null
  selection?: EntrySelection
  sort?: StorageSort
  onSort?: (sort: StorageSort) => void
  hasMore: boolean
  loadingMore: boolean
  onReached: (lastIndex: number) => void
  onOpen: (item: ExplorerItem) => void
  onParent?: () => void
  onDelete: (item: ExplorerItem) => void
  /** Take the keyboard focus (on the open entry, else the first) once there is something to focus. */
  wantsFocus?: boolean
  onFocusTaken?: () => void
  showHeader?: boolean
  className?: string
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const header = showHeader ? ENTRY_ROW_HEIGHT : 0
  const virtualizer = useVirtualizer({
    count: items.length + (hasMore ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => ENTRY_ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollPaddingStart: header,
  })
  const activeIndex = useMemo(() => (activeKey === null ? -1 : items.findIndex((item) => itemKey(item) === activeKey)), [items, activeKey])
  const [focusIndex, setFocusIndex] = useState(0)
  const tabIndex = Math.min(Math.max(0, focusIndex), Math.max(0, items.length - 1))
  const pendingFocus = usePendingRowFocus(scroller)
  const virtualRows = virtualizer.getVirtualItems()
  const lastPainted = virtualRows.at(-1)?.index ?? -1

  useEffect(() => {
    if (lastPainted >= 0) onReached(lastPainted)
  }, [lastPainted, onReached])

  // A new folder in this grid starts its roving stop at its open entry.
  useEffect(() => setFocusIndex(activeIndex >= 0 ? activeIndex : 0), [activeIndex])

  useEffect(() => {
    if (!wantsFocus || items.length === 0) return
    pendingFocus.current = activeIndex >= 0 ? activeIndex : 0
    virtualizer.scrollToIndex(pendingFocus.current)
    onFocusTaken?.()
  }, [wantsFocus, items.length, activeIndex, virtualizer, onFocusTaken, pendingFocus])

  // The rows' handlers read the latest props through a ref: one object for every render, so rows stay memoized.
  const latest = useRef({ onOpen, selection })
  useEffect(() => {
    latest.current = { onOpen, selection }
  })
  const actions = useMemo<EntryRowActions>(
    () => ({
      focus: setFocusIndex,
      click: (item, shiftKey) => {
        const { onOpen, selection } = latest.current
        if (shiftKey && selection) selection.onToggle(item, true)
        else onOpen(item)
      },
      toggle: (item, range) => latest.current.selection?.onToggle(item, range),
    }),
    [],
  )
  // As many slots as rows the viewport and both overscans can hold, so no two rows in view share one.
  const slots = Math.max(virtualRows.length, Math.ceil((virtualizer.scrollRect?.height ?? 0) / ENTRY_ROW_HEIGHT) + 2 * OVERSCAN + 2)

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target instanceof HTMLInputElement) return
    const action = explorerKeyAction(event.key, items, tabIndex)
    if (!action || (action.type === 'parent' && !onParent)) return
    event.preventDefault()
    if (action.type === 'focus') {
      setFocusIndex(action.index)
      pendingFocus.current = action.index
      virtualizer.scrollToIndex(action.index)
    } else if (action.type === 'open') onOpen(action.item)
    else if (action.type === 'parent') onParent?.()
    else onDelete(action.item)
  }

  // The name keeps room to be read and the other columns give way (their text cut short) when the list
  // is narrow, as beside an open preview; at full width they take their own widths.
  const grid = [selection ? '32px' : null, ...columns.map((c) => (c.width === null ? `minmax(${NAME_MIN_WIDTH}px, 1fr)` : `minmax(0, ${c.width}px)`))].filter(Boolean).join(' ')
  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the rows take focus (one roving tab stop); the grid listens to the keys they bubble
    <div
      ref={scroller}
      role="grid"
      aria-label={label}
      aria-rowcount={items.length + (showHeader ? 1 : 0)}
      aria-multiselectable={selection ? true : undefined}
      onKeyDown={onKeyDown}
      className={cx(css({ flex: '1', minH: '0', overflow: 'auto', fontSize: 'sm', position: 'relative' }), className)}
    >
      {showHeader ? (
        <div role="row" aria-rowindex={1} style={{ gridTemplateColumns: grid }} className={css({ display: 'grid', position: 'sticky', top: '0', zIndex: '1', h: `${ENTRY_ROW_HEIGHT}px`, bg: 'bg.muted', borderBottomWidth: '1px', borderColor: 'border.default', color: 'fg.muted', fontSize: 'xs' })}>
          {selection ? (
            <div role="columnheader" className={cx(cellClass, css({ display: 'flex', alignItems: 'center' }))}>
              <input
                type="checkbox"
                aria-label="Select all shown"
                checked={selection.state === 'all'}
                ref={(element) => {
                  if (element) element.indeterminate = selection.state === 'some'
                }}
                onChange={selection.onToggleAll}
              />
            </div>
          ) : null}
          {columns.map((column) => {
            const sorted = sort && column.sortBy === sort.column
            return (
              <div key={column.id} role="columnheader" aria-sort={sorted ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined} className={cellClass}>
                {column.sortBy && onSort ? (
                  <button
                    type="button"
                    className={css({ cursor: 'pointer', _hover: { color: 'fg.default' } })}
                    onClick={() => onSort({ column: column.sortBy!, order: sorted && sort.order === 'asc' ? 'desc' : 'asc' })}
                  >
                    {column.label} {sorted ? (sort.order === 'asc' ? '↑' : '↓') : null}
                  </button>
                ) : (
                  column.label
                )}
              </div>
            )
          })}
        </div>
      ) : null}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualRows.map((row) => {
          const item = items[row.index]
          if (!item) {
            return (
              <div key="more" role="row" aria-rowindex={row.index + 1 + (showHeader ? 1 : 0)} style={{ transform: `translateY(${row.start}px)` }} className={moreRowClass}>
                <div role="gridcell">{loadingMore ? <Spinner label="Loading more" /> : null} Loading more…</div>
              </div>
            )
          }
          return (
            <EntryRow
              // By slot: a row scrolled out gives its element to the one coming in (its text and place change,
              // nothing is made anew).
              key={row.index % slots}
              item={item}
              index={row.index}
              rowIndex={row.index + 1 + (showHeader ? 1 : 0)}
              top={row.start}
              gridColumns={grid}
              columns={columns}
              selectable={selection !== undefined}
              checked={selection?.keys.has(itemKey(item)) ?? false}
              current={row.index === activeIndex}
              tabStop={row.index === tabIndex}
              actions={actions}
            />
          )
        })}
      </div>
    </div>
  )
}
