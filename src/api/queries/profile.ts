import { PASSWORD_MESSAGE, STALE_TIME } from '../../constants'
import { api, type ApiClient } from '../client'
import { reportError } from '../error-reporting'
import { isApiError } from '../errors'
import { AuthUserSchema, PasswordCheckSchema, PermissionsSchema, ProfileSchema } from '../schemas'
import { queryKeys } from './keys'
import { errorMessage } from '../../lib/error-message'

export function profileQuery(client: ApiClient = api) {
  return {
    queryKey: queryKeys.profile(),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      client.get('/platform/profile', { headers: { Version: '2' }, schema: ProfileSchema, signal }),
    staleTime: STALE_TIME.profile,
  }
}

/** Permission failures that are the platform's fault (5xx) or of unknown cause are reported (SPEC §6). */
export function shouldReportPermissionError(error: unknown): boolean {
  if ((error as { name?: unknown } | null)?.name === 'AbortError') return false
  return !isApiError(error) || error.code === undefined || error.code >= 500
}

export function permissionsQuery(client: ApiClient = api, report: typeof reportError = reportError) {
  return {
    queryKey: queryKeys.permissions(),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      try {
        return await client.get('/platform/profile/permissions', { schema: PermissionsSchema, signal })
      } catch (error) {
        if (shouldReportPermissionError(error)) report(error, { area: 'permissions' })
        throw error
      }
    },
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

/** Server-side password scoring (SPEC §5); failures carry 'Failed to check password strength: …'. */
export async function checkPasswordStrength(password: string, client: ApiClient = api, signal?: AbortSignal) {
  try {
    const { result } = await client.post('/platform/profile/password-check', { body: { password }, schema: PasswordCheckSchema, signal })
    return { score: result.score, suggestions: result.feedback.suggestions }
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error
    throw new Error(PASSWORD_MESSAGE.checkFailed(errorMessage(error)), { cause: error })
  }
}
