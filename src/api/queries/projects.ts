import { REQUIRED_MESSAGE, STALE_TIME } from '../../constants'
import { api, type ApiClient } from '../client'
import { ApiError } from '../errors'
import { CreatedProjectSchema, PoolerConfigListSchema, ProjectDetailSchema, ProjectSettingsSchema, toProjectDetail } from '../schemas'
import { queryKeys } from './keys'

export function projectDetailQuery(ref: string | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.projectDetail(ref),
    // The signal makes the fetch cancellable (SPEC §7).
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      if (!ref) throw new ApiError({ message: REQUIRED_MESSAGE.projectRef })
      const raw = await client.get(`/platform/projects/${encodeURIComponent(ref)}`, { schema: ProjectDetailSchema, signal })
      return toProjectDetail(raw)
    },
    staleTime: STALE_TIME.projectDetail,
  }
}

function projectPath(ref: string | undefined, rest = ''): string {
  if (!ref) throw new ApiError({ message: REQUIRED_MESSAGE.projectRef })
  return `/platform/projects/${encodeURIComponent(ref)}${rest}`
}

/** GET /platform/projects/{ref}/settings: the database's host, port, name and user (PLATFORM-API §3). */
export function projectSettingsQuery(ref: string | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.projectSettings(ref),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => client.get(projectPath(ref, '/settings'), { schema: ProjectSettingsSchema, signal }),
    staleTime: STALE_TIME.default,
  }
}

/** GET /platform/projects/{ref}/config/supavisor: the pooler in front of each database, empty without one. */
export function projectPoolerQuery(ref: string | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.projectPooler(ref),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => client.get(projectPath(ref, '/config/supavisor'), { schema: PoolerConfigListSchema, signal }),
    staleTime: STALE_TIME.default,
  }
}

export interface CreateProjectBody {
  name: string
  organization_slug: string
  db_pass: string
  db_region: string
  cloud_provider: string
  desired_instance_size: string
}

/** POST /platform/projects: the project starts COMING_UP (PLATFORM-API §3). */
export function createProject(body: CreateProjectBody, client: ApiClient = api) {
  return client.post('/platform/projects', { body, schema: CreatedProjectSchema })
}

/** POST /platform/projects/{ref}/pause: 201 and no body; the project is PAUSING, then INACTIVE (PLATFORM-API §3). */
export async function pauseProject(ref: string, client: ApiClient = api, signal?: AbortSignal): Promise<void> {
  await client.post(projectPath(ref, '/pause'), { signal })
}

/** PATCH /platform/projects/{ref}: a new name; the project's detail as it now stands. */
export async function renameProject(ref: string, name: string, client: ApiClient = api) {
  return toProjectDetail(await client.patch(projectPath(ref), { body: { name }, schema: ProjectDetailSchema }))
}

/** POST /platform/projects/{ref}/transfer: the project moved to another organization; its detail as it now stands. */
export async function transferProject(ref: string, targetOrganizationSlug: string, client: ApiClient = api) {
  return toProjectDetail(await client.post(projectPath(ref, '/transfer'), { body: { target_organization_slug: targetOrganizationSlug }, schema: ProjectDetailSchema }))
}

/** DELETE /platform/projects/{ref}: the project and everything of it, gone. */
export async function deleteProject(ref: string, client: ApiClient = api): Promise<void> {
  await client.delete(projectPath(ref))
}

/** POST /platform/projects/{ref}/restart: the project is RESTARTING, then ACTIVE_HEALTHY. */
export async function restartProject(ref: string, client: ApiClient = api, signal?: AbortSignal): Promise<void> {
  await client.post(projectPath(ref, '/restart'), { body: {}, signal })
}

/** POST /platform/projects/{ref}/restore: the project is RESTORING, then ACTIVE_HEALTHY (PLATFORM-API §3). */
export async function restoreProject(ref: string, client: ApiClient = api, signal?: AbortSignal): Promise<void> {
  await client.post(projectPath(ref, '/restore'), { body: {}, signal })
}
