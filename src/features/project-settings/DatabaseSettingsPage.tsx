import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { sslEnforcementQuery, updateSslEnforcement } from '../../api/queries/project-database'
import { projectDetailQuery, projectSettingsQuery } from '../../api/queries/projects'
import { PERMISSION_RESOURCES, PROJECT_SETTINGS_MESSAGE } from '../../constants'
import { PermissionAction } from '../../lib/permissions'
import { isActiveProjectStatus } from '../../lib/project-gate'
import { Button } from '../../ui/button'
import { FormProblem } from '../../ui/field'
import { Checkbox } from '../../ui/form-controls'
import { SettingsSection } from '../../ui/form-section'
import { GuardedButton } from '../../ui/guarded-button'
import { LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { DatabaseToolPage } from '../database'
import { ConnectionDetails } from '../projects'
import { DatabasePasswordSection } from './DatabasePasswordSection'
import { NetworkRestrictionsSection } from './NetworkRestrictionsSection'
import { useProjectPermission } from './use-project-permission'

/**
 * /project/{ref}/settings/database: how to connect (one component with the project home's), the
 * database password, SSL enforcement and who may connect. All platform settings: no database needed.
 */
export function DatabaseSettingsScreen({ projectRef: ref }: { projectRef: string }) {
  const project = useQuery(projectDetailQuery(ref))
  const running = Boolean(project.data && isActiveProjectStatus(project.data.status))
  return (
    <DatabaseToolPage title="Database settings" description="How to connect to the project's database, its password, and the connections it accepts.">
      <ConnectionDetails projectRef={ref} ready={running} />
      <DatabasePasswordSection projectRef={ref} />
      <SslEnforcementSection projectRef={ref} />
      <NetworkRestrictionsSection projectRef={ref} />
    </DatabaseToolPage>
  )
}

function SslEnforcementSection({ projectRef }: { projectRef: string }) {
  const queryClient = useQueryClient()
  const saved = useQuery(sslEnforcementQuery(projectRef))
  const [chosen, setChosen] = useState<boolean | null>(null)
  const permission = useProjectPermission(projectRef, PermissionAction.UPDATE, PERMISSION_RESOURCES.projects, PROJECT_SETTINGS_MESSAGE.databaseSettingsDenied)
  const save = useMutation({
    mutationFn: (enforced: boolean) => updateSslEnforcement(projectRef, enforced),
    onSuccess: async (answer) => {
      queryClient.setQueryData(sslEnforcementQuery(projectRef).queryKey, answer)
      await queryClient.invalidateQueries({ queryKey: projectSettingsQuery(projectRef).queryKey })
      setChosen(null)
      showToast('success', PROJECT_SETTINGS_MESSAGE.sslSaved(answer.currentConfig.database))
    },
  })
  const current = saved.data?.currentConfig.database
  const shown = chosen ?? current ?? false
  return (
    <SettingsSection title="SSL enforcement" description="Refuse every connection to the database that is not encrypted with SSL. Clients that cannot use SSL stop connecting.">
      {saved.isPending ? (
        <LoadingState label="Loading the SSL setting…" />
      ) : (
        <Checkbox label="Enforce SSL on incoming connections" checked={shown} disabled={!permission.allowed || save.isPending} onChange={setChosen} />
      )}
      <FormProblem>{save.isError ? save.error.message : saved.isError ? saved.error.message : null}</FormProblem>
      <div className={css({ display: 'flex', gap: '2' })}>
        <GuardedButton variant="primary" blockedReason={permission.reason} loading={save.isPending} disabled={!permission.allowed || chosen === null || chosen === current} onClick={() => save.mutate(shown)}>
          Save
        </GuardedButton>
        <Button disabled={chosen === null || save.isPending} onClick={() => setChosen(null)}>
          Cancel
        </Button>
      </div>
    </SettingsSection>
  )
}
