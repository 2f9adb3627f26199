import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { modal } from 'styled-system/recipes'
import type { DialogSize } from '../constants'
import { Button } from './button'

/** The backdrop and centred panel every modal of the dashboard shares, sized by SPEC §9's names. */
export function ModalFrame({ size, className, children }: { size: DialogSize; className?: string; children: ReactNode }) {
  return (
    <Portal>
      <Dialog.Backdrop className={css({ position: 'fixed', inset: '0', bg: 'black/40', zIndex: 'overlay' })} />
      <Dialog.Positioner className={css({ position: 'fixed', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 'modal' })}>
        <Dialog.Content className={cx(css({ bg: 'bg.surface', borderRadius: 'lg', boxShadow: 'lg', p: '5' }), modal({ size }), className)}>
          {children}
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  )
}

/** A modal question with a named confirm action; Escape or Cancel dismisses it. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = 'danger',
  onConfirm,
  onDismiss,
}: {
  open: boolean
  title: string
  children?: ReactNode
  confirmLabel: string
  tone?: 'danger' | 'primary'
  onConfirm: () => void
  onDismiss: () => void
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onDismiss()} role="alertdialog">
      <ModalFrame size="small" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{title}</Dialog.Title>
        <Dialog.Description asChild>
          <div className={css({ color: 'fg.muted', fontSize: 'sm' })}>{children}</div>
        </Dialog.Description>
        <DialogFooter className={css({ mt: '2' })}>
          <Button onClick={onDismiss}>Cancel</Button>
          <Button variant={tone} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </ModalFrame>
    </Dialog.Root>
  )
}

/** A dialog's buttons, at its end on the right. */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx(css({ display: 'flex', justifyContent: 'flex-end', gap: '2', flexWrap: 'wrap' }), className)}>{children}</div>
}

/** A dialog form's end: Cancel, then its submit button (busy while the form's work runs). */
export function FormActions({
  submitLabel,
  onCancel,
  busy = false,
  tone = 'primary',
  cancelDisabled = false,
  submitDisabled = false,
  submitDescribedBy,
}: {
  submitLabel: ReactNode
  onCancel: () => void
  busy?: boolean
  tone?: 'primary' | 'danger'
  cancelDisabled?: boolean
  submitDisabled?: boolean
  /** The id of the text saying why the form cannot be sent yet. */
  submitDescribedBy?: string
}) {
  return (
    <DialogFooter>
      <Button onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button type="submit" variant={tone} loading={busy} disabled={submitDisabled} aria-describedby={submitDescribedBy}>
        {submitLabel}
      </Button>
    </DialogFooter>
  )
}

/** A modal that shows something, titled; Escape, a click outside or Close dismisses it. Content mounts only while open. */
export function ViewDialog({
  open,
  title,
  description,
  children,
  actions,
  onClose,
}: {
  open: boolean
  title: string
  description?: ReactNode
  children?: ReactNode
  /** Buttons shown before Close. */
  actions?: ReactNode
  onClose: () => void
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <ModalFrame size="xlarge" className={css({ maxH: '85vh', display: 'flex', flexDir: 'column', gap: '3' })}>
        <div>
          <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>{title}</Dialog.Title>
          {description ? <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>{description}</Dialog.Description> : null}
        </div>
        <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' })}>{children}</div>
        <DialogFooter>
          {actions}
          <Dialog.CloseTrigger asChild>
            <Button>Close</Button>
          </Dialog.CloseTrigger>
        </DialogFooter>
      </ModalFrame>
    </Dialog.Root>
  )
}
