import { PERMISSION_MESSAGE } from '../../constants'
import { PermissionAction } from '../../lib/permissions'
import { PROJECT_ROLE, type RunAs } from '../../lib/sql/run-as'
import { usePermission } from '../permissions'
import { useProjectOrganization } from '../project-shell'
import { useRunAs } from './run-as-store'

/**
 * Who this member's SQL runs as in the project: the tab's choice, or the project's role for a member
 * who may only read (their SQL runs as the project's read-only role, which may not switch roles: the
 * server would refuse it anyway), with the reason the picker shows.
 */
export function useRunAsChoice(ref: string): { runAs: RunAs; setRunAs: (next: RunAs) => void; blockedReason: string | null } {
  const [chosen, setRunAs] = useRunAs(ref)
  const organization = useProjectOrganization(ref)
  const permission = usePermission(PermissionAction.TENANT_SQL_ADMIN_WRITE, 'run_as', organization ? { organizationSlug: organization.slug, projectRef: ref } : undefined, PERMISSION_MESSAGE.runAsOtherRole)
  const blockedReason = permission.allowed ? null : (permission.reason ?? PERMISSION_MESSAGE.checking)
  return { runAs: blockedReason ? PROJECT_ROLE : chosen, setRunAs, blockedReason }
}
