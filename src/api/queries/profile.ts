import { STALE_TIME } from '../../constants'
import { api, type ApiClient } from '../client'
import { AuthUserSchema, PermissionsSchema, ProfileSchema } from '../schemas'
import { queryKeys } from './keys'

export function profileQuery(client: ApiClient = api) {
  return {
    queryKey: queryKeys.profile(),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      client.get('/platform/profile', { headers: { Version: '2' }, schema: ProfileSchema, signal }),
    staleTime: STALE_TIME.profile,
  }
}

export function permissionsQuery(client: ApiClient = api) {
  return {
    queryKey: queryKeys.permissions(),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      client.get('/platform/profile/permissions', { schema: PermissionsSchema, signal }),
    staleTime: STALE_TIME.permissions,
  }
}

/** The auth service's current user: identities, new_email, email_change_sent_at (SPEC §3). */
export function authUserQuery(client: ApiClient = api) {
  return {
    queryKey: queryKeys.authUser(),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      client.get('/user', { service: 'auth', schema: AuthUserSchema, signal }),
    staleTime: STALE_TIME.profile,
  }
}
