import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { queryKeys } from '../../api/queries/keys'
import { projectDetailQuery, renameProject } from '../../api/queries/projects'
import type { ProjectDetail } from '../../api/schemas'
import { PERMISSION_RESOURCES, PROJECT_NAME_MAX_LENGTH, PROJECT_NAME_MESSAGE, PROJECT_SETTINGS_MESSAGE, PROJECT_TRANSITION_MESSAGE } from '../../constants'
import { PermissionAction } from '../../lib/permissions'
import { isActiveProjectStatus } from '../../lib/project-gate'
import { projectNameLength } from '../../lib/project-name'
import { CopyButton } from '../../ui/copy-button'
import { ConfirmDialog } from '../../ui/dialog'
import { FormProblem, TextField } from '../../ui/field'
import { FormSection, settingsPanelClass, SettingsSection } from '../../ui/form-section'
import { GuardedButton } from '../../ui/guarded-button'
import { QueryStates } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { DatabaseToolPage } from '../database'
import { DeleteSection } from './DeleteSection'
import { TransferSection } from './TransferSection'
import { useProjectPermission } from './use-project-permission'
import { useProjectStatusActor } from '../project-shell'
import { SaveCancelActions } from '../../ui/save-cancel-actions'


/** Why a name cannot be saved, or null: the server's own rules (handlers/projects.ts), said before sending. */
function nameProblem(name: string): string | null {
  if (name.trim() === '') return PROJECT_SETTINGS_MESSAGE.nameRequired
  const length = projectNameLength(name.trim())
  return length > PROJECT_NAME_MAX_LENGTH ? PROJECT_NAME_MESSAGE.tooLong(length) : null
}

/** /project/{ref}/settings/general: the project's name and reference, and a restart. */
export function GeneralSettingsScreen({ projectRef: ref }: { projectRef: string }) {
  const project = useQuery(projectDetailQuery(ref))
  return (
    <DatabaseToolPage title="General settings" description="The project's name and reference, a restart of its database and services, its organization, and its deletion.">
      <QueryStates query={project} loading="Loading the project…" failed="The project could not be read">
        {(data) => (
          <>
            {/* Keyed by the saved name: a rename elsewhere (another tab) starts the form afresh. */}
            <ProjectNameForm key={data.name} project={data} />
            <RestartSection project={data} />
            <TransferSection project={data} />
            <DeleteSection project={data} />
          </>
        )}
      </QueryStates>
    </DatabaseToolPage>
  )
}

function ProjectNameForm({ project }: { project: ProjectDetail }) {
  const queryClient = useQueryClient()
  const [name, setName] = useState(project.name)
  const permission = useProjectPermission(project.ref, PermissionAction.UPDATE, PERMISSION_RESOURCES.projects, PROJECT_SETTINGS_MESSAGE.renameDenied)
  const save = useMutation({
    mutationFn: (next: string) => renameProject(project.ref, next),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.projectDetail(project.ref), saved)
      // The organization's project lists and the breadcrumb's project menu show the name too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.organizations() })
      showToast('success', PROJECT_SETTINGS_MESSAGE.renamed(saved.name))
    },
  })
  const problem = nameProblem(name)
  const changed = name.trim() !== project.name
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!problem && changed) save.mutate(name.trim())
  }
  return (
    <form onSubmit={submit} aria-label="Project name" className={settingsPanelClass}>
      <FormSection title="Project name" description="How the project is listed in its organization and shown across the dashboard.">
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3', maxW: 'md' })}>
          <TextField
            label="Name"
            value={name}
            disabled={!permission.allowed}
            error={problem && name !== project.name ? problem : save.isError ? save.error.message : null}
            hint={PROJECT_NAME_MESSAGE.hint(projectNameLength(name.trim()))}
            onChange={(event) => setName(event.target.value)}
          />
          <div className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' })}>
            Reference <code className={css({ fontFamily: 'mono', color: 'fg.default' })}>{project.ref}</code>
            <CopyButton text={project.ref} subject="project reference" size="sm" />
          </div>
        </div>
        <SaveCancelActions
          changed={changed}
          saving={save.isPending}
          saveDisabled={!permission.allowed || Boolean(problem)}
          blockedReason={permission.reason}
          onCancel={() => {
            setName(project.name)
            save.reset()
          }}
        />
      </FormSection>
    </form>
  )
}

/** Restarting runs through the project's status actor, so the gate in front of every database screen shows RESTARTING until it is back. */
function RestartSection({ project }: { project: ProjectDetail }) {
  const actor = useProjectStatusActor()
  const restarting = useSelector(actor, (s) => s.matches('restarting')) || project.status === 'RESTARTING'
  const actionError = useSelector(actor, (s) => s.context.actionError)
  const [confirming, setConfirming] = useState(false)
  const permission = useProjectPermission(project.ref, PermissionAction.INFRA_EXECUTE, PERMISSION_RESOURCES.restartProject, PROJECT_SETTINGS_MESSAGE.restartDenied)
  const blockedReason = permission.reason ?? (isActiveProjectStatus(project.status) || restarting ? null : PROJECT_TRANSITION_MESSAGE.restartNotActive)
  return (
    <SettingsSection title="Restart project" description="Stops the project's database and services and starts them again, for a setting that needs it or a database that stopped answering.">
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
        {restarting ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>The project is restarting: screens that need its database open again once it is back.</p> : null}
        <FormProblem>{actionError}</FormProblem>
        <GuardedButton blockedReason={blockedReason} disabled={!permission.allowed || restarting || !isActiveProjectStatus(project.status)} loading={restarting} onClick={() => setConfirming(true)}>
          {restarting ? 'Restarting…' : 'Restart project'}
        </GuardedButton>
      </div>
      <ConfirmDialog
        open={confirming}
        title={PROJECT_SETTINGS_MESSAGE.restartConfirmTitle(project.name)}
        confirmLabel="Restart project"
        onConfirm={() => {
          setConfirming(false)
          actor.send({ type: 'restart' })
        }}
        onDismiss={() => setConfirming(false)}
      >
        {PROJECT_SETTINGS_MESSAGE.restartConfirmBody}
      </ConfirmDialog>
    </SettingsSection>
  )
}
