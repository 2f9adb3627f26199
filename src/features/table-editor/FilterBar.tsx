import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import type { TableColumn } from '../../api/schemas'
import { FILTER_OPERATORS, IS_FILTER_VALUES, type FilterOperator, type RowFilter } from '../../lib/sql/table-rows'
import { Button } from '../../ui/button'
import { ValueOptions } from '../../ui/field'

/** The row filters being edited: they reach the address, and the rows, when the form is submitted. */
export function FilterBar({ columns, filters, onApply }: { columns: TableColumn[]; filters: RowFilter[]; onApply: (filters: RowFilter[]) => void }) {
  const [draft, setDraft] = useState<RowFilter[]>(filters.length ? filters : [{ column: columns[0]?.name ?? '', operator: '=', value: '' }])
  useEffect(() => {
    if (filters.length) setDraft(filters)
  }, [filters])
  const update = (index: number, patch: Partial<RowFilter>) => setDraft((d) => d.map((f, i) => (i === index ? { ...f, ...patch } : f)))
  const complete = draft.filter((f) => f.column && (f.operator === 'is' ? IS_FILTER_VALUES.includes(f.value as never) : true))
  return (
    <form
      aria-label="Filters"
      className={css({
        display: 'flex',
        flexDir: 'column',
        gap: '1.5',
        px: '3',
        py: '2',
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.subtle',
      })}
      onSubmit={(event) => {
        event.preventDefault()
        onApply(complete)
      }}
    >
      {draft.map((filter, index) => (
        <div key={index} className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <select aria-label="Filter column" className={filterFieldClass} value={filter.column} onChange={(e) => update(index, { column: e.target.value })}>
            {columns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
          <select
            aria-label="Filter operator"
            className={css({ w: '28' }, filterFieldBase)}
            value={filter.operator}
            onChange={(e) => update(index, { operator: e.target.value as FilterOperator, value: e.target.value === 'is' ? 'null' : filter.value })}
          >
            <ValueOptions values={FILTER_OPERATORS} />
          </select>
          {filter.operator === 'is' ? (
            <select aria-label="Filter value" className={filterFieldClass} value={filter.value} onChange={(e) => update(index, { value: e.target.value })}>
              <ValueOptions values={IS_FILTER_VALUES} />
            </select>
          ) : (
            <input
              aria-label="Filter value"
              className={filterFieldClass}
              value={filter.value}
              placeholder={filter.operator === 'in' ? 'a, b, c' : filter.operator.includes('like') ? '%text%' : 'value'}
              onChange={(e) => update(index, { value: e.target.value })}
            />
          )}
          <Button size="sm" variant="ghost" aria-label="Remove filter" onClick={() => setDraft((d) => d.filter((_, i) => i !== index))}>
            ✕
          </Button>
        </div>
      ))}
      <div className={css({ display: 'flex', gap: '2' })}>
        <Button size="sm" variant="ghost" onClick={() => setDraft((d) => [...d, { column: columns[0]?.name ?? '', operator: '=', value: '' }])}>
          Add filter
        </Button>
        <Button size="sm" variant="ghost" onClick={() => (setDraft([]), onApply([]))}>
          Clear filters
        </Button>
        <Button size="sm" type="submit" variant="primary">
          Apply filters
        </Button>
      </div>
    </form>
  )
}

const filterFieldBase = { h: '8', px: '2', fontSize: 'sm', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' } as const
const filterFieldClass = css({ w: '48' }, filterFieldBase)
