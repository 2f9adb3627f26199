import { Dialog } from '@ark-ui/react/dialog'
import { useEffect, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { FormActions, ModalFrame } from './dialog'
import { FormProblem, inputClass } from './field'

/**
 * A modal that asks for one line of text (a name), checks it, and hands it back. The typed value
 * stays while the dialog is open, and a rejected value shows why beside the field.
 */
export function PromptDialog({
  open,
  title,
  label,
  initialValue = '',
  submitLabel,
  validate,
  onSubmit,
  onDismiss,
}: {
  open: boolean
  title: string
  label: string
  initialValue?: string
  submitLabel: string
  /** A message when the value is not acceptable. */
  validate?: (value: string) => string | null
  onSubmit: (value: string) => void
  onDismiss: () => void
}) {
  const [value, setValue] = useState(initialValue)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (open) {
      setValue(initialValue)
      setError(null)
    }
  }, [open, initialValue])

  function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = value.trim()
    const problem = trimmed === '' ? `${label} is required` : validate?.(trimmed) ?? null
    if (problem) {
      setError(problem)
      return
    }
    onSubmit(trimmed)
  }

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onDismiss()}>
      <ModalFrame size="small">
        <form onSubmit={submit} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{title}</Dialog.Title>
          <label className={css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm' })}>
            {label}
            <input
              className={inputClass}
              value={value}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                setValue(e.target.value)
                setError(null)
              }}
            />
          </label>
          <FormProblem>{error}</FormProblem>
          <FormActions submitLabel={submitLabel} onCancel={onDismiss} />
        </form>
      </ModalFrame>
    </Dialog.Root>
  )
}
