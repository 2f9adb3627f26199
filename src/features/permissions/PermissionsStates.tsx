import type { ReactNode } from 'react'
import { permissionsQuery } from '../../api/queries/profile'
import { PERMISSION_MESSAGE } from '../../constants'
import { Callout } from '../../ui/callout'
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

/**
 * What shows in place of a part the permission withholds: the check while it runs, its failure, or
 * the reason it is denied under `deniedTitle`; null once the part may show.
 */
export function permissionWithheld(
  permission: { allowed: boolean; loading: boolean; error: string | null; reason: string | null; retry: () => void },
  deniedTitle: string,
): ReactNode | null {
  if (permission.loading) return <PermissionsPending />
  if (permission.error !== null) return <PermissionsFailed permission={permission} />
  if (!permission.allowed) {
    return (
      <Callout tone="warning" title={deniedTitle}>
        {permission.reason}
      </Callout>
    )
  }
  return null
}
