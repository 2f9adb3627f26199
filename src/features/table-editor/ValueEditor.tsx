import { Dialog } from '@ark-ui/react/dialog'
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { css } from 'styled-system/css'
import type { TableColumn } from '../../api/schemas'
import type { CellInput } from '../../lib/sql/row-edits'
import type { ReferenceTarget } from '../../lib/sql/table-rows'
import { Button } from '../../ui/button'
import { ModalFrame } from '../../ui/dialog'
import { inputClass, ValueOptions } from '../../ui/field'
import { editorKind, inputProblem, NULL_CHOICE } from './cell-edit'
import { ReferencePicker, type ReadRows } from './ReferencePicker'

/**
 * The typed editor of one value: a select for booleans and enums, a multi-line box for text, JSON
 * and arrays, a date picker, a UUID generator; NULL is its own choice, apart from empty text.
 */
export function ValueInput({
  column,
  value,
  onChange,
  onSubmit,
  autoFocus,
  allowDefault = false,
}: {
  column: TableColumn
  value: CellInput
  onChange: (value: CellInput) => void
  onSubmit?: () => void
  autoFocus?: boolean
  allowDefault?: boolean
}) {
  const id = useId()
  const kind = editorKind(column)
  const text = value.kind === 'text' ? value.text : ''
  // Typing into a NULL or default value makes it text: the checkboxes say which it is, the field never locks.
  const placeholderFor = (typed: string | undefined) =>
    value.kind === 'null' ? 'NULL' : value.kind === 'default' ? `Default${column.default_value ? `: ${column.default_value}` : column.is_identity ? ': identity' : ''}` : typed
  const setText = (next: string) => onChange({ kind: 'text', text: next })
  const problem = inputProblem(value, column)
  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (kind === 'json' || kind === 'array' || kind === 'text' ? event.metaKey || event.ctrlKey : true)) {
      event.preventDefault()
      onSubmit?.()
    }
  }
  const common = {
    id,
    autoFocus,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
    'aria-label': column.name,
    onKeyDown: submitOnEnter,
  } as const

  let field
  if (kind === 'boolean' || kind === 'enum') {
    const options = kind === 'boolean' ? ['true', 'false'] : column.enums ?? []
    const selected = value.kind === 'null' ? NULL_CHOICE : value.kind === 'default' ? '\u0000default' : text
    field = (
      <select
        {...common}
        className={inputClass}
        value={selected}
        onChange={(event) => {
          const next = event.target.value
          onChange(next === NULL_CHOICE ? { kind: 'null' } : next === '\u0000default' ? { kind: 'default' } : { kind: 'text', text: next })
        }}
      >
        {value.kind === 'text' && text === '' ? <option value="">Choose…</option> : null}
        <ValueOptions values={options} />
        {column.is_nullable ? <option value={NULL_CHOICE}>NULL</option> : null}
        {allowDefault ? <option value={'\u0000default'}>Default{column.default_value ? ` (${column.default_value})` : ''}</option> : null}
      </select>
    )
  } else if (kind === 'json' || kind === 'array' || kind === 'text') {
    field = (
      <textarea
        {...common}
        className={css({ ...TEXTAREA_STYLE, fontFamily: kind === 'text' ? 'inherit' : 'mono' })}
        rows={kind === 'text' ? 4 : 10}
        value={text}
        placeholder={placeholderFor(kind === 'array' ? '["a", "b"] or {a,b}' : kind === 'json' ? '{"key": "value"}' : undefined)}
        onChange={(event) => setText(event.target.value)}
      />
    )
  } else {
    field = (
      <div className={css({ display: 'flex', gap: '2' })}>
        <input
          {...common}
          className={inputClass}
          type={kind === 'date' ? 'date' : 'text'}
          inputMode={kind === 'number' ? 'decimal' : undefined}
          value={text}
          placeholder={placeholderFor(kind === 'timestamp' ? 'YYYY-MM-DD HH:MM:SS+00' : kind === 'uuid' ? '00000000-0000-0000-0000-000000000000' : undefined)}
          onChange={(event) => setText(event.target.value)}
        />
        {kind === 'uuid' ? (
          <Button size="sm" onClick={() => setText(crypto.randomUUID())}>
            Generate
          </Button>
        ) : null}
        {kind === 'timestamp' ? (
          <Button size="sm" onClick={() => setText(new Date().toISOString())}>
            Now
          </Button>
        ) : null}
      </div>
    )
  }

  const textual = kind !== 'boolean' && kind !== 'enum'
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
      {field}
      {textual ? (
        <div className={css({ display: 'flex', gap: '4', fontSize: 'xs', color: 'fg.muted' })}>
          <label className={css({ display: 'flex', gap: '1.5', alignItems: 'center' })} title={column.is_nullable ? undefined : `${column.name} is NOT NULL`}>
            <input
              type="checkbox"
              checked={value.kind === 'null'}
              disabled={!column.is_nullable}
              onChange={(event) => onChange(event.target.checked ? { kind: 'null' } : { kind: 'text', text })}
            />
            NULL
          </label>
          {allowDefault ? (
            <label className={css({ display: 'flex', gap: '1.5', alignItems: 'center' })}>
              <input
                type="checkbox"
                checked={value.kind === 'default'}
                onChange={(event) => onChange(event.target.checked ? { kind: 'default' } : { kind: 'text', text })}
              />
              Default{column.default_value ? ` (${column.default_value})` : column.is_identity ? ' (identity)' : ''}
            </label>
          ) : null}
          {value.kind === 'text' && text === '' && kind === 'text' ? <span>Empty text (not NULL)</span> : null}
        </div>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} role="alert" className={css({ color: 'danger.default', fontSize: 'xs' })}>
          {problem}
        </p>
      ) : null}
    </div>
  )
}

