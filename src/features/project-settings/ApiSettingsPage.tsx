import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { databaseSchemasQuery } from '../../api/queries/database-extensions'
import { rotateJwtSecret, updateExposedSchemas } from '../../api/queries/project-api'
import { projectDetailQuery, projectSettingsQuery } from '../../api/queries/projects'
import { PERMISSION_MESSAGE, PERMISSION_RESOURCES, PLATFORM_RECORDS_SCHEMA, PROJECT_SETTINGS_MESSAGE, SEED_MARKER_SCHEMA } from '../../constants'
import { exposedSchemas } from '../../lib/exposed-schemas'
import { PermissionAction } from '../../lib/permissions'
import { isActiveProjectStatus } from '../../lib/project-gate'
import { ConfirmDialog } from '../../ui/dialog'
import { FormProblem } from '../../ui/field'
import { SettingsSection } from '../../ui/form-section'
import { Checkbox } from '../../ui/form-controls'
import { GuardedButton } from '../../ui/guarded-button'
import { LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { DatabaseToolPage } from '../database'
import { ProjectApiSection } from '../projects'
import { useProjectPermission } from './use-project-permission'
import { SaveCancelActions } from '../../ui/save-cancel-actions'

/** The dashboard's own schemas in a project database: never the API's to serve. */
const DASHBOARD_SCHEMAS: readonly string[] = [SEED_MARKER_SCHEMA, PLATFORM_RECORDS_SCHEMA]

/** /project/{ref}/settings/api: the project's URL and keys (one section with the home's), a new JWT secret, and the schemas its API serves. */
export function ApiSettingsScreen({ projectRef: ref }: { projectRef: string }) {
  const project = useQuery(projectDetailQuery(ref))
  const running = Boolean(project.data && isActiveProjectStatus(project.data.status) && project.data.connectionString)
  return (
    <DatabaseToolPage title="API settings" description="How apps reach the project: its URL, its API keys and the JWT secret they are signed with, and the schemas its API serves.">
      <ProjectApiSection projectRef={ref} ready={running} />
      <JwtSecretSection projectRef={ref} />
      <ExposedSchemasSection projectRef={ref} connectionString={running ? project.data?.connectionString : null} />
    </DatabaseToolPage>
  )
}

function JwtSecretSection({ projectRef }: { projectRef: string }) {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const permission = useProjectPermission(projectRef, PermissionAction.UPDATE, PERMISSION_RESOURCES.projects, PROJECT_SETTINGS_MESSAGE.rotateDenied)
  const rotate = useMutation({
    mutationFn: () => rotateJwtSecret(projectRef),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: projectSettingsQuery(projectRef).queryKey })
      showToast('success', PROJECT_SETTINGS_MESSAGE.rotated)
    },
  })
  return (
    <SettingsSection
      title="JWT secret"
      description="The secret the API keys and your users' sessions are signed with. A new one is for a key that leaked: every key and session signed with the old one stops being accepted."
    >
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
        <FormProblem>{rotate.isError ? rotate.error.message : null}</FormProblem>
        <GuardedButton variant="danger" blockedReason={permission.reason} disabled={!permission.allowed} loading={rotate.isPending} onClick={() => setConfirming(true)}>
          Generate a new JWT secret
        </GuardedButton>
      </div>
      <ConfirmDialog
        open={confirming}
        title={PROJECT_SETTINGS_MESSAGE.rotateConfirmTitle}
        confirmLabel="Generate a new secret"
        onConfirm={() => {
          setConfirming(false)
          rotate.mutate()
        }}
        onDismiss={() => setConfirming(false)}
      >
        {PROJECT_SETTINGS_MESSAGE.rotateConfirmBody}
      </ConfirmDialog>
    </SettingsSection>
  )
}

/** Which schemas the API serves (PostgREST's db_schema): the database's schemas to tick, saved through the platform. */
function ExposedSchemasSection({ projectRef, connectionString }: { projectRef: string; connectionString: string | null | undefined }) {
  const queryClient = useQueryClient()
  const settings = useQuery(projectSettingsQuery(projectRef))
  const schemas = useQuery({ ...databaseSchemasQuery(projectRef, connectionString), enabled: Boolean(connectionString) })
  const saved = exposedSchemas(settings.data?.app_config?.db_schema)
  const [picked, setPicked] = useState<readonly string[] | null>(null)
  const chosen = picked ?? saved
  const permission = useProjectPermission(projectRef, PermissionAction.UPDATE, PERMISSION_RESOURCES.postgrestConfig, PERMISSION_MESSAGE.changeApiSchemas)
  const save = useMutation({
    mutationFn: (next: readonly string[]) => updateExposedSchemas(projectRef, next),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: projectSettingsQuery(projectRef).queryKey })
      setPicked(null)
      showToast('success', PROJECT_SETTINGS_MESSAGE.exposedSchemasSaved)
    },
  })
  // The database's schemas but the dashboard's own, and any exposed one it no longer has (so it can be taken off).
  const names = [...new Set([...(schemas.data ?? []).map((schema) => schema.name).filter((name) => !DASHBOARD_SCHEMAS.includes(name)), ...saved])].sort()
  const changed = chosen.length !== saved.length || chosen.some((name) => !saved.includes(name))
  const toggle = (name: string, on: boolean) => setPicked(on ? [...chosen, name] : chosen.filter((each) => each !== name))
  return (
    <SettingsSection title="Exposed schemas" description="The schemas the project's API serves over REST and GraphQL. A table in a schema not listed here is not reachable through the API, whatever its policies.">
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        {!connectionString ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Served now: {saved.join(', ')}. The database's schemas are listed here once the project is running.</p>
        ) : schemas.isPending || settings.isPending ? (
          <LoadingState label="Loading the schemas…" />
        ) : (
          <div role="group" aria-label="Schemas the API serves" className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))', gap: '1' })}>
            {names.map((name) => (
              <Checkbox key={name} label={name} checked={chosen.includes(name)} disabled={!permission.allowed} onChange={(on) => toggle(name, on)} />
            ))}
          </div>
        )}
        <FormProblem>{save.isError ? save.error.message : null}</FormProblem>
      </div>
      <SaveCancelActions
        changed={changed}
        saving={save.isPending}
        saveDisabled={!permission.allowed || chosen.length === 0}
        blockedReason={permission.reason}
        onSave={() => save.mutate(chosen)}
        onCancel={() => setPicked(null)}
      />
    </SettingsSection>
  )
}
