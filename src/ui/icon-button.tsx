import { forwardRef } from 'react'
import { Button, type ButtonProps } from './button'
import { Tooltip } from './tooltip'

export type IconButtonProps = Omit<ButtonProps, 'aria-label' | 'title' | 'children'> & {
  /** The glyph shown; it is hidden from assistive technology, which reads `label` instead. */
  glyph: string
  /** The button's accessible name, and its tooltip unless `hint` says more. */
  label: string
  hint?: string
}

/**
 * A button that shows a glyph instead of words (+, ✎, ×): a glyph alone names nothing, so the
 * label is both its accessible name and its tooltip, after SPEC §9's delay (not the browser's
 * `title`, which ignores it and never shows on keyboard focus).
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ glyph, label, hint, ...rest }, ref) {
  return (
    <Tooltip content={hint ?? label}>
      <Button ref={ref} aria-label={label} {...rest}>
        <span aria-hidden>{glyph}</span>
      </Button>
    </Tooltip>
  )
})
