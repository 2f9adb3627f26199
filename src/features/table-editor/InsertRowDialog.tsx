import { Dialog } from '@ark-ui/react/dialog'
import { useState, type FormEvent, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { TableSchema } from '../../api/schemas'
import { ownRecord, ownValue, withOwnValue, type OwnRecord } from '../../lib/own-record'
import type { CellInput } from '../../lib/sql/row-edits'
import type { ReferenceTarget } from '../../lib/sql/table-rows'
import { Button } from '../../ui/button'
import { ModalFrame } from '../../ui/dialog'
import { usePendingAction } from '../../ui/use-pending-action'
import { ReferencePicker, type ReadRows } from './ReferencePicker'
import { inputProblem } from './cell-edit'
import { ValueInput } from './ValueEditor'

/**
 * The first value of each column in a new row: its default where it has one (or may be NULL), else
 * empty. By column name (the user's: a column may be called `__proto__`), read by own keys only.
 */
function initialInsertValues(table: TableSchema): OwnRecord<CellInput> {
  return ownRecord(
    table.columns
      .filter((column) => !column.is_generated)
      .map((column) => [column.name, column.default_value !== null || column.is_identity || column.is_nullable ? { kind: 'default' } : { kind: 'text', text: '' }] as const),
  )
}

const NO_VALUE: CellInput = { kind: 'default' }

const sameInput = (a: CellInput | undefined, b: CellInput | undefined) => JSON.stringify(a) === JSON.stringify(b)

/**
 * A new row, or (with `editing`) an existing one, column by column with the typed editors; the
 * database's error stays beside the form, and so does everything typed. A change the database
 * refused is kept (./kept-edits) until it is saved or discarded: Cancel leaves it in the table's
 * unsaved changes, Discard drops it. An existing row's form sends only the columns changed, in one
 * statement.
 */
export function InsertRowDialog({
  table,
  picking,
  initial,
  initialError = null,
  editing,
  onInsert,
  onDiscard,
  onClose,
}: {
  table: TableSchema
  /** Foreign key columns offer their target's rows to pick from (ReferencePicker), read with `run`. */
  picking?: { projectRef: string; references: ReadonlyMap<string, ReferenceTarget>; run: ReadRows }
  /** A kept row's values, when the form reopens it. */
  initial?: Readonly<Record<string, CellInput>>
  initialError?: string | null
  /** An existing row: how it is named, and its values as they are (what "changed" is measured against). */
  editing?: { rowLabel: string; values: OwnRecord<CellInput>; referencedBy?: ReactNode }
  /** Rejects with the database's error: the form stays, with it. Given the changed columns only when `editing`. */
  onInsert: (values: OwnRecord<CellInput>) => Promise<void>
  /** Offered once a try has failed: drops the kept row. */
  onDiscard?: () => void
  onClose: () => void
}) {
  const [values, setValues] = useState<OwnRecord<CellInput>>(() => {
    const start = editing ? editing.values : initialInsertValues(table)
    return initial ? ownRecord([...Object.entries(start), ...Object.entries(initial).filter(([name]) => Object.hasOwn(start, name))]) : start
  })
  const pending = usePendingAction(initialError)
  const editable = table.columns.filter((c) => !c.is_generated)
  const valueOf = (name: string) => ownValue(values, name) ?? NO_VALUE
  const problems = editable.map((c) => inputProblem(valueOf(c.name), c)).filter(Boolean)
  const changed = editing ? ownRecord(Object.entries(values).filter(([name, input]) => !sameInput(input, ownValue(editing.values, name)))) : values
  const nothingChanged = editing !== undefined && Object.keys(changed).length === 0

  async function submit(event?: FormEvent) {
    event?.preventDefault()
    if (problems.length || pending.busy || nothingChanged) return
    pending.setProblem(null)
    await pending.run(() => onInsert(changed))
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <ModalFrame size="large" className={css({ maxH: '90vh', display: 'flex', flexDir: 'column' })}>
        <form onSubmit={(event) => void submit(event)} className={css({ display: 'flex', flexDir: 'column', gap: '3', minH: '0' })}>
          <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {editing ? `Edit row ${editing.rowLabel} of ${table.schema}.${table.name}` : `Insert a row into ${table.schema}.${table.name}`}
          </Dialog.Title>
          <div className={css({ display: 'flex', flexDir: 'column', gap: '3', overflowY: 'auto', pr: '1' })}>
            {editable.map((column) => (
              <div key={column.name} className={css({ display: 'grid', gridTemplateColumns: '10rem 1fr', gap: '3', alignItems: 'start' })}>
                <div className={css({ pt: '2', fontSize: 'sm' })}>
                  <div className={css({ fontWeight: 'medium', wordBreak: 'break-word' })}>
                    {column.name}
                    {editing && Object.hasOwn(changed, column.name) ? <span className={css({ color: 'accent.default' })}> · changed</span> : null}
                  </div>
                  <div className={css({ fontFamily: 'mono', fontSize: 'xs', color: 'fg.subtle' })}>{column.data_type}</div>
                </div>
                <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', minW: '0' })}>
                  <ValueInput column={column} value={valueOf(column.name)} allowDefault onChange={(value) => setValues((v) => withOwnValue(v, column.name, value))} />
                  {picking?.references.has(column.name) ? (
                    <ReferencePicker
                      projectRef={picking.projectRef}
                      column={column}
                      target={picking.references.get(column.name)!}
                      run={picking.run}
                      onPick={(input) => setValues((v) => withOwnValue(v, column.name, input))}
                    />
                  ) : null}
                </div>
              </div>
            ))}
            {editing?.referencedBy}
          </div>
          {pending.problem ? (
            <div role="alert" className={css({ bg: 'danger.subtle', color: 'danger.default', p: '2', borderRadius: 'md', fontSize: 'sm' })}>
              <strong>The database refused this {editing ? 'change' : 'row'}:</strong> {pending.problem}
              <div className={css({ color: 'fg.muted', mt: '1' })}>It is kept with the table’s unsaved changes until it is {editing ? 'saved' : 'inserted'} or discarded.</div>
            </div>
          ) : null}
          <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
            {pending.problem && onDiscard ? (
              <Button variant="ghost" onClick={onDiscard} className={css({ mr: 'auto' })}>
                {editing ? 'Discard change' : 'Discard row'}
              </Button>
            ) : null}
            <Button onClick={onClose}>{pending.problem ? 'Close' : 'Cancel'}</Button>
            <Button type="submit" variant="primary" loading={pending.busy} disabled={problems.length > 0 || nothingChanged}>
              {editing ? 'Save row' : 'Insert row'}
            </Button>
          </div>
        </form>
      </ModalFrame>
    </Dialog.Root>
  )
}
