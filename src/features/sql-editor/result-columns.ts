import { ownValue } from '../../lib/own-record'
import { formatCellText } from '../../lib/sql/result-format'

/**
 * The results grid's column widths, from what the columns hold: the header and the first rows'
 * text in the grid's monospace font (every character one advance wide), between a floor that
 * keeps a narrow column clickable and a ceiling past which a value is cut with an ellipsis and
 * read whole in the expand view. Only the first rows are read, so a result arriving in parts
 * settles its widths early and 100,000 rows cost no more than 100.
 */
export const RESULT_COLUMN_MIN_WIDTH = 64
export const RESULT_COLUMN_MAX_WIDTH = 360
/** The advance of one character of the grid's font (12 px monospace). */
const CHARACTER_WIDTH = 7.25
/** A cell's padding, both sides. */
const CELL_PADDING = 16
const SAMPLED_ROWS = 100

export function resultColumnWidths(columns: readonly string[], rows: readonly Record<string, unknown>[]): number[] {
  const sample = rows.length > SAMPLED_ROWS ? rows.slice(0, SAMPLED_ROWS) : rows
  return columns.map((column) => {
    let characters = column.length
    for (const row of sample) characters = Math.max(characters, formatCellText(ownValue(row, column)).length)
    const width = Math.ceil(characters * CHARACTER_WIDTH + CELL_PADDING)
    return Math.min(RESULT_COLUMN_MAX_WIDTH, Math.max(RESULT_COLUMN_MIN_WIDTH, width))
  })
}
