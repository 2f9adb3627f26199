import { useQuery } from '@tanstack/react-query'
import { permissionsQuery } from '../../api/queries/profile'
import { PERMISSION_MESSAGE } from '../../constants'
import { can, type PermissionScope } from '../../lib/permissions'
import { settings } from '../../lib/settings'
import { useSignedIn } from '../auth'

/** The permission list: fetched only on the hosted platform when signed in (SPEC §6). */
export function usePermissions() {
  const signedIn = useSignedIn()
  return useQuery({ ...permissionsQuery(), enabled: settings.isPlatform && signedIn })
}

/**
 * Whether the user may do `action` on `resource` in the scope, and once known to be refused, the
 * reason a disabled control shows (`what` the permission is for). Self-hosted has no permission
 * model, so everything is allowed; while the list loads (or failed to load), nothing is. A list that
 * failed is an error to show with Try again (`error`, `retry`), not a refusal.
 */
export function usePermission(action: string, resource: string, scope: PermissionScope | undefined, what: string) {
  const permissions = usePermissions()
  const allowed = !settings.isPlatform || (scope !== undefined && can(permissions.data, action, resource, scope))
  // Trying again after a failure is loading again.
  const loading = settings.isPlatform && (scope === undefined || permissions.isPending || (permissions.isError && permissions.isFetching))
  const error = settings.isPlatform && !loading && permissions.isError ? permissions.error.message : null
  return {
    allowed,
    loading,
    reason: allowed || loading ? null : error !== null ? `${PERMISSION_MESSAGE.loadFailed}.` : PERMISSION_MESSAGE.denied(what),
    error,
    retry: () => void permissions.refetch(),
  }
}
