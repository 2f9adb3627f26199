import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { organizationsQuery } from '../../api/queries/organizations'
import { NOT_FOUND_MESSAGE } from '../../constants'
import { notFoundRedirectPath } from '../../lib/not-found-redirect'
import { showToast } from '../../ui/toast'
import { readLastVisitedOrganization, rememberOrganization } from './last-visited'

/**
 * The organization an /org/{slug}… screen is about. Visiting remembers it; a slug that is not one
 * of the user's says so and redirects (SPEC §2: to the last visited organization or /organizations).
 */
export function useRouteOrganization(slug: string) {
  const organizations = useQuery(organizationsQuery())
  const organization = organizations.data?.find((o) => o.slug === slug)
  const [, navigate] = useLocation()
  const missing = organizations.isSuccess && !organization
  useEffect(() => {
    if (organization) rememberOrganization(organization.slug)
  }, [organization])
  useEffect(() => {
    if (!missing) return
    showToast('error', NOT_FOUND_MESSAGE.organization, undefined, { id: `organization-not-found:${slug}` })
    navigate(notFoundRedirectPath('org', slug, readLastVisitedOrganization()), { replace: true })
  }, [missing, slug, navigate])
  return { organizations, organization }
}
