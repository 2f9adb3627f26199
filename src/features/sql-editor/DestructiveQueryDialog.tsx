import { css } from 'styled-system/css'
import type { DestructiveStatement } from '../../lib/sql/guards'
import { ConfirmDialog } from '../../ui/dialog'

/** Asks before running SQL that drops, truncates or changes every row, naming what each statement would do. */
export function DestructiveQueryDialog({
  open,
  findings,
  onConfirm,
  onDismiss,
}: {
  open: boolean
  findings: readonly DestructiveStatement[]
  onConfirm: () => void
  onDismiss: () => void
}) {
  return (
    <ConfirmDialog open={open} title="Run a destructive query?" confirmLabel="Run this query" onConfirm={onConfirm} onDismiss={onDismiss}>
      <p>This query would:</p>
      <ul className={css({ listStyle: 'disc', pl: '5', my: '2' })}>
        {findings.map((finding) => (
          <li key={finding.index}>
            statement {finding.index}: {finding.description}
          </li>
        ))}
      </ul>
      <p>This cannot be undone.</p>
    </ConfirmDialog>
  )
}
