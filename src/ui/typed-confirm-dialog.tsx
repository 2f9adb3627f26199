import { Dialog } from '@ark-ui/react/dialog'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { FormActions, ModalFrame } from './dialog'
import { FormField, FormProblem, inputClass } from './field'
import { usePendingAction } from './use-pending-action'

/**
 * A destructive action confirmed by typing the name of what goes (a bucket, a project): the button
 * acts only once the name is typed exactly; a refusal shows in the dialog, which stays open.
 */
export function TypedConfirmDialog({
  title,
  description,
  name,
  label = `Type ${name} to confirm`,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string
  description: ReactNode
  /** What must be typed. */
  name: string
  label?: string
  confirmLabel: string
  onConfirm: () => Promise<void>
  onClose: () => void
}) {
  const [typed, setTyped] = useState('')
  const { busy, problem, run } = usePendingAction()
  const id = useId()
  const matches = typed === name
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!matches) return
    await run(onConfirm)
  }
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && !busy && onClose()}>
      <ModalFrame size="small">
        <form onSubmit={(event) => void submit(event)} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>{title}</Dialog.Title>
          <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>{description}</Dialog.Description>
          <FormField id={id} label={label}>
            <input id={id} autoComplete="off" spellCheck={false} className={inputClass} value={typed} onChange={(event) => setTyped(event.target.value)} />
          </FormField>
          <FormProblem>{problem}</FormProblem>
          <FormActions submitLabel={confirmLabel} tone="danger" onCancel={onClose} busy={busy} cancelDisabled={busy} submitDisabled={!matches} />
        </form>
      </ModalFrame>
    </Dialog.Root>
  )
}
