import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import { Maximize2 } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { glyphButton } from '../../ui/glyph-button'
import { NULL_CHOICE, type InlineEdit } from './cell-edit'

/** Where the focus goes once an edit is saved or cancelled: the same cell, the next or previous one, or (a click elsewhere) wherever it went. */
export type AfterEdit = 'stay' | 'next' | 'previous' | 'away'

/**
 * A cell's value edited where it stands in the grid: a one-line box over the cell, or for booleans
 * and enums a box that filters their values as one types. Enter saves, Escape cancels, Tab saves and
 * moves on, a click elsewhere saves; "Expand" hands what was typed to the larger editor.
 */
export function InlineCellEditor({
  edit,
  start,
  label,
  style,
  listAbove,
  problem,
  onCommit,
  onCancel,
  onExpand,
}: {
  edit: InlineEdit
  /** The box's text to begin with: the value's, or the key that started the edit. */
  start: string
  label: string
  style: CSSProperties
  /** The values' list opens upwards (a cell low in the grid). */
  listAbove: boolean
  /** Why the last try could not be saved. */
  problem: string | null
  onCommit: (value: string, after: AfterEdit) => void
  onCancel: () => void
  onExpand: (text: string) => void
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(start)
  const choices = edit.choices
  // A pick shows every value until one types, then those that begin with what was typed.
  const shown = choices ? (text === '' ? choices : choices.filter((c) => c.label.toLowerCase().startsWith(text.toLowerCase()))) : []
  const [highlight, setHighlight] = useState(() => (choices && start === '' ? Math.max(0, choices.findIndex((c) => c.value === edit.initial)) : 0))
  const highlighted = shown[Math.min(highlight, shown.length - 1)]
  // What saving now would save: the picked value, or the text as typed (checked by the caller).
  const value = choices ? highlighted?.value ?? text : text

  useLayoutEffect(() => {
    const element = input.current
    if (!element) return
    element.focus()
    // Started by a key: the caret after it. Started on the value: all of it selected, to type over.
    if (start === edit.initial && !choices) element.select()
  }, [start, edit.initial, choices])

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    event.stopPropagation()
    if (event.key === 'Escape') {
      event.preventDefault()
      return onCancel()
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault()
      const after: AfterEdit = event.key === 'Enter' ? 'stay' : event.shiftKey ? 'previous' : 'next'
      return onCommit(value, after)
    }
    if (choices && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault()
      const count = shown.length
      if (count) setHighlight((h) => (Math.min(h, count - 1) + (event.key === 'ArrowDown' ? 1 : count - 1)) % count)
    }
  }

  const listId = `${id}-list`
  return (
    <div className={editorClass} style={style} data-invalid={problem ? '' : undefined}>
      <input
        ref={input}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        role={choices ? 'combobox' : undefined}
        aria-expanded={choices ? true : undefined}
        aria-controls={choices ? listId : undefined}
        aria-autocomplete={choices ? 'list' : undefined}
        aria-activedescendant={choices && highlighted ? `${id}-${shown.indexOf(highlighted)}` : undefined}
        className={inputClass}
        value={text}
        placeholder={choices ? (choices.find((c) => c.value === edit.initial)?.label ?? '') : edit.placeholder}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value)
          setHighlight(0)
        }}
        onKeyDown={onKeyDown}
        // After Enter, Escape or Expand the edit has ended: the grid ignores this blur's save.
        onBlur={() => onCommit(value, 'away')}
      />
      <button
        type="button"
        className={expandClass}
        aria-label="Open the larger editor"
        title="Open the larger editor"
        // Pressing it must not blur the box first (a blur saves).
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onExpand(choices ? value : text)}
      >
        <Maximize2 size={13} aria-hidden />
      </button>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className={problemClass} data-above={listAbove || undefined}>
          {problem}
        </p>
      ) : null}
      {choices && !problem ? (
        <ul id={listId} role="listbox" aria-label={`Values of ${label}`} className={listClass} data-above={listAbove || undefined}>
          {shown.length === 0 ? <li className={css({ px: '2', py: '1', color: 'fg.muted' })}>No value begins with “{text}”</li> : null}
          {shown.map((choice, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- focus stays in the combobox, which moves through the options by aria-activedescendant and picks one with Enter (WAI-ARIA combobox pattern)
            <li
              key={choice.value}
              id={`${id}-${index}`}
              role="option"
              aria-selected={choice === highlighted}
              data-null={choice.value === NULL_CHOICE ? '' : undefined}
              className={optionClass}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onCommit(choice.value, 'stay')}
            >
              {choice.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

const editorClass = css({
  position: 'absolute',
  zIndex: '2',
  display: 'flex',
  alignItems: 'center',
  bg: 'bg.surface',
  boxShadow: 'inset 0 0 0 2px token(colors.accent.default), 0 2px 8px rgba(0, 0, 0, 0.18)',
  '&[data-invalid]': { boxShadow: 'inset 0 0 0 2px token(colors.danger.default)' },
})
const inputClass = css({
  flex: '1',
  minW: '0',
  h: 'full',
  px: '2',
  bg: 'transparent',
  color: 'fg.default',
  fontSize: 'sm',
  outline: 'none',
  _placeholder: { color: 'fg.subtle', fontStyle: 'italic' },
})
const expandClass = cx(glyphButton({ size: 'sm' }), css({ mr: '1' }))
const popupStyle = {
  position: 'absolute',
  left: '0',
  minW: 'full',
  top: '100%',
  '&[data-above]': { top: 'auto', bottom: '100%' },
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  boxShadow: 'md',
  fontSize: 'sm',
} as const
const listClass = css({ ...popupStyle, maxH: '48', overflowY: 'auto', py: '1' })
const optionClass = css({
  px: '2',
  py: '1',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  '&[aria-selected=true]': { bg: 'accent.subtle' },
  '&[data-null]': { color: 'fg.muted', fontStyle: 'italic' },
  _hover: { bg: 'bg.subtle' },
})
const problemClass = css({ ...popupStyle, px: '2', py: '1', color: 'danger.default', whiteSpace: 'nowrap' })