const TEXTAREA_STYLE = {
  w: 'full',
  px: '3',
  py: '2',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  fontSize: 'sm',
  resize: 'vertical',
  _focusVisible: { outline: '2px solid token(colors.accent.default)' },
  _invalid: { borderColor: 'danger.default' },
  } as const

/** Edits one cell: the column's typed editor, the database's error when the last try failed, Save, Discard and Cancel. */
export function CellEditorDialog({
  open,
  column,
  rowLabel,
  initial,
  error,
  readOnlyReason,
  picking,
  onSave,
  onDiscard,
  onClose,
}: {
  open: boolean
  column: TableColumn
  /** A foreign key column: its target's rows to pick the value from (ReferencePicker), read with `run`. */
  picking?: { projectRef: string; target: ReferenceTarget; run: ReadRows }
  rowLabel: string
  initial: CellInput
  /** The database's answer to the last try of this edit. */
  error: string | null
  readOnlyReason: string | null
  onSave: (value: CellInput) => void
  onDiscard?: () => void
  onClose: () => void
}) {
  // Mounted per edit (the caller renders it only while editing), so what was typed never resets under a re-render.
  const [value, setValue] = useState(initial)
  const problem = inputProblem(value, column)
  const generated = column.is_generated || column.is_identity
  const reason = readOnlyReason ?? (column.is_generated ? `${column.name} is generated by the database` : null)

  function submit(event?: FormEvent) {
    event?.preventDefault()
    if (problem || reason) return
    onSave(value)
  }

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <ModalFrame size="large" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        <form onSubmit={submit} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <div>
            <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
              {reason ? 'View' : 'Edit'} {column.name}
            </Dialog.Title>
            <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>
              {rowLabel} · <span className={css({ fontFamily: 'mono' })}>{column.data_type}</span>
              {generated && !column.is_generated ? ' · identity' : ''}
            </Dialog.Description>
          </div>
          {error ? (
            <div role="alert" className={css({ bg: 'danger.subtle', color: 'danger.default', p: '2', borderRadius: 'md', fontSize: 'sm' })}>
              <strong>The database refused this change:</strong> {error}
            </div>
          ) : null}
          {reason ? (
            <>
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{reason}</p>
              <pre className={css({ fontFamily: 'mono', fontSize: 'sm', whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxH: '60vh', overflow: 'auto' })}>
                {initial.kind === 'text' ? initial.text : 'NULL'}
              </pre>
            </>
          ) : (
            <>
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the user opened this dialog to fill this field: focus moves into it (WAI-ARIA dialog pattern) */}
              <ValueInput column={column} value={value} onChange={setValue} onSubmit={submit} autoFocus />
              {picking ? (
                <ReferencePicker
                  projectRef={picking.projectRef}
                  column={column}
                  target={picking.target}
                  run={picking.run}
                  onPick={setValue}
                />
              ) : null}
            </>
          )}
          <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
            {onDiscard ? (
              <Button variant="ghost" onClick={onDiscard} className={css({ mr: 'auto' })}>
                Discard change
              </Button>
            ) : null}
            <Button onClick={onClose}>{reason ? 'Close' : 'Cancel'}</Button>
            {reason ? null : (
              <Button type="submit" variant="primary" disabled={!!problem}>
                {error ? 'Retry' : 'Save'}
              </Button>
            )}
          </div>
        </form>
      </ModalFrame>
    </Dialog.Root>
  )
}
