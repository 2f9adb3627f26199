import { http, HttpResponse } from 'msw'
import type { PlatformContext } from '../context'
import { ORGANIZATION_ROLE } from '../../src/constants'
import { isRoleId, rolePermission } from '../auth/organization-roles'
import { rememberInvitation, rememberMembership } from '../auth/organization-store'
import { errorResponse, isOrganizationMember, signedIn } from './util'
import { recordMembership } from '../logs/log-events'

/** The platform's answers to a POST that cannot join. */
export const INVITATION_ERROR = {
  alreadyMember: 'User is already a member of this organization',
  notFound: 'Invitation not found',
  expired: 'This invitation has expired',
  emailMismatch: 'This invitation was sent to another email address',
} as const

const PATH = '*/platform/organizations/:slug/members/invitations/:token'

/** Join links: read an invitation by token (GET) and accept it (POST), PLATFORM-API §2. */
export function invitationHandlers(ctx: PlatformContext) {
  const now = () => Date.now() + ctx.clockOffset

  /** An invitation that can still be used: right organization, not accepted yet. Served, tokens are kept as digests. */
  function openInvitation(slug: string, token: string) {
    const kept = ctx.tokenKeeping ? ctx.tokenKeeping.digest(token) : token
    return ctx.db.invitations.findFirst((q) => q.where({ token: kept, organization_slug: slug, accepted: false }))
  }

  const isMember = (userId: string, slug: string) => isOrganizationMember(ctx, userId, slug)

  return [
    http.get(PATH, async ({ request, params }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const slug = String(params.slug)
      const invitation = openInvitation(slug, String(params.token))
      const organization = ctx.db.organizations.findFirst((q) => q.where({ slug }))
      // An unknown (or already used) token is a normal answer, not an error, as on the real platform.
      if (!invitation || !organization) {
        return HttpResponse.json({
          organization_name: '',
          authorized_user: true,
          email_match: false,
          expired_token: false,
          sso_mismatch: false,
          token_does_not_exist: true,
        })
      }
      return HttpResponse.json({
        organization_name: organization.name,
        authorized_user: true,
        email_match: invitation.invited_email.toLowerCase() === user.email.toLowerCase(),
        expired_token: Date.parse(invitation.expires_at) <= now(),
        sso_mismatch: false,
        token_does_not_exist: false,
        invite_id: invitation.id,
      })
    }),
    http.post(PATH, async ({ request, params }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const slug = String(params.slug)
      if (isMember(user.id, slug)) return errorResponse(409, INVITATION_ERROR.alreadyMember)
      const invitation = openInvitation(slug, String(params.token))
      const organization = ctx.db.organizations.findFirst((q) => q.where({ slug }))
      if (!invitation || !organization) return errorResponse(404, INVITATION_ERROR.notFound)
      if (Date.parse(invitation.expires_at) <= now()) return errorResponse(410, INVITATION_ERROR.expired)
      if (invitation.invited_email.toLowerCase() !== user.email.toLowerCase()) return errorResponse(403, INVITATION_ERROR.emailMismatch)

      // Joining is one new permission entry, with the role the invitation gave.
      const role = isRoleId(invitation.role_id) ? invitation.role_id : ORGANIZATION_ROLE.developer
      await ctx.db.permissions.create(rolePermission(user.id, organization, role))
      rememberMembership(ctx, user.id, slug, role)
      const accepted = await ctx.db.invitations.update(invitation, {
        data(i) {
          i.accepted = true
        },
      })
      if (accepted) rememberInvitation(ctx, accepted)
      recordMembership(ctx, slug, { action: 'invite_accepted', actor: user.email, target: user.email })
      return HttpResponse.json({}, { status: 201 })
    }),
  ]
}
