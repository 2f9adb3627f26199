import { usePermission } from '../permissions'
import { useProjectOrganization } from '../project-shell'

/** Whether the member may do `action` on `resource` in this project (its organization's permissions), and if not, why. */
export function useProjectPermission(ref: string, action: string, resource: string, what: string) {
  const organization = useProjectOrganization(ref)
  return usePermission(action, resource, organization ? { organizationSlug: organization.slug, projectRef: ref } : undefined, what)
}
