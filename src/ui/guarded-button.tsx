import { forwardRef } from 'react'
import { css } from 'styled-system/css'
import { Button, type ButtonProps } from './button'
import { Tooltip } from './tooltip'

/**
 * A button that may be blocked for a reason (a missing permission, a plan limit). Blocked, it is
 * disabled and its reason shows in a tooltip on hover and keyboard focus: a disabled button gets no
 * pointer events, so the tooltip sits on a focusable wrapper.
 */
export const GuardedButton = forwardRef<HTMLButtonElement, ButtonProps & { blockedReason?: string | null }>(function GuardedButton(
  { blockedReason, disabled, ...rest },
  ref,
) {
  if (!blockedReason) return <Button ref={ref} disabled={disabled} {...rest} />
  return (
    <Tooltip content={blockedReason}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a disabled button cannot take focus: the wrapper does, so its reason reaches keyboard users */}
      <span tabIndex={0} className={css({ display: 'inline-flex', borderRadius: 'md' })}>
        <Button ref={ref} disabled {...rest} />
      </span>
    </Tooltip>
  )
})
