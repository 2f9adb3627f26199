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
export const labelClass = css({ fontSize: 'sm', color: 'fg.muted' })
export const hintClass = css({ color: 'fg.subtle', fontSize: 'xs' })
export const errorClass = css({ color: 'danger.default', fontSize: 'xs' })

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

/** A labelled form control with its message (when shown) or hint, tied to it for screen readers. */
export function FormField({ id, label, error, hint, children }: { id: string; label: string; error?: string | null; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', minW: '0' })}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className={errorClass}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** Attributes that tie a control to its message or hint. */
export function describedBy(id: string, error: string | null | undefined, hasHint: boolean) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  }
}
