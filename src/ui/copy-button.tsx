import { forwardRef } from 'react'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { copyFeedbackMachine } from '../../machines/copy-feedback.machine'
import { COPY_MESSAGE } from '../constants'
import { copyToClipboard } from '../lib/clipboard'
import { Button, type ButtonProps } from './button'
import { showToast } from './toast'
import { inspected } from '../lib/inspection'

const appCopyFeedbackMachine = copyFeedbackMachine.provide({
  actors: { writeText: fromPromise(({ input }) => copyToClipboard(input.text)) },
  actions: { notifyFailure: (_, params) => void showToast('error', params.message) },
})

/** Copies `text`; says 'Copied' for 2 s, or toasts 'Unable to copy to clipboard'. */
export const CopyButton = forwardRef<HTMLButtonElement, { text: string; label?: string } & Omit<ButtonProps, 'onClick'>>(function CopyButton(
  { text, label = 'Copy', ...rest },
  ref,
) {
  const [snapshot, send] = useMachine(appCopyFeedbackMachine, inspected)
  const copied = snapshot.matches('copied')
  return (
    <Button ref={ref} size="sm" {...rest} onClick={() => send({ type: 'copy', text })} aria-live="polite">
      {copied ? COPY_MESSAGE.copied : label}
    </Button>
  )
})
