import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useId, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { queryKeys } from '../../api/queries/keys'
import { ownValue } from '../../lib/own-record'
import { formatCellText } from '../../lib/sql/result-format'
import { valueToInput, type CellInput, type EditableColumn } from '../../lib/sql/row-edits'
import { referenceRowsSql, type ReferenceTarget } from '../../lib/sql/table-rows'
import { Button } from '../../ui/button'
import { inputClass } from '../../ui/field'
import { sideListItemStyle } from '../../ui/side-panel'

/** How many of the target's rows the picker lists at once: a search narrows them. */
export const REFERENCE_PICKER_ROWS = 20

/** Runs one statement on the project's database and answers its rows. */
export type ReadRows = (sql: string) => Promise<Record<string, unknown>[]>

/**
 * A foreign key value picked from the rows it may point at: the target table's rows (searched in
 * any column), each showing the referenced value and the rest of the row, so a person chooses
 * "Lisbon Depot", not 17. Picking one answers its referenced value as the field's input.
 */
export function ReferencePicker({
  projectRef,
  column,
  target,
  run,
  onPick,
}: {
  projectRef: string
  /** The foreign key column: the picked value is written as its input. */
  column: EditableColumn
  target: ReferenceTarget
  run: ReadRows
  onPick: (input: CellInput) => void
}) {
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const needle = useDeferredValue(search.trim())
  const listId = useId()
  const rows = useQuery({
    queryKey: queryKeys.referenceRows(projectRef, target.schema, target.table, target.column, needle),
    queryFn: () => run(referenceRowsSql(target, needle, REFERENCE_PICKER_ROWS)),
    enabled: open,
  })
  const targetName = `${target.schema}.${target.table}`

  if (!open)
    return (
      <Button size="sm" variant="ghost" aria-expanded={false} aria-controls={listId} onClick={() => setOpen(true)} className={css({ alignSelf: 'flex-start' })}>
        Choose from {targetName}…
      </Button>
    )
  return (
    <div id={listId} role="group" aria-label={`Rows of ${targetName} for ${column.name}`} className={css({ display: 'flex', flexDir: 'column', gap: '1.5', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '2' })}>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <input
          type="search"
          aria-label={`Search ${targetName}`}
          placeholder={`Search ${targetName}`}
          className={cx(inputClass, css({ flex: '1', minW: '0', h: '8' }))}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
      {rows.isPending ? <p className={noteClass}>Loading rows…</p> : null}
      {rows.isError ? (
        <p role="alert" className={css({ fontSize: 'xs', color: 'danger.default' })}>
          Could not read {targetName}: {rows.error.message}
        </p>
      ) : null}
      {rows.isSuccess && rows.data.length === 0 ? <p className={noteClass}>{needle ? `No row of ${targetName} holds "${needle}".` : `${targetName} has no rows.`}</p> : null}
      {rows.isSuccess && rows.data.length > 0 ? (
        <ul className={css({ maxH: '48', overflowY: 'auto', display: 'flex', flexDir: 'column' })}>
          {rows.data.map((row, index) => {
            const value = ownValue(row, target.column)
            const rest = Object.entries(row)
              .filter(([name]) => name !== target.column)
              .map(([, cell]) => formatCellText(cell))
              .join(' · ')
            return (
              <li key={index}>
                <button
                  type="button"
                  className={rowButtonClass}
                  onClick={() => {
                    onPick(valueToInput(value, column))
                    setOpen(false)
                  }}
                >
                  <span className={css({ fontFamily: 'mono', fontWeight: 'medium', flexShrink: '0' })}>{formatCellText(value)}</span>{' '}
                  <span className={css({ color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{rest}</span>
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
      {rows.isSuccess && rows.data.length === REFERENCE_PICKER_ROWS ? <p className={noteClass}>The first {REFERENCE_PICKER_ROWS} rows: search to find others.</p> : null}
    </div>
  )
}

const noteClass = css({ fontSize: 'xs', color: 'fg.muted' })
const rowButtonClass = css(sideListItemStyle, { py: '1', fontSize: 'sm' })
