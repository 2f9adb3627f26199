import { forwardRef } from 'react'
import { copyFeedbackMachine } from '../../machines/copy-feedback.machine'
import { COPY_MESSAGE } from '../constants'
import { copyToClipboard } from '../lib/clipboard'
import { Button, type ButtonProps } from './button'
import { showToast } from './toast'
import { fromPromiseUntilStopped } from '../lib/actor-promise'
import { useInspectedMachine } from './use-inspected-machine'

const appCopyFeedbackMachine = copyFeedbackMachine.provide({
  actors: { writeText: fromPromiseUntilStopped(({ input }) => copyToClipboard(input.text)) },
  actions: { notifyFailure: (_, params) => void showToast('error', params.message) },
})

/**
 * Copies `text`; says 'Copied' for 2 s, or toasts 'Unable to copy to clipboard'. `subject` names
 * what it copies for assistive technology ("Copy host") where several copy buttons sit together.
 */
export const CopyButton = forwardRef<HTMLButtonElement, { text: string; label?: string; subject?: string } & Omit<ButtonProps, 'onClick'>>(function CopyButton(
  { text, label = 'Copy', subject, ...rest },
  ref,
) {
  const [snapshot, send] = useInspectedMachine(appCopyFeedbackMachine)
  const copied = snapshot.matches('copied')
  const name = subject ? (copied ? `${COPY_MESSAGE.copied} ${subject}` : `${label} ${subject}`) : undefined
  return (
    <Button ref={ref} size="sm" aria-label={name} {...rest} onClick={() => send({ type: 'copy', text })} aria-live="polite">
      {copied ? COPY_MESSAGE.copied : label}
    </Button>
  )
})
