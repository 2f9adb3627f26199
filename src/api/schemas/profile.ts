import * as v from 'valibot'

export const IdentitySchema = v.object({
  provider: v.string(),
  identity_data: v.optional(v.object({ user_name: v.optional(v.string()) }), {}),
})

/** GET /platform/profile (Version 2), PLATFORM-API §1. */
export const ProfileSchema = v.object({
  id: v.number(),
  auth0_id: v.string(),
  gotrue_id: v.string(),
  username: v.string(),
  primary_email: v.string(),
  first_name: v.nullish(v.string()),
  last_name: v.nullish(v.string()),
  mobile: v.nullish(v.string()),
  is_alpha_user: v.optional(v.boolean(), false),
  free_project_limit: v.optional(v.number(), 2),
  disabled_features: v.optional(v.array(v.string()), []),
  identities: v.optional(v.array(IdentitySchema), []),
})
export type Profile = v.InferOutput<typeof ProfileSchema>

/** GET /platform/profile/permissions, PLATFORM-API §1 and SPEC §3. */
export const PermissionSchema = v.object({
  organization_id: v.nullish(v.number()),
  organization_slug: v.string(),
  actions: v.nullish(v.array(v.string())),
  resources: v.nullish(v.array(v.string())),
  condition: v.nullish(v.unknown()),
  project_ids: v.nullish(v.array(v.number())),
  project_refs: v.nullish(v.array(v.string())),
  restrictive: v.nullish(v.boolean()),
})
export type Permission = v.InferOutput<typeof PermissionSchema>
export const PermissionsSchema = v.array(PermissionSchema)

/** Auth service answers (GoTrue-shaped). */
/** A second factor as GoTrue lists it on the user. */
export const AuthFactorSchema = v.object({
  id: v.string(),
  factor_type: v.string(),
  status: v.string(),
  friendly_name: v.optional(v.string(), ''),
  created_at: v.optional(v.string()),
})
export type AuthFactor = v.InferOutput<typeof AuthFactorSchema>

/** POST {auth}/factors: the new (unverified) factor and what an authenticator app scans. */
export const FactorEnrolmentSchema = v.object({
  id: v.string(),
  friendly_name: v.string(),
  totp: v.object({ secret: v.string(), uri: v.pipe(v.string(), v.startsWith('otpauth://totp/')) }),
})
export type FactorEnrolment = v.InferOutput<typeof FactorEnrolmentSchema>

/** POST {auth}/factors/{id}/challenge. */
export const FactorChallengeSchema = v.object({ id: v.string(), expires_at: v.number() })

export const AuthUserSchema = v.object({
  id: v.string(),
  email: v.string(),
  identities: v.optional(v.array(IdentitySchema), []),
  new_email: v.nullish(v.string()),
  email_change_sent_at: v.nullish(v.string()),
  factors: v.optional(v.array(AuthFactorSchema), []),
})
export type AuthUser = v.InferOutput<typeof AuthUserSchema>

export const AuthTokenSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.string(),
  expires_in: v.number(),
  refresh_token: v.optional(v.string()),
  user: AuthUserSchema,
})

/** POST /platform/profile/password-check: a 0–4 score with suggestions (SPEC §5). */
export const PasswordCheckSchema = v.object({
  result: v.object({
    score: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(4)),
    feedback: v.object({
      warning: v.nullish(v.string(), ''),
      suggestions: v.optional(v.array(v.string()), []),
    }),
  }),
})
