import { ChevronRight, File, FileImage, FileText, Folder } from 'lucide-react'
import { memo, useLayoutEffect, useRef, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import type { StorageSortColumn } from '../../constants/storage'
import { virtualRowStyle } from '../../ui/virtual-rows'
import { previewKind, type ExplorerItem } from './explorer-items'

export const ENTRY_ROW_HEIGHT = 30

/** A column of the grid: what it shows of an entry, how wide (null: the rest), and the server sort it stands for. */
export interface EntryColumn {
  id: string
  label: string
  width: number | null
  render: (item: ExplorerItem) => ReactNode
  sortBy?: StorageSortColumn
}

/** What a row does, the same object for every row and render (so a row whose entry stays is not drawn again). */
export interface EntryRowActions {
  focus: (index: number) => void
  click: (item: ExplorerItem, shiftKey: boolean) => void
  toggle: (item: ExplorerItem, range: boolean) => void
}

export const cellClass = css({ px: '2', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', lineHeight: `${ENTRY_ROW_HEIGHT}px`, minW: '0' })
const checkCellClass = cx(cellClass, css({ display: 'flex', alignItems: 'center' }))
const nameClass = css({ display: 'flex', alignItems: 'center', gap: '2', minW: '0' })
const nameTextClass = css({ flex: '1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const folderIconClass = css({ flexShrink: '0', color: 'accent.default' })
const fileIconClass = css({ flexShrink: '0', color: 'fg.muted' })
const chevronClass = css({ flexShrink: '0', color: 'fg.subtle' })
// `contain: strict`: a row's size is its own (full width, one row high), so the rows coming into view
// are laid out and painted alone instead of the whole page being laid out again on every frame.
const rowClass = css(virtualRowStyle, {
  alignItems: 'center',
  h: `${ENTRY_ROW_HEIGHT}px`,
  contain: 'strict',
  userSelect: 'none',
  '&[aria-selected=true]': { bg: 'bg.muted' },
  '&[aria-current=true]': { bg: 'accent.subtle' },
})

/** The icon of an entry: a folder, an image, a text, or any file. */
export function EntryIcon({ item }: { item: ExplorerItem }) {
  const kind = item.kind === 'folder' ? 'folder' : previewKind(item.name, item.object?.metadata?.mimetype)
  const Icon = kind === 'folder' ? Folder : kind === 'image' ? FileImage : kind === 'text' || kind === 'json' || kind === 'csv' ? FileText : File
  return <Icon aria-hidden size={15} className={item.kind === 'folder' ? folderIconClass : fileIconClass} />
}

/** An entry's name with its icon (and a chevron for a folder when asked). */
export function EntryName({ item, chevron = false }: { item: ExplorerItem; chevron?: boolean }) {
  return (
    <span className={nameClass}>
      <EntryIcon item={item} />
      <span className={nameTextClass}>{item.name}</span>
      {chevron && item.kind === 'folder' ? <ChevronRight aria-hidden size={14} className={chevronClass} /> : null}
    </span>
  )
}

/** One entry of the grid at its place; memoized: a scroll draws only the rows coming into view. */
export const EntryRow = memo(function EntryRow({
  item,
  index,
  rowIndex,
  top,
  gridColumns,
  columns,
  selectable,
  checked,
  current,
  tabStop,
  actions,
}: {
  item: ExplorerItem
  index: number
  /** aria-rowindex: the place among the grid's rows, the header counted. */
  rowIndex: number
  top: number
  gridColumns: string
  columns: readonly EntryColumn[]
  selectable: boolean
  checked: boolean
  current: boolean
  tabStop: boolean
  actions: EntryRowActions
}) {
  const element = useRef<HTMLDivElement>(null)
  // The element now shows another entry (its own scrolled out of view): the focus it held does not
  // follow to that entry; it leaves, as it would with the row gone.
  useLayoutEffect(() => {
    if (element.current && element.current === document.activeElement) element.current.blur()
  }, [index])
  return (
    <div
      ref={element}
      role="row"
      aria-rowindex={rowIndex}
      aria-label={item.name}
      aria-selected={selectable ? checked : undefined}
      aria-current={current ? 'true' : undefined}
      data-index={index}
      data-kind={item.kind}
      tabIndex={tabStop ? 0 : -1}
      onFocus={() => actions.focus(index)}
      onClick={(event) => actions.click(item, event.shiftKey)}
      onKeyDown={(event) => {
        // Space checks the focused entry (Enter, the arrows and Delete bubble to the grid).
        if (event.key !== ' ' || !selectable) return
        event.preventDefault()
        actions.toggle(item, event.shiftKey)
      }}
      style={{ transform: `translateY(${top}px)`, gridTemplateColumns: gridColumns }}
      className={rowClass}
    >
      {selectable ? (
        <div role="gridcell" className={checkCellClass}>
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={`Select ${item.name}`}
            checked={checked}
            readOnly
            // The click (not the change) knows whether Shift was held; checking is not opening, so the row never sees it.
            onClick={(event) => {
              event.stopPropagation()
              actions.toggle(item, event.shiftKey)
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
})
