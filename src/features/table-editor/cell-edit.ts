/**
 * Which cells edit in place in the grid, and what the in-place editor's text means as a value.
 * Long or multi-line text, JSON and arrays, generated columns and read-only relations open the
 * larger editor (CellEditorDialog) instead: a one-line box would hide most of them.
 */
import type { TableColumn } from '../../api/schemas'
import { valueToInput, type CellInput } from '../../lib/sql/row-edits'
import { checkInput } from '../../lib/sql/value-check'

export type EditorKind = 'boolean' | 'enum' | 'json' | 'array' | 'text' | 'number' | 'date' | 'timestamp' | 'uuid' | 'other'

export function editorKind(column: Pick<TableColumn, 'base_type' | 'type_category' | 'enums'>): EditorKind {
  if (column.type_category === 'A') return 'array'
  if (column.base_type === 'bool') return 'boolean'
  if (column.enums) return 'enum'
  if (column.base_type === 'json' || column.base_type === 'jsonb') return 'json'
  if (column.base_type === 'uuid') return 'uuid'
  if (column.base_type === 'date') return 'date'
  if (column.base_type === 'timestamp' || column.base_type === 'timestamptz') return 'timestamp'
  if (column.type_category === 'N') return 'number'
  if (column.type_category === 'S') return 'text'
  return 'other'
}

/** What is wrong with an input for the column, before any SQL runs (NULL into NOT NULL, a value of the wrong type). */
export function inputProblem(input: CellInput, column: TableColumn): string | null {
  if (input.kind === 'null') return column.is_nullable ? null : `${column.name} cannot be NULL`
  if (input.kind === 'default') return null
  return checkInput(input.text, column)
}

/** Text longer than this (or with a line break) edits in the larger editor. */
export const INLINE_TEXT_LIMIT = 120

/** The choice that stands for NULL among a boolean's or an enum's values (no label can hold NUL). */
export const NULL_CHOICE = '\u0000null'

export interface InlineChoice {
  value: string
  label: string
}

/** How a cell edits in place: from its value's text, or by picking one of fixed values. */
export interface InlineEdit {
  /** The value as text (a choice's value for a pick); committing it unchanged saves nothing. */
  initial: string
  /** Shown in an empty box: what the cell holds when that is NULL. */
  placeholder: string
  /** Booleans and enums: the values to pick from (NULL last when the column allows it). */
  choices: readonly InlineChoice[] | null
}

/** The in-place editor of a value in a column, or null when it opens the larger editor. */
export function inlineEditOf(column: TableColumn, value: unknown): InlineEdit | null {
  if (column.is_generated) return null
  const kind = editorKind(column)
  if (kind === 'json' || kind === 'array') return null
  const input = valueToInput(value, column)
  const text = input.kind === 'text' ? input.text : ''
  if (text.length > INLINE_TEXT_LIMIT || /[\r\n]/.test(text)) return null
  const placeholder = input.kind === 'null' ? 'NULL' : ''
  if (kind === 'boolean' || kind === 'enum') {
    const values = kind === 'boolean' ? ['true', 'false'] : column.enums ?? []
    const choices: InlineChoice[] = values.map((v) => ({ value: v, label: v }))
    if (column.is_nullable) choices.push({ value: NULL_CHOICE, label: 'NULL' })
    return { initial: input.kind === 'null' ? NULL_CHOICE : text, placeholder, choices }
  }
  return { initial: text, placeholder, choices: null }
}

/**
 * What the in-place editor's text saves: the NULL choice is NULL, and so is an emptied box in a
 * nullable column that is not text (an empty number means no number); in a text column it is ''.
 */
export function inlineInput(text: string, column: TableColumn): CellInput {
  if (text === NULL_CHOICE) return { kind: 'null' }
  if (text === '' && column.is_nullable && editorKind(column) !== 'text') return { kind: 'null' }
  return { kind: 'text', text }
}

/** The input to save from the in-place editor's text, or why it cannot be saved. */
export function checkedInlineInput(text: string, column: TableColumn): { input: CellInput } | { problem: string } {
  const input = inlineInput(text, column)
  const problem = inputProblem(input, column)
  return problem ? { problem } : { input }
}
