import { Switch as ArkSwitch } from '@ark-ui/react/switch'
import { useId, type ReactNode } from 'react'
import { css } from 'styled-system/css'

export interface SwitchProps {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  /** The switch's accessible name. */
  label: ReactNode
  /** A longer explanation under the label, read as the switch's description. */
  description?: ReactNode
  disabled?: boolean
  /** Shown beside the label instead of nothing, e.g. why a disabled switch cannot change. */
  badge?: ReactNode
}

const trackClass = css({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  w: '9',
  h: '5',
  p: '0.5',
  borderRadius: 'full',
  bg: 'border.strong',
  transition: 'background 120ms',
  _checked: { bg: 'accent.default' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid token(colors.accent.default)', outlineOffset: '2px' },
})

const thumbClass = css({
  w: '4',
  h: '4',
  borderRadius: 'full',
  bg: 'white',
  boxShadow: 'sm',
  transition: 'translate 120ms',
  _checked: { translate: '16px 0' },
})

/** An on/off switch (Ark UI): a real checkbox with role switch underneath, labelled and described. */
export function Switch({ checked, onCheckedChange, label, description, disabled, badge }: SwitchProps) {
  const descriptionId = useId()
  return (
    <ArkSwitch.Root
      checked={checked}
      onCheckedChange={(details) => onCheckedChange(details.checked)}
      disabled={disabled}
      className={css({
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: '4',
        cursor: 'pointer',
        _disabled: { cursor: 'default' },
      })}
    >
      <span className={css({ display: 'flex', flexDir: 'column', gap: '0.5', minW: '0' })}>
        <span className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <ArkSwitch.Label className={css({ fontWeight: 'medium', color: 'fg.default' })}>{label}</ArkSwitch.Label>
          {badge}
        </span>
        {description ? (
          <span id={descriptionId} className={css({ color: 'fg.muted', fontSize: 'xs' })}>
            {description}
          </span>
        ) : null}
      </span>
      <ArkSwitch.Control className={trackClass}>
        <ArkSwitch.Thumb className={thumbClass} />
      </ArkSwitch.Control>
      <ArkSwitch.HiddenInput role="switch" aria-describedby={description ? descriptionId : undefined} />
    </ArkSwitch.Root>
  )
}
