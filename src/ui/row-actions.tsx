import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Button } from './button'

/**
 * A list row's Edit and Delete buttons (after any of the row's own, e.g. "Run now"), each named after
 * the row for a screen reader ("Edit nightly-report").
 */
export function RowActions({ name, disabled, onEdit, onDelete, children }: { name: string; disabled: boolean; onEdit: () => void; onDelete: () => void; children?: ReactNode }) {
  return (
    <span className={css({ display: 'inline-flex', gap: '1', flexWrap: 'wrap' })}>
      {children}
      <Button size="sm" aria-label={`Edit ${name}`} disabled={disabled} onClick={onEdit}>
        Edit
      </Button>
      <Button size="sm" aria-label={`Delete ${name}`} disabled={disabled} onClick={onDelete}>
        Delete
      </Button>
    </span>
  )
}
