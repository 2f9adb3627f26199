import { cva } from 'styled-system/css'

/**
 * Text shown as it was written (SQL to run, a statement, a plan, an error): small monospace on a
 * muted ground, wrapped where it must be, scrolling past its height. Long lines break anywhere so
 * a statement of one line never widens the page.
 */
export const codeBlock = cva({
  base: { fontFamily: 'mono', fontSize: 'xs', bg: 'bg.muted', borderRadius: 'md', whiteSpace: 'pre-wrap', wordBreak: 'break-word', overflow: 'auto' },
  variants: {
    density: { compact: { p: '2' }, comfortable: { p: '3' } },
    height: { short: { maxH: '40' }, tall: { maxH: '64' } },
  },
  defaultVariants: { density: 'comfortable', height: 'short' },
})
