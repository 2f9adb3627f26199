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
      <RowDeleteButton name={name} disabled={disabled} onClick={onDelete} />
    </span>
  )
}

/** A list row's Delete button, named after the row for a screen reader ("Delete orders_pkey"); `title` says why it is off. */
export function RowDeleteButton({ name, disabled, title, onClick }: { name: string; disabled: boolean; title?: string; onClick: () => void }) {
  return (
    <Button size="sm" aria-label={`Delete ${name}`} disabled={disabled} title={title} onClick={onClick}>
      Delete
    </Button>
  )
}
