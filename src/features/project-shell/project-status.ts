import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import { projectStatusMachine } from '../../../machines/project-status.machine'
import { api } from '../../api/client'
import { queryKeys } from '../../api/queries/keys'
import { organizationsQuery } from '../../api/queries/organizations'
import { pauseProject, projectDetailQuery, restartProject, restoreProject } from '../../api/queries/projects'
import { fetchForActor } from '../../api/query-client'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { useInspectedActorRef } from '../../ui/use-inspected-machine'

export type ProjectStatusActor = ActorRefFrom<typeof projectStatusMachine>

/** The status actor of the project on view: one per project shell, shared by the gate, the home page and the assistant. */
export const ProjectStatusContext = createContext<ProjectStatusActor | null>(null)

/** Starts the project's status machine with the app's actors: reads through the cache, pause and restore through the API. */
export function useProjectStatusMachine(ref: string): ProjectStatusActor {
  const queryClient = useQueryClient()
  // The organization's project lists show statuses and the Free plan's active count: refresh them after a change.
  const changed = () => queryClient.invalidateQueries({ queryKey: queryKeys.organizations() })
  return useInspectedActorRef(
    projectStatusMachine.provide({
      actors: {
        fetchDetail: fromPromiseUntilStopped(({ input, signal }) => fetchForActor(queryClient, { ...projectDetailQuery(input.ref), staleTime: 0 }, signal)),
        pauseProject: fromPromiseUntilStopped(async ({ input, signal }) => {
          await pauseProject(input.ref, api, signal)
          void changed()
        }),
        restoreProject: fromPromiseUntilStopped(async ({ input, signal }) => {
          await restoreProject(input.ref, api, signal)
          void changed()
        }),
        restartProject: fromPromiseUntilStopped(async ({ input, signal }) => {
          await restartProject(input.ref, api, signal)
          void changed()
        }),
      },
    }),
    { input: { ref } },
  )
}

export function useProjectStatusActor(): ProjectStatusActor {
  const actor = useContext(ProjectStatusContext)
  if (!actor) throw new Error('useProjectStatusActor needs a project shell around it')
  return actor
}

/** The organization a project belongs to, once the project and the organization list are in the cache. */
export function useProjectOrganization(ref: string | undefined) {
  const project = useQuery({ ...projectDetailQuery(ref), enabled: Boolean(ref) })
  const organizations = useQuery(organizationsQuery())
  return organizations.data?.find((o) => o.id === project.data?.organization_id)
}
