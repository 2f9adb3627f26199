import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation } from 'wouter'
import { queryKeys } from '../../api/queries/keys'
import { deleteProject } from '../../api/queries/projects'
import type { ProjectDetail } from '../../api/schemas'
import { PERMISSION_RESOURCES, PROJECT_SETTINGS_MESSAGE } from '../../constants'
import { PermissionAction } from '../../lib/permissions'
import { SettingsSection } from '../../ui/form-section'
import { GuardedButton } from '../../ui/guarded-button'
import { showToast } from '../../ui/toast'
import { TypedConfirmDialog } from '../../ui/typed-confirm-dialog'
import { useProjectOrganization } from '../project-shell'
import { forgetProjectKeys } from './forget-project-keys'
import { useProjectPermission } from './use-project-permission'

/** Deleting the project: its name typed first; then the organization's page, where it no longer is. */
export function DeleteSection({ project }: { project: ProjectDetail }) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const organization = useProjectOrganization(project.ref)
  const [confirming, setConfirming] = useState(false)
  const permission = useProjectPermission(project.ref, PermissionAction.DELETE, PERMISSION_RESOURCES.projects, PROJECT_SETTINGS_MESSAGE.deleteDenied)
  const remove = async () => {
    await deleteProject(project.ref)
    forgetProjectKeys(project.ref)
    // Away first: a screen still showing the project would read it again (404) once its detail is dropped.
    navigate(organization ? `/org/${organization.slug}` : '/organizations')
    showToast('success', PROJECT_SETTINGS_MESSAGE.deleted(project.name))
    queryClient.removeQueries({ queryKey: queryKeys.projectDetail(project.ref) })
    await queryClient.invalidateQueries({ queryKey: queryKeys.organizations() })
  }
  return (
    <SettingsSection title="Delete project" description="Deletes the project's database, its storage objects, its saved queries and its settings, for good." danger>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
        <GuardedButton variant="danger" blockedReason={permission.reason} disabled={!permission.allowed} onClick={() => setConfirming(true)}>
          Delete project
        </GuardedButton>
      </div>
      {confirming ? (
        <TypedConfirmDialog
          title={PROJECT_SETTINGS_MESSAGE.deleteConfirmTitle(project.name)}
          description={PROJECT_SETTINGS_MESSAGE.deleteConfirmBody}
          name={project.name}
          label={PROJECT_SETTINGS_MESSAGE.deleteTypeToConfirm(project.name)}
          confirmLabel="Delete project"
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </SettingsSection>
  )
}
