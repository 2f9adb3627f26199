import { css, cx } from 'styled-system/css'

/** What a bar's fill says: normal, nearing a limit or a warning, past a limit or failed. */
export type FillTone = 'accent' | 'warning' | 'danger'

const trackClass = css({ w: 'full', h: '1.5', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })
const fillClass = css({
  h: 'full',
  borderRadius: 'full',
  bg: 'accent.default',
  transition: 'width 0.2s, background 0.2s',
  '&[data-tone=warning]': { bg: 'warning.default' },
  '&[data-tone=danger]': { bg: 'danger.default' },
})

/**
 * A bar filled to `value` of `max`: a meter (usage against a limit, a password's strength) or a progress bar
 * (uploads, an export), named by `label`; `valueText` says the value in words where a percentage would not.
 * The fill stops at full; `className` sizes the track.
 */
export function FillBar({
  role,
  label,
  value,
  max = 100,
  valueText,
  tone = 'accent',
  className,
}: {
  role: 'meter' | 'progressbar'
  label: string
  value: number
  max?: number
  valueText?: string
  tone?: FillTone
  className?: string
}) {
  const share = max === 0 ? 1 : Math.min(1, Math.max(0, value / max))
  return (
    <div role={role} aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={Math.min(value, max)} aria-valuetext={valueText} className={cx(trackClass, className)}>
      <div data-tone={tone} className={fillClass} style={{ width: `${share * 100}%` }} />
    </div>
  )
}
