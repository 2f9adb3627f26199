import { useQuery } from '@tanstack/react-query'
import { permissionsQuery } from '../../api/queries/profile'
import { can, type PermissionScope } from '../../lib/permissions'
import { settings } from '../../lib/settings'
import { useSignedIn } from '../auth/use-signed-in'

/** The permission list: fetched only on the hosted platform when signed in (SPEC §6). */
export function usePermissions() {
  const signedIn = useSignedIn()
  return useQuery({ ...permissionsQuery(), enabled: settings.isPlatform && signedIn })
}

/**
 * Whether the user may do `action` on `resource` in the scope. Self-hosted has no permission
 * model, so everything is allowed; while the list loads (or failed to load), nothing is.
 */
export function usePermission(action: string, resource: string, scope: PermissionScope | undefined) {
  const permissions = usePermissions()
  if (!settings.isPlatform) return { allowed: true, loading: false }
  if (!scope) return { allowed: false, loading: true }
  return { allowed: can(permissions.data, action, resource, scope), loading: permissions.isPending }
}
