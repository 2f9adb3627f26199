import type { ReactNode } from 'react'
import { css, cva } from 'styled-system/css'

const calloutRecipe = cva({
  base: { borderWidth: '1px', borderRadius: 'md', p: '3', display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm' },
  variants: {
    tone: {
      info: { borderColor: 'info.default', bg: 'info.subtle' },
      warning: { borderColor: 'warning.default', bg: 'warning.subtle' },
      danger: { borderColor: 'danger.default', bg: 'danger.subtle' },
    },
  },
  defaultVariants: { tone: 'info' },
})

/** A boxed notice above a form or list: what the user should know before acting. */
export function Callout({ tone = 'info', title, children }: { tone?: 'info' | 'warning' | 'danger'; title: string; children?: ReactNode }) {
  return (
    <section role={tone === 'info' ? 'note' : 'alert'} aria-label={title} className={calloutRecipe({ tone })}>
      <strong>{title}</strong>
      {children ? <div className={css({ color: 'fg.muted' })}>{children}</div> : null}
    </section>
  )
}
