import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

const TONES = {
  neutral: css({ bg: 'bg.subtle', color: 'fg.muted' }),
  success: css({ bg: 'accent.subtle', color: 'accent.default' }),
  warning: css({ bg: 'warning.subtle', color: 'warning.default' }),
  danger: css({ bg: 'danger.subtle', color: 'danger.default' }),
  info: css({ bg: 'info.subtle', color: 'info.default' }),
}
export type BadgeTone = keyof typeof TONES

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cx(
        css({ display: 'inline-flex', alignItems: 'center', px: '2', py: '0.5', borderRadius: 'full', fontSize: 'xs', fontWeight: 'medium', whiteSpace: 'nowrap' }),
        TONES[tone],
      )}
    >
      {children}
    </span>
  )
}
