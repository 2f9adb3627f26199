import { forwardRef, useCallback, useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { TOGGLE_BLUR_DELAY } from '../constants'
import { css, cx } from 'styled-system/css'

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
  // Shown but not for changing (an identity being edited): it looks set apart.
  _readOnly: { bg: 'bg.muted' },
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

/**
 * A field's blur handler, run TOGGLE_BLUR_DELAY (SPEC §9: 100 ms) after the blur: the click that took the
 * focus (a toggle, a button beside the field) lands before a message the blur reveals moves the layout.
 */
export function useDelayedBlur<E>(handler: ((event: E) => void) | undefined): ((event: E) => void) | undefined {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => () => clearTimeout(timer.current), [])
  const delayed = useCallback((event: E) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => latest.current?.(event), TOGGLE_BLUR_DELAY)
  }, [])
  return handler ? delayed : undefined
}

/** A labelled input whose error is announced and tied to it; its blur handler runs after the toggle blur delay. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, id, onBlur, ...rest }, ref) {
  const generated = useId()
  const inputId = id ?? generated
  const delayedBlur = useDelayedBlur(onBlur)
  return (
    <FormField id={inputId} label={label} error={error} hint={hint}>
      <input ref={ref} {...describedBy(inputId, error, Boolean(hint))} className={inputClass} onBlur={delayedBlur} {...rest} />
    </FormField>
  )
})

/** What went wrong with a form as a whole (its answer), announced; nothing when there is nothing to say. */
export function FormProblem({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null
  return (
    <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm' })}>
      {children}
    </p>
  )
}

/** A select's options when each value is its own label (roles, schemas, statuses…). */
export function ValueOptions({ values }: { values: readonly string[] }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ))
}

/** A list's search: its label is for screen readers, the placeholder says the same to the eye. */
export function SearchField({ label, placeholder, value, onChange, className }: { label: string; placeholder: string; value: string; onChange: (value: string) => void; className?: string }) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className={css({ srOnly: true })}>
        {label}
      </label>
      <input id={id} type="search" placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} className={cx(inputClass, className)} />
    </>
  )
}
