import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

export const sectionCardClass = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  p: '5',
  display: 'flex',
  flexDir: 'column',
  gap: '4',
})

/** The heading and one-line description of a billing page section; `headingId` names the section. */
export function SectionHeading({ headingId, title, description, actions }: { headingId: string; title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '4', flexWrap: 'wrap' })}>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <h2 id={headingId} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {title}
        </h2>
        {description ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{description}</p> : null}
      </div>
      {actions}
    </header>
  )
}
