import { authUsersSql } from '../../lib/sql/auth-users'
import { policyEffectScript, type PolicyEffectRequest } from '../../lib/sql/policy-effect'
import { tablePoliciesSql } from '../../lib/sql/table-policies'
import { api, type ApiClient } from '../client'
import { AuthUsersAnswerSchema, PolicyEffectAnswerSchema, PolicyTablesAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { postQuery } from './sql'

type ConnectionString = string | null | undefined

/** Users to measure a policy's effect for: the first 50 by address, matching `search`. */
const USER_CHOICES = 50

/** A schema's tables with RLS on or off, their columns and their policies. */
export function policyTablesQuery(ref: string, connectionString: ConnectionString, schema: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.policyTables(ref, schema),
    queryFn: ({ signal }: { signal?: AbortSignal }) => postQuery({ ref, connectionString, query: tablePoliciesSql(schema), signal }, PolicyTablesAnswerSchema, client),
  }
}

/** A policy's effect for each viewer, before and after the change, measured in a transaction rolled back. */
export function policyEffectQuery(ref: string, connectionString: ConnectionString, request: PolicyEffectRequest, client: ApiClient = api) {
  const script = policyEffectScript(request)
  return {
    queryKey: queryKeys.policyEffect(ref, script),
    queryFn: ({ signal }: { signal?: AbortSignal }) => postQuery({ ref, connectionString, query: script, signal }, PolicyEffectAnswerSchema, client),
  }
}

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
