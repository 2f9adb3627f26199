import { memo } from 'react'
import { css } from 'styled-system/css'
import { asSentence } from '../../lib/sentence'
import { Button } from '../../ui/button'
import { cellInputText, type EditView } from './kept-edits'
import type { TableEdit } from './table-edit-store'
import type { TableEditActions } from './use-table-edits'

const VALUE_CHARS = 60
const LISTED_ROWS = 5

const clip = (text: string) => (text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text)
const shown = (value: unknown) => clip(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value))

/** A row named by its key: `id = 2`, or `(order_id = 7, line = 1)`. */
function rowName(keyColumns: readonly string[], values: readonly unknown[]): string {
  const parts = keyColumns.map((column, i) => `${column} = ${shown(values[i])}`)
  return parts.length === 1 ? parts[0]! : `(${parts.join(', ')})`
}

/** What the change is, in the user's terms. */
function describeEdit(edit: TableEdit): string {
  switch (edit.kind) {
    case 'cell': {
      const value = edit.input.kind === 'text' ? `“${clip(edit.input.text)}”` : cellInputText(edit.input)
      return `${edit.column} of row ${rowName(edit.keyColumns, edit.rowKey)} → ${value}`
    }
    case 'insert': {
      const given = Object.entries(edit.values).filter(([, input]) => input.kind !== 'default')
      const listed = given.slice(0, 3).map(([column, input]) => `${column} = ${input.kind === 'text' ? `“${clip(input.text)}”` : cellInputText(input)}`)
      return `New row${listed.length ? ` (${listed.join(', ')}${given.length > listed.length ? ', …' : ''})` : ' (every column its default)'}`
    }
    case 'row': {
      const changed = Object.entries(edit.values)
      const listed = changed.slice(0, 3).map(([column, input]) => `${column} → ${input.kind === 'text' ? `“${clip(input.text)}”` : cellInputText(input)}`)
      return `Row ${rowName(edit.keyColumns, edit.rowKey)}: ${listed.join(', ')}${changed.length > listed.length ? ', …' : ''}`
    }
    case 'delete': {
      const count = edit.rowKeys.length
      const named = edit.rowKeys.slice(0, LISTED_ROWS).map((key) => rowName(edit.keyColumns, key))
      return `Delete ${count.toLocaleString()} ${count === 1 ? 'row' : 'rows'}: ${named.join('; ')}${count > named.length ? `; and ${(count - named.length).toLocaleString()} more` : ''}`
    }
  }
}

function stateText(view: EditView): string {
  if (view.state === 'saving') return view.elsewhere ? 'Saving in another tab…' : 'Saving…'
  if (view.state === 'row-gone') return asSentence(view.error ?? 'This row is no longer in the table')
  return `Not saved: ${asSentence(view.error ?? 'the database did not confirm it')}`
}

/**
 * The table's changes the database has not taken, kept across reloads and tabs (./kept-edits):
 * each with what it is, why it is not saved, and Retry / Discard; Retry all and Discard all when
 * there are several. A change whose row is gone can only be discarded.
 */
export const KeptEditsPanel = memo(function KeptEditsPanel({
  views,
  retryBlockedBy,
  actions,
  onEditRow,
}: {
  views: readonly EditView[]
  /** Why nothing can be sent to this table now (it is read-only), or null. */
  retryBlockedBy: string | null
  actions: TableEditActions
  /** Opens a kept new row in the insert form. */
  onEditRow: (id: string) => void
}) {
  // The changes this page is sending have their place in the grid; the panel is for what waits on the user.
  if (!views.some((view) => view.state !== 'saving' || view.elsewhere)) return null
  const waiting = views.filter((view) => view.state === 'failed').length
  const title = `${views.length.toLocaleString()} ${views.length === 1 ? 'change' : 'changes'} not saved to the database`
  return (
    <section aria-label="Unsaved changes" className={panelClass}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
        <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{title}</h2>
        <span className={css({ flex: '1', minW: '0', fontSize: 'xs', color: 'fg.muted' })}>{views.length === 1 ? 'Kept in this browser until you retry or discard it.' : 'Kept in this browser until you retry or discard them.'}</span>
        {views.length > 1 ? (
          <>
            {retryBlockedBy ? null : (
              <Button size="sm" disabled={waiting === 0} onClick={() => void actions.retryAll()}>
                Retry all
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={actions.discardAll}>
              Discard all
            </Button>
          </>
        ) : null}
      </div>
      <ul className={listClass}>
        {views.map((view) => {
          const description = describeEdit(view.edit)
          return (
            <li key={view.edit.id} aria-label={description} data-state={view.state} className={itemClass}>
              <div className={css({ flex: '1', minW: '0' })}>
                <div className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{description}</div>
                <div role={view.state === 'saving' ? 'status' : undefined} className={stateClass}>
                  {stateText(view)}
                </div>
              </div>
              {view.state === 'saving' ? null : (
                <div className={css({ display: 'flex', gap: '1.5', flexShrink: 0 })}>
                  {view.state === 'failed' && view.edit.kind === 'insert' && !retryBlockedBy ? (
                    <Button size="sm" variant="ghost" onClick={() => onEditRow(view.edit.id)}>
                      Edit
                    </Button>
                  ) : null}
                  {view.state === 'failed' && !retryBlockedBy ? (
                    <Button size="sm" onClick={() => void actions.retry(view.edit.id)}>
                      Retry
                    </Button>
                  ) : null}
                  <Button size="sm" variant="ghost" onClick={() => actions.discard(view.edit.id)}>
                    Discard
                  </Button>
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
})

const panelClass = css({
  display: 'flex',
  flexDir: 'column',
  gap: '1.5',
  px: '3',
  py: '2',
  bg: 'danger.subtle',
  borderBottomWidth: '1px',
  borderColor: 'danger.default',
  fontSize: 'sm',
})
const listClass = css({ display: 'flex', flexDir: 'column', gap: '1', maxH: '40', overflowY: 'auto' })
const itemClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '2',
  py: '1.5',
  bg: 'bg.surface',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  '&[data-state=row-gone]': { borderColor: 'warning.default' },
})
const stateClass = css({ fontSize: 'xs', color: 'danger.default', overflowWrap: 'anywhere', '[data-state=saving] &': { color: 'fg.muted' } })
