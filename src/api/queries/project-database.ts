import { STALE_TIME, type ComputeSizeId } from '../../constants'
import type { NetworkRestrictions } from '../../lib/network-restrictions'
import { api, type ApiClient } from '../client'
import { NetworkRestrictionsSchema, ProjectAddonsSchema, SslEnforcementSchema } from '../schemas'
import { queryKeys } from './keys'

const projectPath = (ref: string, rest: string) => `/platform/projects/${encodeURIComponent(ref)}${rest}`

/** PATCH /platform/projects/{ref}/db-password: the password people connect to the database with. */
export async function resetDatabasePassword(ref: string, password: string, client: ApiClient = api): Promise<void> {
  await client.patch(projectPath(ref, '/db-password'), { body: { password } })
}

export function sslEnforcementQuery(ref: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.projectSslEnforcement(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(projectPath(ref, '/ssl-enforcement'), { schema: SslEnforcementSchema, signal }),
    staleTime: STALE_TIME.default,
  }
}

export function updateSslEnforcement(ref: string, enforced: boolean, client: ApiClient = api) {
  return client.put(projectPath(ref, '/ssl-enforcement'), { body: { requestedConfig: { database: enforced } }, schema: SslEnforcementSchema })
}

export function networkRestrictionsQuery(ref: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.projectNetworkRestrictions(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(projectPath(ref, '/network-restrictions'), { schema: NetworkRestrictionsSchema, signal }),
    staleTime: STALE_TIME.default,
  }
}

/** POST …/network-restrictions/apply: the blocks that may connect, replacing those there. */
export function applyNetworkRestrictions(ref: string, restrictions: NetworkRestrictions, client: ApiClient = api) {
  return client.post(projectPath(ref, '/network-restrictions/apply'), { body: restrictions, schema: NetworkRestrictionsSchema })
}

/** GET /platform/projects/{ref}/billing/addons: the project's compute size and the sizes on offer. */
export function projectAddonsQuery(ref: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.projectAddons(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(projectPath(ref, '/billing/addons'), { schema: ProjectAddonsSchema, signal }),
    staleTime: STALE_TIME.default,
  }
}

/** POST /platform/projects/{ref}/billing/addons: moves the project to another compute size (it restarts on it). */
export async function changeComputeSize(ref: string, size: ComputeSizeId, client: ApiClient = api): Promise<void> {
  await client.post(projectPath(ref, '/billing/addons'), { body: { addon_type: 'compute_instance', addon_variant: `ci_${size}` } })
}
