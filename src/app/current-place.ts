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
  return { organizations: organizations.data ?? [], organization, project: projectParams ? project.data : undefined }
}

export type CurrentPlace = ReturnType<typeof useCurrentPlace>
