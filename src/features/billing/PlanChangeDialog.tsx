import { Dialog } from '@ark-ui/react/dialog'
import { css } from 'styled-system/css'
import type { PlanChoice } from '../../../machines/plan-change.machine'
import { BILLING_MESSAGE } from '../../constants'
import { summarizePlanChange } from '../../lib/plan-change'
import { Button } from '../../ui/button'
import { Callout } from '../../ui/callout'
import { ModalFrame } from '../../ui/dialog'

/**
 * The confirmation of a plan change: the price change in one sentence, then what else changes.
 * While the change runs the confirm button is busy; a failure shows the platform's message and
 * offers to try the same change again.
 */
export function PlanChangeDialog({
  choice,
  state,
  error,
  onConfirm,
  onRetry,
  onCancel,
}: {
  choice: PlanChoice | null
  state: 'confirming' | 'changing' | 'failed' | null
  error: string | null
  onConfirm: () => void
  onRetry: () => void
  onCancel: () => void
}) {
  const open = state !== null && choice !== null
  const summary = choice ? summarizePlanChange(choice.from, choice.tier) : null
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onCancel()} role="alertdialog" lazyMount unmountOnExit>
      <ModalFrame size="medium" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        {summary ? (
          <>
            <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{summary.title}</Dialog.Title>
            <Dialog.Description asChild>
              <div className={css({ display: 'flex', flexDir: 'column', gap: '2', fontSize: 'sm' })}>
                <p data-testid="price-change" className={css({ fontWeight: 'medium' })}>
                  {summary.priceChange}
                </p>
                <ul className={css({ color: 'fg.muted', listStyle: 'disc', pl: '5', display: 'flex', flexDir: 'column', gap: '1' })}>
                  {summary.details.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            </Dialog.Description>
            {state === 'failed' ? (
              <Callout tone="danger" title={BILLING_MESSAGE.planChangeFailed}>
                {error}
              </Callout>
            ) : null}
            <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '2' })}>
              <Button onClick={onCancel} disabled={state === 'changing'}>
                Cancel
              </Button>
              {state === 'failed' ? (
                <Button variant="primary" onClick={onRetry}>
                  Try again
                </Button>
              ) : (
                <Button variant={summary.kind === 'downgrade' ? 'danger' : 'primary'} onClick={onConfirm} loading={state === 'changing'}>
                  {state === 'changing' ? 'Changing plan…' : summary.kind === 'downgrade' ? 'Confirm downgrade' : 'Confirm upgrade'}
                </Button>
              )}
            </div>
          </>
        ) : null}
      </ModalFrame>
    </Dialog.Root>
  )
}
