import { css } from 'styled-system/css'
import { Button } from './button'
import { GuardedButton } from './guarded-button'

/**
 * A settings form's Save and Cancel. Save submits the form (or runs `onSave`), off while nothing changed,
 * while `saveDisabled` (a problem in the form), or blocked for `blockedReason` (a permission); Cancel puts
 * the form back as saved, off while nothing changed or a save runs.
 */
export function SaveCancelActions({
  changed,
  saving,
  saveDisabled = false,
  blockedReason,
  onSave,
  onCancel,
}: {
  changed: boolean
  saving: boolean
  saveDisabled?: boolean
  blockedReason?: string | null
  onSave?: () => void
  onCancel: () => void
}) {
  return (
    <div className={css({ display: 'flex', gap: '2' })}>
      <GuardedButton type={onSave ? 'button' : 'submit'} variant="primary" blockedReason={blockedReason} loading={saving} disabled={!changed || saveDisabled} onClick={onSave}>
        Save
      </GuardedButton>
      <Button disabled={!changed || saving} onClick={onCancel}>
        Cancel
      </Button>
    </div>
  )
}
