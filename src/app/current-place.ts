import { useQuery } from '@tanstack/react-query'
import { useRoute } from 'wouter'
import { organizationsQuery } from '../api/queries/organizations'
import { projectDetailQuery } from '../api/queries/projects'

/** Which organization and project the current route is about (the top bar, previews' telemetry groups, the command menu). */
export function useCurrentPlace() {
  const [, orgPage] = useRoute<{ slug: string }>('/org/:slug/*?')
  const [, newProjectPage] = useRoute<{ slug: string }>('/new/:slug')
  const orgParams = orgPage ?? newProjectPage
  const [, projectParams] = useRoute<{ ref: string }>('/project/:ref/*?')
  const organizations = useQuery(organizationsQuery())
  const project = useQuery({ ...projectDetailQuery(projectParams?.ref), enabled: Boolean(projectParams?.ref) })
  const organization = orgParams
    ? organizations.data?.find((o) => o.slug === orgParams.slug)
    : organizations.data?.find((o) => o.id === project.data?.organization_id)
  // The route is about an organization (its own, or a project's) that is still loading.
  const organizationPending = orgParams ? organizations.isPending : projectParams ? organizations.isPending || project.isPending : false
  return { organizations: organizations.data ?? [], organizationsPending: organizations.isPending, organization, organizationPending, project: projectParams ? project.data : undefined }
}

/** The place itself, as the top bar shows it. */
export type CurrentPlace = Omit<ReturnType<typeof useCurrentPlace>, 'organizationPending' | 'organizationsPending'>
