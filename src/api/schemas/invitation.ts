import * as v from 'valibot'

/** Join links carry `token` and `slug` made of letters, digits, hyphen and underscore. */
export const INVITATION_LINK_PART = /^[A-Za-z0-9_-]+$/

const LinkPartSchema = v.pipe(v.string(), v.regex(INVITATION_LINK_PART))

/** The query of a join link: /join?token=…&slug=… */
export const InvitationLinkSchema = v.object({ token: LinkPartSchema, slug: LinkPartSchema })
export type InvitationLink = v.InferOutput<typeof InvitationLinkSchema>

/** GET /platform/organizations/{slug}/members/invitations/{token} (PLATFORM-API §2). */
export const InvitationSchema = v.object({
  /** Empty or absent when the token does not exist. */
  organization_name: v.nullish(v.string()),
  authorized_user: v.boolean(),
  email_match: v.boolean(),
  expired_token: v.boolean(),
  sso_mismatch: v.boolean(),
  token_does_not_exist: v.boolean(),
  invite_id: v.nullish(v.number()),
})
export type Invitation = v.InferOutput<typeof InvitationSchema>
