import { css } from 'styled-system/css'

/** A definition list read as two columns, each term muted beside its value (an invoice's figures, a sent request's summary). */
export const summaryListClass = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: '6',
  rowGap: '2',
  fontSize: 'sm',
  '& dt': { color: 'fg.muted' },
})
