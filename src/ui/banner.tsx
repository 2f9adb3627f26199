import type { ReactNode } from 'react'
import { css, cva } from 'styled-system/css'
import { Button } from './button'

const bannerRecipe = cva({
  base: {
    px: '4',
    py: '2',
    fontSize: 'sm',
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    flexWrap: 'wrap',
    borderBottomWidth: '1px',
    borderColor: 'border.default',
    color: 'fg.default',
  },
  variants: {
    tone: {
      info: { bg: 'info.subtle' },
      warning: { bg: 'warning.subtle' },
      danger: { bg: 'danger.subtle' },
      incident: { bg: 'danger.subtle', borderLeftWidth: '4px', borderLeftColor: 'danger.default' },
    },
  },
  defaultVariants: { tone: 'info' },
})

export type BannerTone = 'info' | 'warning' | 'danger' | 'incident'

/** A full-width notice at the top of the layout (SPEC §2 banners; SPEC §3 banner types warning, danger, incident). */
export function Banner({
  tone = 'info',
  label,
  children,
  actions,
  onDismiss,
}: {
  tone?: BannerTone
  /** The banner's accessible name. */
  label: string
  children: ReactNode
  actions?: ReactNode
  onDismiss?: () => void
}) {
  return (
    <div role={tone === 'info' ? 'status' : 'alert'} aria-label={label} className={bannerRecipe({ tone })}>
      <div className={css({ flex: '1', minW: '0' })}>{children}</div>
      {actions}
      {onDismiss ? (
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      ) : null}
    </div>
  )
}
