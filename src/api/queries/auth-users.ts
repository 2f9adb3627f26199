import { AUTH_USERS_PAGE_SIZE } from '../../constants'
import { authProvidersSql, authUserRecordSql, authUsersSql, type AuthUserListParams } from '../../lib/sql/auth-users'
import { api, type ApiClient } from '../client'
import { AuthProvidersAnswerSchema, AuthUserRecordAnswerSchema, AuthUsersAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { databaseQuery, postQuery } from './sql'

type ConnectionString = string | null | undefined
export type AuthUserFilters = Omit<AuthUserListParams, 'offset' | 'limit'>

/** Page `page` of the users matching `filters` (AUTH_USERS_PAGE_SIZE each; the first page's rows carry the total). */
export function authUserPageQuery(ref: string, connectionString: ConnectionString, filters: AuthUserFilters, page: number, client: ApiClient = api) {
  return {
    queryKey: queryKeys.authUserPage(ref, filters, page),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      postQuery({ ref, connectionString, query: authUsersSql({ ...filters, offset: page * AUTH_USERS_PAGE_SIZE, limit: AUTH_USERS_PAGE_SIZE }), signal }, AuthUsersAnswerSchema, client),
  }
}

/** Every provider some user signed up with, for the filter. */
export function authProvidersQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.authProviders(ref), { ref, connectionString, query: authProvidersSql }, AuthProvidersAnswerSchema, client)
}

/** One user's whole record (no secrets), identities and session count. */
export function authUserRecordQuery(ref: string, connectionString: ConnectionString, id: string, client: ApiClient = api) {
  return databaseQuery(queryKeys.authUserRecord(ref, id), { ref, connectionString, query: () => authUserRecordSql(id) }, AuthUserRecordAnswerSchema, client)
}

/** The project's auth server mails an invitation to `email` (a new user waiting for it), through the platform's API. */
export async function inviteAuthUser(ref: string, email: string, client: ApiClient = api): Promise<void> {
  await client.post(`/platform/auth/${encodeURIComponent(ref)}/invite`, { body: { email } })
}

/** The project's auth server mails a password recovery link to the user with `email`. */
export async function sendPasswordRecovery(ref: string, email: string, client: ApiClient = api): Promise<void> {
  await client.post(`/platform/auth/${encodeURIComponent(ref)}/recover`, { body: { email } })
}

/** Users to pick from (a policy's effect, run as): the first USER_CHOICES by address matching `search`. */
const USER_CHOICES = 50

export function authUserChoicesQuery(ref: string, connectionString: ConnectionString, search: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.authUserChoices(ref, search),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      postQuery(
        { ref, connectionString, query: authUsersSql({ search, sort: 'email', ascending: true, provider: null, state: 'all', offset: 0, limit: USER_CHOICES }), signal },
        AuthUsersAnswerSchema,
        client,
      ),
  }
}
