import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import { css } from 'styled-system/css'

const ROW_HEIGHT = 28
const COLUMN_WIDTH = 180

/** How a cell reads in the grid: NULL for null, JSON on one line, long text cut. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'object') return JSON.stringify(value)
  const text = String(value)
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

/** A virtualized result grid: only the rows in view are in the DOM, so 100,000 rows stay smooth. */
export function ResultsGrid({ columns, rows }: { columns: string[]; rows: Record<string, unknown>[] }) {
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 })
  const width = Math.max(1, columns.length) * COLUMN_WIDTH + 56
  return (
    <div
      ref={scroller}
      role="grid"
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      className={css({ flex: '1', minH: '0', overflow: 'auto', fontFamily: 'mono', fontSize: 'xs', bg: 'bg.surface' })}
    >
      <div style={{ width, position: 'relative' }}>
        <div role="row" aria-rowindex={1} className={css({ display: 'flex', position: 'sticky', top: '0', zIndex: '1', bg: 'bg.muted', borderBottomWidth: '1px', borderColor: 'border.default', fontWeight: 'semibold' })}>
          <span className={css({ w: '56px', flexShrink: '0', px: '2', color: 'fg.subtle' })} />
          {columns.map((column) => (
            <span key={column} role="columnheader" className={css({ px: '2', py: '1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })} style={{ width: COLUMN_WIDTH, flexShrink: 0 }}>
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
                className={css({ display: 'flex', position: 'absolute', left: '0', borderBottomWidth: '1px', borderColor: 'border.default', _hover: { bg: 'bg.muted' } })}
                style={{ top: item.start, height: ROW_HEIGHT, width }}
              >
                <span className={css({ w: '56px', flexShrink: '0', px: '2', color: 'fg.subtle', lineHeight: '28px', textAlign: 'right' })}>{item.index + 1}</span>
                {columns.map((column) => {
                  const value = row[column]
                  return (
                    <span
                      key={column}
                      role="gridcell"
                      title={typeof value === 'string' && value.length > 200 ? value : undefined}
                      className={css({ px: '2', lineHeight: '28px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', '&[data-null]': { color: 'fg.subtle', fontStyle: 'italic' } })}
                      data-null={value === null || value === undefined ? '' : undefined}
                      style={{ width: COLUMN_WIDTH, flexShrink: 0 }}
                    >
                      {formatCell(value)}
                    </span>
                  )
                })}
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
