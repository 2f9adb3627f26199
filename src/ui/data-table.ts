import { cva } from 'styled-system/css'

/** A plain HTML table of records: muted small headings, a rule under each row; compact where rows are many (a table's columns). */
export const dataTable = cva({
  base: {
    w: 'full',
    fontSize: 'sm',
    borderCollapse: 'collapse',
    '& th': { textAlign: 'left', fontWeight: 'medium', color: 'fg.muted', fontSize: 'xs', borderBottomWidth: '1px', borderColor: 'border.default' },
    '& td': { borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
  },
  variants: {
    density: {
      comfortable: { '& th, & td': { py: '2', px: '3' } },
      compact: { '& th, & td': { py: '1.5', px: '2' } },
    },
    /** Cells centred on the row's height: rows of one line beside buttons (tokens, members, factors). */
    align: {
      top: {},
      middle: { '& td': { verticalAlign: 'middle' } },
    },
  },
  defaultVariants: { density: 'comfortable', align: 'top' },
})
