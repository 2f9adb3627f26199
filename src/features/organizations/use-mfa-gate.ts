import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { authUserQuery } from '../../api/queries/profile'
import type { Organization } from '../../api/schemas'
import { MFA_MESSAGE } from '../../constants'
import { settings } from '../../lib/settings'
import { showToast } from '../../ui/toast'

/**
 * Whether the organization lets this user in: `open` (it requires no MFA, or the user has a verified
 * factor), `blocked`, or `checking` while the user's factors load. The platform refuses a blocked
 * user's calls about the organization, so its screens ask nothing until it is open.
 */
export function useMfaGate(organization: Organization | undefined): 'open' | 'blocked' | 'checking' {
  const requires = settings.isPlatform && Boolean(organization?.organization_requires_mfa)
  const user = useQuery({ ...authUserQuery(), enabled: requires })
  if (!requires) return 'open'
  if (!user.data) return 'checking'
  return user.data.factors.some((factor) => factor.status === 'verified') ? 'open' : 'blocked'
}

/** Whether the organization refuses this user for lack of MFA (known only once the auth user is loaded). */
export function useMfaBlocked(organization: Organization | undefined): boolean {
  return useMfaGate(organization) === 'blocked'
}

/** Screens inside an organization: without the MFA it requires, go to the organization home. */
export function useMfaRedirect(organization: Organization | undefined) {
  const blocked = useMfaBlocked(organization)
  const [, navigate] = useLocation()
  useEffect(() => {
    if (!blocked || !organization) return
    showToast('warning', MFA_MESSAGE.requiredTitle)
    navigate(`/org/${encodeURIComponent(organization.slug)}`, { replace: true })
  }, [blocked, organization, navigate])
  return blocked
}
