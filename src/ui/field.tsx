import { forwardRef, useId, type InputHTMLAttributes } from 'react'
import { css } from 'styled-system/css'

export const inputClass = css({
  w: 'full',
  h: '9',
  px: '3',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  fontSize: 'sm',
  _focusVisible: { outline: '2px solid token(colors.accent.default)', outlineOffset: '0' },
  _invalid: { borderColor: 'danger.default' },
})

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: string }

/** A labelled input whose error is announced and tied to it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, id, ...rest }, ref) {
  const generated = useId()
  const inputId = id ?? generated
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
      <label htmlFor={inputId} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {label}
      </label>
      <input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...rest} />
      {error ? (
        <p id={`${inputId}-error`} role="alert" className={css({ color: 'danger.default', fontSize: 'xs' })}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className={css({ color: 'fg.subtle', fontSize: 'xs' })}>
          {hint}
        </p>
      ) : null}
    </div>
  )
})
