import { Dialog } from '@ark-ui/react/dialog'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { resetDatabasePassword } from '../../api/queries/project-database'
import { projectSettingsQuery } from '../../api/queries/projects'
import { CONNECTION_PASSWORD_PLACEHOLDER, PERMISSION_RESOURCES, PROJECT_SETTINGS_MESSAGE } from '../../constants'
import { connectionUri } from '../../lib/connection-string'
import { PermissionAction } from '../../lib/permissions'
import { CopyableValue, ShownOnceView } from '../../ui/copyable-value'
import { FormActions, ModalFrame } from '../../ui/dialog'
import { FormProblem } from '../../ui/field'
import { SettingsSection } from '../../ui/form-section'
import { GuardedButton } from '../../ui/guarded-button'
import { showToast } from '../../ui/toast'
import { PasswordField } from '../projects'
import { useProjectPermission } from './use-project-permission'

/**
 * The database password: a new one chosen (or generated) and scored as at creation, then shown once
 * with the connection string it completes, since the platform keeps only a verifier of it.
 */
export function DatabasePasswordSection({ projectRef }: { projectRef: string }) {
  const [open, setOpen] = useState(false)
  const permission = useProjectPermission(projectRef, PermissionAction.UPDATE, PERMISSION_RESOURCES.projects, PROJECT_SETTINGS_MESSAGE.databaseSettingsDenied)
  return (
    <SettingsSection
      title="Database password"
      description="The password of the database user in the connection details. A new one takes effect at once: connections opened with the old one keep running, new ones need the new password."
    >
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
        <GuardedButton blockedReason={permission.reason} disabled={!permission.allowed} onClick={() => setOpen(true)}>
          Reset the database password
        </GuardedButton>
      </div>
      <Dialog.Root open={open} onOpenChange={(details) => !details.open && setOpen(false)} lazyMount unmountOnExit>
        <ModalFrame size="medium" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <ResetPasswordForm projectRef={projectRef} onDone={() => setOpen(false)} />
        </ModalFrame>
      </Dialog.Root>
    </SettingsSection>
  )
}

function ResetPasswordForm({ projectRef, onDone }: { projectRef: string; onDone: () => void }) {
  const [password, setPassword] = useState('')
  const [acceptable, setAcceptable] = useState(false)
  const settings = useQuery(projectSettingsQuery(projectRef))
  const reset = useMutation({
    mutationFn: (next: string) => resetDatabasePassword(projectRef, next),
    onSuccess: () => showToast('success', PROJECT_SETTINGS_MESSAGE.passwordReset),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (acceptable && !reset.isPending) reset.mutate(password)
  }

  if (reset.isSuccess) {
    const shown = reset.variables
    const uri = settings.data
      ? connectionUri({ host: settings.data.db_host, port: settings.data.db_port, database: settings.data.db_name, user: settings.data.db_user }).replace(
          CONNECTION_PASSWORD_PLACEHOLDER,
          encodeURIComponent(shown),
        )
      : null
    return (
      <ShownOnceView title="The new database password" description={PROJECT_SETTINGS_MESSAGE.passwordShownOnce} onDone={onDone}>
        <CopyableValue label="New database password" value={shown} subject="password" />
        {uri ? <CopyableValue label="Connection string with the password" value={uri} subject="connection string" /> : null}
      </ShownOnceView>
    )
  }
  return (
    <form onSubmit={submit} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>Reset the database password</Dialog.Title>
      <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        Choose a strong password or generate one. Apps and tools connecting with the old password stop being let in.
      </Dialog.Description>
      <PasswordField value={password} onChange={setPassword} onStrengthChange={setAcceptable} disabled={reset.isPending} label="New database password" hint="Checked as you type." />
      <FormProblem>{reset.isError ? reset.error.message : null}</FormProblem>
      <FormActions submitLabel="Reset the password" onCancel={onDone} busy={reset.isPending} submitDisabled={!acceptable} cancelDisabled={reset.isPending} />
    </form>
  )
}
