import { useRef } from 'react'
import { css, cx } from 'styled-system/css'
import type { StatementSortKey } from '../../constants'
import { formatCacheHitRate, formatStatementTime, statementSummary, type SortDirection, type StatementStatistics } from '../../lib/query-statistics'
import { useRowVirtualizer } from '../../ui/virtual-rows'

const ROW_HEIGHT = 36
const HEADER_HEIGHT = 32
/** The list grows with its rows up to this height, then scrolls. */
const MAX_HEIGHT = 480

/** The columns after the statement, each sortable; widths in px, the statement takes the rest. */
const COLUMNS: { key: StatementSortKey; label: string; width: number; format: (statement: StatementStatistics) => string }[] = [
  { key: 'calls', label: 'Calls', width: 84, format: (s) => s.calls.toLocaleString() },
  { key: 'total_time', label: 'Total time', width: 96, format: (s) => formatStatementTime(s.total_time) },
  { key: 'mean_time', label: 'Mean', width: 88, format: (s) => formatStatementTime(s.mean_time) },
  { key: 'max_time', label: 'Max', width: 88, format: (s) => formatStatementTime(s.max_time) },
  { key: 'rows', label: 'Rows', width: 80, format: (s) => s.rows.toLocaleString() },
  { key: 'cache_hit_rate', label: 'Cache hits', width: 92, format: (s) => formatCacheHitRate(s.cache_hit_rate) },
]
const ROLE_WIDTH = 120

const rowClass = css({ display: 'flex', alignItems: 'center', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm' })
const numberCell = css({ px: '2', textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', flexShrink: '0' })
const textCell = css({ px: '2', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

/**
 * The statements, virtualized (only the rows in view are in the DOM, so 10,000 stay smooth), with
 * sortable columns; a row's statement is a button that opens its detail.
 */
export function StatementsTable({
  statements,
  sort,
  direction,
  selectedId,
  onSort,
  onSelect,
}: {
  statements: readonly StatementStatistics[]
  sort: StatementSortKey
  direction: SortDirection
  selectedId: string | null
  onSort: (key: StatementSortKey) => void
  onSelect: (statement: StatementStatistics) => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useRowVirtualizer({ scroller, count: statements.length, rowHeight: ROW_HEIGHT, headerHeight: HEADER_HEIGHT, overscan: 10 })
  return (
    <div
      ref={scroller}
      role="table"
      aria-label="Statements"
      aria-rowcount={statements.length + 1}
      className={css({ overflow: 'auto', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.surface', flexShrink: '0' })}
      style={{ height: Math.min(MAX_HEIGHT, HEADER_HEIGHT + statements.length * ROW_HEIGHT + 2) }}
    >
      <div role="row" aria-rowindex={1} className={cx(rowClass, css({ position: 'sticky', top: '0', zIndex: '1', bg: 'bg.muted', fontSize: 'xs', color: 'fg.muted' }))} style={{ height: HEADER_HEIGHT }}>
        <span role="columnheader" className={cx(textCell, css({ flex: '1', minW: '0' }))}>
          Statement
        </span>
        <span role="columnheader" className={textCell} style={{ width: ROLE_WIDTH, flexShrink: 0 }}>
          Role
        </span>
        {COLUMNS.map((column) => (
          <span
            key={column.key}
            role="columnheader"
            aria-sort={sort === column.key ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
            className={numberCell}
            style={{ width: column.width }}
          >
            <button type="button" onClick={() => onSort(column.key)} className={css({ cursor: 'pointer', fontWeight: sort === column.key ? 'semibold' : 'normal', color: sort === column.key ? 'fg.default' : undefined })}>
              {column.label}
              <span aria-hidden>{sort === column.key ? (direction === 'asc' ? ' ↑' : ' ↓') : ''}</span>
            </button>
          </span>
        ))}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const statement = statements[item.index]!
          const selected = statement.id === selectedId
          return (
            <div
              key={statement.id}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={selected}
              className={cx(rowClass, css({ position: 'absolute', left: '0', right: '0', _hover: { bg: 'bg.muted' }, '&[aria-selected=true]': { bg: 'accent.subtle' } }))}
              style={{ top: item.start - HEADER_HEIGHT, height: ROW_HEIGHT }}
            >
              <span role="cell" className={cx(textCell, css({ flex: '1', minW: '0' }))}>
                <button
                  type="button"
                  title={statement.query}
                  onClick={() => onSelect(statement)}
                  className={css({ fontFamily: 'mono', fontSize: 'xs', cursor: 'pointer', maxW: 'full', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'left', _hover: { textDecoration: 'underline' } })}
                >
                  {statementSummary(statement.query)}
                </button>
              </span>
              <span role="cell" className={cx(textCell, css({ color: 'fg.muted', fontSize: 'xs' }))} style={{ width: ROLE_WIDTH, flexShrink: 0 }}>
                {statement.role ?? '—'}
              </span>
              {COLUMNS.map((column) => (
                <span key={column.key} role="cell" className={numberCell} style={{ width: column.width }}>
                  {column.format(statement)}
                </span>
              ))}
            </div>
          )
        })}
      </div>
    </div>
  )
}
