import { css } from 'styled-system/css'

/**
 * A database value in a grid cell, by what the cell says of it (`data-null`, `data-kind`): NULL muted
 * and italic, numbers right-aligned in tabular figures, booleans in the info colour, JSON muted. The
 * SQL editor's results and the table editor show values alike.
 */
export const gridValueClass = css({
  '&[data-null]': { color: 'fg.subtle', fontStyle: 'italic' },
  '&[data-kind=number]': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  '&[data-kind=boolean]': { color: 'info.default' },
  '&[data-kind=json]': { color: 'fg.muted' },
})
