import { memo, useState, type PointerEvent, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { SortKey } from '../../lib/sql/table-rows'
import { type GridColumn, MIN_COLUMN_WIDTH } from './grid-types'

/** The column headers; memoized apart from the rows, so a vertical scroll does not redraw them (or their menus). */
export const GridHeader = memo(function GridHeader({
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
