import { useEffect, useRef, type KeyboardEvent } from 'react'
import { css, cx } from 'styled-system/css'
import type { LogEventRow } from '../../api/schemas'
import { formatDisplayDate } from '../../lib/display-date'
import { eventTime } from '../../lib/log-range'
import { ownValue } from '../../lib/own-record'
import { usePendingRowFocus, useRowVirtualizer, virtualRowStyle } from '../../ui/virtual-rows'

const ROW_HEIGHT = 28

/** A column of the list: what it reads from an event, how wide it is (null: the rest). */
export interface EventColumn {
  id: string
  label: string
  width: number | null
  value: (row: LogEventRow) => string
  /** A severity-like column: coloured by its value. */
  tone?: boolean
}

const text = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value))
/** A column reading one field of the row (its own property: query mode's columns are the user's). */
export const fieldColumn = (id: string, label: string, width: number | null, tone = false): EventColumn => ({ id, label, width, tone, value: (row) => text(ownValue(row, id)) })
// SPEC §9: dates shown in the display format; the event panel and a request's trace keep the milliseconds.
export const timeColumn: EventColumn = { id: 'timestamp', label: 'Time', width: 232, value: (row) => formatDisplayDate(row.timestamp) ?? eventTime(row.timestamp) }

const eventRowClass = css(virtualRowStyle, { h: `${ROW_HEIGHT}px`, borderBottomWidth: '1px', borderColor: 'border.default', '&[aria-selected=true]': { bg: 'accent.subtle' } })
const cellClass = css({ px: '2', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', lineHeight: `${ROW_HEIGHT}px`, flexShrink: 0 })
const toneClass = css({
  fontWeight: 'medium',
  '&[data-tone=error]': { color: 'danger.default' },
  '&[data-tone=warning]': { color: 'warning.default' },
  '&[data-tone=info]': { color: 'fg.muted' },
})

/** The colour family of a level or severity word (Postgres's ERROR, FATAL, PANIC are errors). */
export function severityTone(value: string): 'error' | 'warning' | 'info' {
  const word = value.toLowerCase()
  if (['error', 'fatal', 'panic'].includes(word) || /^5\d\d$/.test(word)) return 'error'
  if (['warning', 'warn'].includes(word) || /^4\d\d$/.test(word)) return 'warning'
  return 'info'
}

/**
 * The events, newest first, virtualized: only the rows in view are in the DOM, so 100,000 events
 * scroll like ten. A click or Enter on a row opens it; ↑ and ↓ move between rows.
 */
export function EventList({
  label,
  rows,
  columns,
  selectedId,
  onSelect,
  dimmed = false,
  rowKey = (row) => row.id,
}: {
  label: string
  rows: readonly LogEventRow[]
  columns: readonly EventColumn[]
  selectedId: string | null
  onSelect: (row: LogEventRow) => void
  /** The rows are an earlier answer while the next one loads. */
  dimmed?: boolean
  /** What tells rows apart (ids are unique per source only). */
  rowKey?: (row: LogEventRow) => string
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useRowVirtualizer({ scroller, count: rows.length, rowHeight: ROW_HEIGHT, headerHeight: ROW_HEIGHT })
  const selectedIndex = selectedId === null ? -1 : rows.findIndex((row) => rowKey(row) === selectedId)
  const focusIndex = selectedIndex >= 0 ? selectedIndex : 0
  const pendingFocus = usePendingRowFocus(scroller)

  // Live events put in front of the list keep what the reader looks at in place (unless at the top).
  const previous = useRef({ first: rows[0] && rowKey(rows[0]), length: rows.length })
  useEffect(() => {
    const element = scroller.current
    const before = previous.current
    previous.current = { first: rows[0] && rowKey(rows[0]), length: rows.length }
    if (!element || element.scrollTop === 0 || before.first === undefined || (rows[0] && rowKey(rows[0])) === before.first) return
    const added = rows.findIndex((row) => rowKey(row) === before.first)
    if (added > 0) element.scrollTop += added * ROW_HEIGHT
  }, [rows, rowKey])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : event.key === 'PageDown' ? 20 : event.key === 'PageUp' ? -20 : 0
    if (step === 0 || rows.length === 0) return
    event.preventDefault()
    const next = Math.max(0, Math.min(rows.length - 1, focusIndex + step))
    pendingFocus.current = next
    virtualizer.scrollToIndex(next)
    onSelect(rows[next]!)
  }

  const grid = `${columns.map((c) => (c.width === null ? 'minmax(0, 1fr)' : `${c.width}px`)).join(' ')}`
  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the rows take focus (one roving tab stop); the grid listens to the keys they bubble
    <div
      ref={scroller}
      role="grid"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-busy={dimmed || undefined}
      onKeyDown={onKeyDown}
      className={cx(css({ flex: '1', minH: '0', overflow: 'auto', fontSize: 'xs', fontFamily: 'mono', position: 'relative' }), dimmed ? css({ opacity: 0.6 }) : undefined)}
    >
      <div role="row" aria-rowindex={1} style={{ gridTemplateColumns: grid }} className={css({ display: 'grid', position: 'sticky', top: '0', zIndex: '1', h: `${ROW_HEIGHT}px`, bg: 'bg.muted', borderBottomWidth: '1px', borderColor: 'border.default', fontFamily: 'body', color: 'fg.muted' })}>
        {columns.map((column) => (
          <div key={column.id} role="columnheader" className={cellClass}>
            {column.label}
          </div>
        ))}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!
          const selected = item.index === selectedIndex
          return (
            <div
              key={rowKey(row)}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={selected}
              data-index={item.index}
              tabIndex={item.index === focusIndex ? 0 : -1}
              onClick={() => onSelect(row)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault()
                  onSelect(row)
                }
              }}
              style={{ transform: `translateY(${item.start - ROW_HEIGHT}px)`, gridTemplateColumns: grid }}
              className={eventRowClass}
            >
              {columns.map((column) => {
                const value = column.value(row)
                return (
                  <div key={column.id} role="gridcell" className={cx(cellClass, column.tone ? toneClass : undefined)} data-tone={column.tone ? severityTone(value) : undefined} title={value.length > 40 ? value.slice(0, 500) : undefined}>
                    {value}
                  </div>
                )
              })}
            </div>
          )
        })}
      </div>
    </div>
  )
}
