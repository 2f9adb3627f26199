import { Dialog } from '@ark-ui/react/dialog'
import { useId, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import type { NewLintException } from '../../api/schemas/advisors'
import { LINT_EXCEPTION_NOTE_MAX } from '../../constants'
import { FormActions, ModalFrame } from '../../ui/dialog'
import { describedBy, FormField, inputClass } from '../../ui/field'
import { usePendingAction } from '../../ui/use-pending-action'

// Panda's h: 'auto' after the input's fixed height: the rows decide.
const reasonClass = `${inputClass} ${css({ h: 'auto', py: '2', resize: 'vertical' })}`

/**
 * Making one rule (the rules variant): a lint disabled for the project (a reason optional), or one
 * finding dismissed (a reason required, so the next reader knows why it is not shown). A refused
 * save keeps the reason typed and says why.
 */
export function RuleDialog({
  title,
  description,
  submitLabel,
  rule,
  save,
  onDone,
  onClose,
}: {
  title: string
  description: string
  submitLabel: string
  /** The rule without its reason. */
  rule: { lint_name: string; is_disabled: true } | { lint_name: string; is_disabled: false; cache_key: string }
  save: (rule: NewLintException) => Promise<void>
  onDone: () => void
  onClose: () => void
}) {
  const [note, setNote] = useState('')
  const { busy, problem, setProblem, run } = usePendingAction()
  const id = useId()
  const required = !rule.is_disabled

  async function submit(event: FormEvent) {
    event.preventDefault()
    const reason = note.trim()
    if (required && reason === '') return setProblem('Say why this finding is dismissed.')
    setProblem(null)
    if (await run(() => save(rule.is_disabled ? { ...rule, note: reason === '' ? null : reason } : { ...rule, note: reason }))) onDone()
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && !busy && onClose()}>
      <ModalFrame size="medium">
        <form onSubmit={(event) => void submit(event)} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <div>
            <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>{title}</Dialog.Title>
            <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>{description}</Dialog.Description>
          </div>
          <FormField id={id} label={required ? 'Reason' : 'Reason (optional)'} error={problem}>
            <textarea
              {...describedBy(id, problem, false)}
              rows={3}
              className={reasonClass}
              value={note}
              maxLength={LINT_EXCEPTION_NOTE_MAX}
              placeholder={required ? 'e.g. An append-only log table: it never needs a key' : ''}
              onChange={(event) => {
                setNote(event.target.value)
                setProblem(null)
              }}
            />
          </FormField>
          <FormActions submitLabel={submitLabel} onCancel={onClose} busy={busy} cancelDisabled={busy} />
        </form>
      </ModalFrame>
    </Dialog.Root>
  )
}
