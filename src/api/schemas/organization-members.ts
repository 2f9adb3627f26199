import * as v from 'valibot'

/** GET …/organizations/{slug}/members: one entry per member (only what the dashboard reads). */
export const OrganizationMemberSchema = v.object({
  gotrue_id: v.string(),
  primary_email: v.string(),
  username: v.string(),
  role_ids: v.array(v.number()),
  mfa_enabled: v.optional(v.boolean(), false),
})
export type OrganizationMember = v.InferOutput<typeof OrganizationMemberSchema>

export const OrganizationRolesSchema = v.object({
  org_scoped_roles: v.array(v.object({ id: v.number(), name: v.string(), description: v.optional(v.string(), '') })),
})

export const OrganizationInvitationSchema = v.object({
  id: v.number(),
  invited_email: v.string(),
  role_id: v.number(),
  invited_at: v.nullable(v.string()),
  expires_at: v.string(),
  expired: v.boolean(),
  join_link: v.optional(v.string()),
})
export type OrganizationInvitation = v.InferOutput<typeof OrganizationInvitationSchema>
export const OrganizationInvitationsSchema = v.object({ invitations: v.array(OrganizationInvitationSchema) })
