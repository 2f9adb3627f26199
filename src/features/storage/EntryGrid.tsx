import { useVirtualizer } from '@tanstack/react-virtual'
import { ChevronRight, File, FileImage, FileText, Folder } from 'lucide-react'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import type { StorageSort } from '../../api/queries/storage'
import type { StorageSortColumn } from '../../constants/storage'
import { Spinner } from '../../ui/spinner'
import { itemKey, previewKind, type ExplorerItem } from './explorer-items'
import { explorerKeyAction } from './miller-columns'
import { usePendingRowFocus } from '../../ui/virtual-rows'

export const ENTRY_ROW_HEIGHT = 30

/** A column of the grid: what it shows of an entry, how wide (null: the rest), and the server sort it stands for. */
export interface EntryColumn {
  id: string
  label: string
  width: number | null
  render: (item: ExplorerItem) => ReactNode
  sortBy?: StorageSortColumn
}

export interface EntrySelection {
  keys: ReadonlySet<string>
  state: 'none' | 'some' | 'all'
  onToggle: (item: ExplorerItem, range: boolean) => void
  onToggleAll: () => void
}

const cellClass = css({ px: '2', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', lineHeight: `${ENTRY_ROW_HEIGHT}px`, minW: '0' })

/** The icon of an entry: a folder, an image, a text, or any file. */
export function EntryIcon({ item }: { item: ExplorerItem }) {
  const kind = item.kind === 'folder' ? 'folder' : previewKind(item.name, item.object?.metadata?.mimetype)
  const Icon = kind === 'folder' ? Folder : kind === 'image' ? FileImage : kind === 'text' || kind === 'json' || kind === 'csv' ? FileText : File
  return <Icon aria-hidden size={15} className={css({ flexShrink: '0', color: item.kind === 'folder' ? 'accent.default' : 'fg.muted' })} />
}

/** An entry's name with its icon (and a chevron for a folder when asked). */
export function EntryName({ item, chevron = false }: { item: ExplorerItem; chevron?: boolean }) {
  return (
    <span className={css({ display: 'flex', alignItems: 'center', gap: '2', minW: '0' })}>
      <EntryIcon item={item} />
      <span className={css({ flex: '1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{item.name}</span>
      {chevron && item.kind === 'folder' ? <ChevronRight aria-hidden size={14} className={css({ flexShrink: '0', color: 'fg.subtle' })} /> : null}
    </span>
  )
}

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
    overscan: 12,
    scrollPaddingStart: header,
  })
  const activeIndex = activeKey === null ? -1 : items.findIndex((item) => itemKey(item) === activeKey)
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

  const grid = [selection ? '32px' : null, ...columns.map((c) => (c.width === null ? 'minmax(0, 1fr)' : `${c.width}px`))].filter(Boolean).join(' ')
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
              <div key="more" role="row" aria-rowindex={row.index + 1 + (showHeader ? 1 : 0)} style={{ transform: `translateY(${row.start}px)` }} className={css({ position: 'absolute', top: '0', left: '0', w: 'full', h: `${ENTRY_ROW_HEIGHT}px`, display: 'flex', alignItems: 'center', gap: '2', px: '3', color: 'fg.muted', fontSize: 'xs' })}>
                <div role="gridcell">{loadingMore ? <Spinner label="Loading more" /> : null} Loading more…</div>
              </div>
            )
          }
          const key = itemKey(item)
          const checked = selection?.keys.has(key) ?? false
          return (
            <div
              key={key}
              role="row"
              aria-rowindex={row.index + 1 + (showHeader ? 1 : 0)}
              aria-label={item.name}
              aria-selected={selection ? checked : undefined}
              aria-current={row.index === activeIndex ? 'true' : undefined}
              data-index={row.index}
              data-kind={item.kind}
              tabIndex={row.index === tabIndex ? 0 : -1}
              onFocus={() => setFocusIndex(row.index)}
              onClick={(event) => {
                if (event.shiftKey && selection) selection.onToggle(item, true)
                else onOpen(item)
              }}
              onKeyDown={(event) => {
                // Space checks the focused entry (Enter, the arrows and Delete bubble to the grid).
                if (event.key !== ' ' || !selection) return
                event.preventDefault()
                selection.onToggle(item, event.shiftKey)
              }}
              style={{ transform: `translateY(${row.start}px)`, gridTemplateColumns: grid }}
              className={css({
                display: 'grid',
                alignItems: 'center',
                position: 'absolute',
                top: '0',
                left: '0',
                w: 'full',
                h: `${ENTRY_ROW_HEIGHT}px`,
                cursor: 'pointer',
                userSelect: 'none',
                _hover: { bg: 'bg.subtle' },
                '&[aria-selected=true]': { bg: 'bg.muted' },
                '&[aria-current=true]': { bg: 'accent.subtle' },
                _focusVisible: { outline: '2px solid token(colors.accent.default)', outlineOffset: '-2px' },
              })}
            >
              {selection ? (
                <div role="gridcell" className={cx(cellClass, css({ display: 'flex', alignItems: 'center' }))}>
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select ${item.name}`}
                    checked={checked}
                    readOnly
                    // The click (not the change) knows whether Shift was held; checking is not opening, so the row never sees it.
                    onClick={(event) => {
                      event.stopPropagation()
                      selection.onToggle(item, event.shiftKey)
                    }}
                  />
                </div>
              ) : null}
              {columns.map((column) => (
                <div key={column.id} role="gridcell" className={cellClass}>
                  {column.render(item)}
                </div>
              ))}
            </div>
          )
        })}
      </div>
    </div>
  )
}
