import { useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { queryKeys } from '../../api/queries/keys'
import { deleteProject } from '../../api/queries/projects'
import type { ProjectDetail } from '../../api/schemas'
import { PERMISSION_RESOURCES, PROJECT_SETTINGS_MESSAGE } from '../../constants'
import { PermissionAction } from '../../lib/permissions'
import { DeleteForGoodSection } from '../../ui/delete-section'
import { showToast } from '../../ui/toast'
import { useProjectOrganization } from '../project-shell'
import { forgetProjectKeys } from './forget-project-keys'
import { useProjectPermission } from './use-project-permission'

/** Deleting the project: its name typed first; then the organization's page, where it no longer is. */
export function DeleteSection({ project }: { project: ProjectDetail }) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const organization = useProjectOrganization(project.ref)
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
    <DeleteForGoodSection
      title="Delete project"
      description="Deletes the project's database, its storage objects, its saved queries and its settings, for good."
      name={project.name}
      messages={PROJECT_SETTINGS_MESSAGE}
      blockedReason={permission.reason}
      disabled={!permission.allowed}
      onDelete={remove}
    />
  )
}
