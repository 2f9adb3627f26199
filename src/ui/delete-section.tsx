import { useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { SettingsSection } from './form-section'
import { GuardedButton } from './guarded-button'
import { TypedConfirmDialog } from './typed-confirm-dialog'

/** The words of a deletion's confirmation, as the settings' messages give them for a name. */
export interface DeleteConfirmMessages {
  deleteConfirmTitle: (name: string) => string
  deleteConfirmBody: ReactNode
  deleteTypeToConfirm: (name: string) => string
}

/**
 * A settings page's section that deletes something for good (a project, an organization): its danger
 * button — off, saying why, where it may not be deleted — then a dialog that acts once `name` is typed.
 * `title` ("Delete project") names the section and both buttons.
 */
export function DeleteForGoodSection({ title, description, name, messages, blockedReason, disabled, onDelete }: { title: string; description: string; name: string; messages: DeleteConfirmMessages; blockedReason: string | null; disabled: boolean; onDelete: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false)
  return (
    <SettingsSection title={title} description={description} danger>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
        <GuardedButton variant="danger" blockedReason={blockedReason} disabled={disabled} onClick={() => setConfirming(true)}>
          {title}
        </GuardedButton>
      </div>
      {confirming ? <TypedConfirmDialog title={messages.deleteConfirmTitle(name)} description={messages.deleteConfirmBody} name={name} label={messages.deleteTypeToConfirm(name)} confirmLabel={title} onConfirm={onDelete} onClose={() => setConfirming(false)} /> : null}
    </SettingsSection>
  )
}
