import { cva } from 'styled-system/css'

/**
 * A bare square button holding one small icon, for places too dense for a Button (a grid's gutter
 * and header, an in-place editor, a tab's close): muted until pointed at, with a focus ring.
 * The caller names it (aria-label); rows of grids draw many, so no tooltip component per instance.
 */
export const glyphButton = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: '0',
    borderRadius: 'sm',
    color: 'fg.muted',
    cursor: 'pointer',
    _hover: { bg: 'bg.subtle', color: 'fg.default' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
  },
  variants: {
    size: {
      xs: { w: '5', h: '5' },
      sm: { w: '6', h: '6' },
      md: { w: '7', h: '7', borderRadius: 'md' },
    },
  },
  defaultVariants: { size: 'sm' },
})
