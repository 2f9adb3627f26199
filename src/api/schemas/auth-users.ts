import * as v from 'valibot'
import { catalogAnswer } from './catalog-answer'

/** The project's auth users as src/lib/sql/auth-users.ts reads them. */

export const AuthUserRowSchema = v.object({
  id: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  providers: v.array(v.string()),
  created_at: v.nullable(v.string()),
  last_sign_in_at: v.nullable(v.string()),
  confirmed_at: v.nullable(v.string()),
  invited_at: v.nullable(v.string()),
  banned_until: v.nullable(v.string()),
  is_anonymous: v.boolean(),
  /** How many users match the search and filters in all, on every row of the first page; null on the others (they are not counted again). */
  total: v.nullable(v.number()),
})
export type AuthUserRow = v.InferOutput<typeof AuthUserRowSchema>
export const AuthUsersAnswerSchema = catalogAnswer('users', v.array(AuthUserRowSchema))

export const AuthProvidersAnswerSchema = catalogAnswer('providers', v.array(v.string()))

/** A user's whole record: every column of auth.users but the secrets, their identities, their session count. */
export const AuthUserRecordSchema = v.object({
  user: v.nullable(v.record(v.string(), v.unknown())),
  identities: v.array(v.record(v.string(), v.unknown())),
  sessions: v.number(),
})
export type AuthUserRecord = v.InferOutput<typeof AuthUserRecordSchema>
export const AuthUserRecordAnswerSchema = catalogAnswer('record', AuthUserRecordSchema)
