import * as v from 'valibot'
import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql'
import { GRAPHQL_TOKEN_LIFETIME_SECONDS, GRAPHQL_TOKEN_RENEW_MARGIN_SECONDS } from '../../constants'
import type { ApiRole } from '../../lib/graphql-token'
import { api, type ApiClient } from '../client'
import { queryKeys } from './keys'

const GraphqlErrorSchema = v.looseObject({
  message: v.string(),
  locations: v.optional(v.array(v.object({ line: v.number(), column: v.number() }))),
  path: v.optional(v.array(v.union([v.string(), v.number()]))),
})

/** A GraphQL answer: the data is the user's (shown, never interpreted), the errors are read. */
const GraphqlAnswerSchema = v.object({
  data: v.optional(v.unknown()),
  errors: v.optional(v.array(GraphqlErrorSchema)),
})
export type GraphqlAnswer = v.InferOutput<typeof GraphqlAnswerSchema>

export interface GraphqlRequest {
  query: string
  variables?: Record<string, unknown>
  operationName?: string | null
}

/** POST /platform/projects/{ref}/api/graphql (PLATFORM-API §7): `headers` carry x-graphql-authorization and the explorer's own. */
export function postGraphql(ref: string, request: GraphqlRequest, headers: Record<string, string>, signal?: AbortSignal, client: ApiClient = api) {
  return client.post(`/platform/projects/${encodeURIComponent(ref)}/api/graphql`, { body: request, headers, schema: GraphqlAnswerSchema, signal })
}

const RoleTokenSchema = v.object({ token: v.string() })

/**
 * The explorer's token for `role` (POST /platform/projects/{ref}/api/graphql/token): the platform
 * signs it for the member, and refuses a role they may not take (403, with the reason).
 */
export function graphqlRoleTokenQuery(ref: string, role: ApiRole, client: ApiClient = api) {
  return {
    queryKey: queryKeys.graphqlRoleToken(ref, role),
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (await client.post(`/platform/projects/${encodeURIComponent(ref)}/api/graphql/token`, { body: { role }, schema: RoleTokenSchema, signal })).token,
    staleTime: (GRAPHQL_TOKEN_LIFETIME_SECONDS - GRAPHQL_TOKEN_RENEW_MARGIN_SECONDS) * 1000,
  }
}

// The shape buildClientSchema needs to start; it checks the rest itself (and says what is wrong).
const IntrospectionSchema = v.object({
  __schema: v.looseObject({ queryType: v.looseObject({ name: v.string() }), types: v.array(v.looseObject({ kind: v.string(), name: v.string() })) }),
})

/**
 * The schema as `caller` sees it (pg_graphql shows each role what it may use). Under the database's
 * catalogue key, so what refreshes the catalogue (a new table, a grant) refreshes this too.
 */
export function graphqlIntrospectionQuery(ref: string, caller: string, headers: () => Promise<Record<string, string>>, client: ApiClient = api) {
  return {
    queryKey: queryKeys.graphqlIntrospection(ref, caller),
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<IntrospectionQuery> => {
      const answer = await postGraphql(ref, { query: getIntrospectionQuery() }, await headers(), signal, client)
      if (answer.errors?.length) throw new Error(answer.errors.map((error) => error.message).join('\n'))
      const parsed = v.safeParse(IntrospectionSchema, answer.data)
      if (!parsed.success) throw new Error(`Unexpected introspection answer: ${v.summarize(parsed.issues)}`)
      return parsed.output as unknown as IntrospectionQuery
    },
    // The schema follows the database: read afresh whenever the explorer opens.
    staleTime: 0,
  }
}
