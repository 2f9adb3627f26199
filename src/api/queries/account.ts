import * as v from 'valibot'
import { api, type ApiClient } from '../client'
import { FactorEnrolmentSchema, ProfileSchema } from '../schemas'
import { queryKeys } from './keys'

export const AccessTokenSchema = v.object({
  id: v.number(),
  name: v.string(),
  token_alias: v.string(),
  created_at: v.string(),
  expires_at: v.nullable(v.string()),
  last_used_at: v.nullable(v.string()),
  token: v.optional(v.string()),
})
export type AccessToken = v.InferOutput<typeof AccessTokenSchema>

/** PATCH /platform/profile: the member's names and username. */
export function updateProfile(body: { first_name: string | null; last_name: string | null; username: string }, client: ApiClient = api) {
  return client.patch('/platform/profile', { body, schema: ProfileSchema })
}

export function accessTokensQuery(client: ApiClient = api) {
  return {
    queryKey: queryKeys.accessTokens(),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get('/platform/profile/access-tokens', { schema: v.array(AccessTokenSchema), signal }),
  }
}

/** POST /platform/profile/access-tokens: a new token, answered once with its value. */
export function createAccessToken(name: string, expiresAt: string | null, client: ApiClient = api) {
  return client.post('/platform/profile/access-tokens', { body: { name, expires_at: expiresAt }, schema: AccessTokenSchema })
}

export async function revokeAccessToken(id: number, client: ApiClient = api): Promise<void> {
  await client.delete(`/platform/profile/access-tokens/${id}`)
}

/** POST {auth}/factors: a new TOTP factor, unverified until its first code (session-actions' answerFactorChallenge). */
export function enrolTotpFactor(friendlyName: string, client: ApiClient = api) {
  return client.post('/factors', { service: 'auth', body: { factor_type: 'totp', friendly_name: friendlyName }, schema: FactorEnrolmentSchema })
}

/** DELETE {auth}/factors/{id}: a verified factor goes only from a session that proved it (aal2). */
export async function removeFactor(id: string, client: ApiClient = api): Promise<void> {
  await client.delete(`/factors/${encodeURIComponent(id)}`, { service: 'auth' })
}
