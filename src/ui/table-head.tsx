import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

/**
 * A column of a table's head: its name; `{ label, className }` for one aligned or styled on its own (numbers
 * to the right); `{ hidden }` for a name read by screen readers only (a column of buttons).
 */
export type TableColumn = string | { label: ReactNode; className?: string } | { hidden: string }

const hiddenClass = css({ srOnly: true })

/**
 * A table's head of one row of column headings; `cellClass` styles every heading (tables not styled from above).
 * Headings are keyed by place: a query's result may name two columns alike (`select 1 as a, 2 as a`).
 */
export function TableHead({ columns, cellClass }: { columns: readonly TableColumn[]; cellClass?: string }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) =>
          typeof column === 'string' ? (
            <th key={index} scope="col" className={cellClass}>
              {column}
            </th>
          ) : 'hidden' in column ? (
            <th key={index} scope="col" className={cellClass}>
              <span className={hiddenClass}>{column.hidden}</span>
            </th>
          ) : (
            <th key={index} scope="col" className={cx(cellClass, column.className)}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  )
}
