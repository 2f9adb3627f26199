import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react'
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

export const fieldLabelClass = css({ fontSize: 'sm', color: 'fg.muted' })
export const fieldHintClass = css({ color: 'fg.subtle', fontSize: 'xs' })
export const fieldErrorClass = css({ color: 'danger.default', fontSize: 'xs' })

/** Attributes that tie a control to its message or hint (spread them on the control inside a FormField). */
export function describedBy(id: string, error: string | null | undefined, hasHint: boolean) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  }
}

/** A labelled form control (any: select, textarea, input) with its message, or else its hint. */
export function FormField({ id, label, error, hint, children }: { id: string; label: string; error?: string | null; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', minW: '0' })}>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className={fieldErrorClass}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={fieldHintClass}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: string }

/** A labelled input whose error is announced and tied to it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, id, ...rest }, ref) {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <FormField id={inputId} label={label} error={error} hint={hint}>
      <input ref={ref} {...describedBy(inputId, error, Boolean(hint))} className={inputClass} {...rest} />
    </FormField>
  )
})
