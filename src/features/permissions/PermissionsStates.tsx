import { permissionsQuery } from '../../api/queries/profile'
import { PERMISSION_MESSAGE } from '../../constants'
import { ErrorState } from '../../ui/states'
import { QueryLoadingState } from '../retries'

/** A screen held until the permission list arrives: while it retries, what fails and when the next try is. */
export function PermissionsPending() {
  return <QueryLoadingState label={PERMISSION_MESSAGE.checking} queryKey={permissionsQuery().queryKey} />
}

/** The permission list could not be loaded (after SPEC §7 retries): the error, and Try again. */
export function PermissionsFailed({ permission }: { permission: { error: string | null; retry: () => void } }) {
  return <ErrorState title={PERMISSION_MESSAGE.loadFailed} message={permission.error ?? ''} onRetry={permission.retry} />
}
