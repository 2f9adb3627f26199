import { Dialog } from '@ark-ui/react/dialog'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Button } from './button'
import { CopyButton } from './copy-button'
import { DialogFooter } from './dialog'

/** A value to copy whole (a new secret shown once, a link, a connection string): wrapped, never cut, with its copy button. */
export function CopyableValue({ label, value, subject }: { label: string; value: string; subject: string }) {
  return (
    <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
      <code aria-label={label} className={css({ flex: '1', minW: '0', fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all', bg: 'bg.muted', p: '2', borderRadius: 'sm' })}>
        {value}
      </code>
      <CopyButton text={value} subject={subject} />
    </div>
  )
}

/** A dialog's last view for secrets shown once (a new password, a new token): what they are, the values to copy, and Done. */
export function ShownOnceView({ title, description, children, onDone }: { title: string; description: ReactNode; children: ReactNode; onDone: () => void }) {
  return (
    <>
      <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{title}</Dialog.Title>
      <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>{description}</Dialog.Description>
      {children}
      <DialogFooter>
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  )
}
