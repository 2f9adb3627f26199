import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { INVITATION_LIFETIME_HOURS, ORGANIZATION_ROLE, ORGANIZATION_ROLES, ORGANIZATION_SETTINGS_MESSAGE, type OrganizationRoleId } from '../../src/constants'
import type { PlatformContext } from '../context'
import { isRoleId, roleOf, rolePermission } from '../auth/organization-roles'
import { mayManageMembers } from '../../src/lib/organization-roles'
import { forgetInvitation, rememberInvitation, rememberMembership } from '../auth/organization-store'
import { recordMembership } from '../logs/log-events'
import { sendMail } from '../mail/mail-log'
import { errorResponse, readJson } from './util'
import { asOrganizationMember } from './organization-member'
import { EMAIL_SHAPE } from '../../src/lib/address-shapes'
import { hasVerifiedFactor } from '../auth/totp-factors'

const MEMBERS = '*/platform/organizations/:slug/members'
const INVITATIONS = '*/platform/organizations/:slug/members/invitations'

const RoleBodySchema = v.object({ role_id: v.number() })
const InviteBodySchema = v.object({ email: v.pipe(v.string(), v.trim(), v.maxLength(320)), role_id: v.number() })

/** Members, their roles and invitations of an organization (PLATFORM-API §2 shapes), decided by the caller's role. */
export function organizationMemberHandlers(ctx: PlatformContext) {
  const now = () => Date.now() + ctx.clockOffset

  const asMember = (request: Request, slug: string) => asOrganizationMember(ctx, request, slug)

  const memberships = (slug: string) => ctx.db.permissions.findMany((q) => q.where({ organization_slug: slug }))
  const owners = (slug: string) => memberships(slug).filter((p) => roleOf(p) === ORGANIZATION_ROLE.owner).length

  async function setRole(organization: { id: number; slug: string }, gotrueId: string, role: OrganizationRoleId | null) {
    ctx.db.permissions.delete((q) => q.where({ gotrue_id: gotrueId, organization_slug: organization.slug }))
    if (role !== null) await ctx.db.permissions.create(rolePermission(gotrueId, organization, role))
    rememberMembership(ctx, gotrueId, organization.slug, role)
  }

  /** A new join link for the invitation, mailed; the token is kept as a digest where the platform keeps secrets so. */
  function mailInvitation(request: Request, organization: { slug: string; name: string }, email: string) {
    const token = `inv_${Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, '0')).join('')}`
    const link = `${new URL(request.url).origin}/join?token=${encodeURIComponent(token)}&slug=${encodeURIComponent(organization.slug)}`
    sendMail(ctx, {
      to: email,
      subject: ORGANIZATION_SETTINGS_MESSAGE.inviteMailSubject(organization.name),
      text: `Join ${organization.name} on Studio: ${link}\nThe link works for ${INVITATION_LIFETIME_HOURS / 24} days, signed in as ${email}.`,
    })
    return { kept: ctx.tokenKeeping ? ctx.tokenKeeping.digest(token) : token, link }
  }

  const invitationAnswer = (invitation: { id: number; invited_email: string; role_id: number; invited_at: string | null; expires_at: string }) => ({
    id: invitation.id,
    invited_email: invitation.invited_email,
    role_id: invitation.role_id,
    invited_at: invitation.invited_at,
    expires_at: invitation.expires_at,
    expired: Date.parse(invitation.expires_at) <= now(),
  })

  return [
    http.get('*/platform/organizations/:slug/roles', async ({ request, params }) => {
      const { denied } = await asMember(request, String(params.slug))
      if (denied) return denied
      return HttpResponse.json({ org_scoped_roles: ORGANIZATION_ROLES.map(({ id, name, description }) => ({ id, name, description })), project_scoped_roles: [] })
    }),
    http.get(MEMBERS, async ({ request, params }) => {
      const { denied } = await asMember(request, String(params.slug))
      if (denied) return denied
      return HttpResponse.json(
        memberships(String(params.slug)).flatMap((permission) => {
          const member = ctx.db.users.findFirst((q) => q.where({ id: permission.gotrue_id }))
          return member ? [{ gotrue_id: member.id, primary_email: member.email, username: member.username, role_ids: [roleOf(permission)], mfa_enabled: hasVerifiedFactor(member) }] : []
        }),
      )
    }),
    http.patch(`${MEMBERS}/:gotrueId`, async ({ request, params }) => {
      const { user, organization, role, denied } = await asMember(request, String(params.slug))
      if (denied) return denied
      if (!mayManageMembers(role)) return errorResponse(403, ORGANIZATION_SETTINGS_MESSAGE.manageDenied)
      const parsed = v.safeParse(RoleBodySchema, await readJson(request))
      if (!parsed.success || !isRoleId(parsed.output.role_id)) return errorResponse(400, ORGANIZATION_SETTINGS_MESSAGE.unknownRole)
      const target = ctx.db.permissions.findFirst((q) => q.where({ gotrue_id: String(params.gotrueId), organization_slug: organization.slug }))
      if (!target) return errorResponse(404, ORGANIZATION_SETTINGS_MESSAGE.unknownMember)
      const from = roleOf(target)
      const to = parsed.output.role_id
      if ((from === ORGANIZATION_ROLE.owner || to === ORGANIZATION_ROLE.owner) && role !== ORGANIZATION_ROLE.owner) return errorResponse(403, ORGANIZATION_SETTINGS_MESSAGE.ownersOnly)
      if (from === ORGANIZATION_ROLE.owner && to !== ORGANIZATION_ROLE.owner && owners(organization.slug) <= 1) return errorResponse(400, ORGANIZATION_SETTINGS_MESSAGE.lastOwner)
      await setRole(organization, target.gotrue_id, to)
      const email = ctx.db.users.findFirst((q) => q.where({ id: target.gotrue_id }))?.email ?? target.gotrue_id
      recordMembership(ctx, organization.slug, { action: 'member_role_changed', actor: user.email, target: email })
      return HttpResponse.json({ gotrue_id: target.gotrue_id, role_ids: [to] })
    }),
    // Removing a member; removing oneself is leaving, which any member may (but the last owner).
    http.delete(`${MEMBERS}/:gotrueId`, async ({ request, params }) => {
      const { user, organization, role, denied } = await asMember(request, String(params.slug))
      if (denied) return denied
      const gotrueId = String(params.gotrueId)
      const leaving = gotrueId === user.id
      if (!leaving && !mayManageMembers(role)) return errorResponse(403, ORGANIZATION_SETTINGS_MESSAGE.manageDenied)
      const target = ctx.db.permissions.findFirst((q) => q.where({ gotrue_id: gotrueId, organization_slug: organization.slug }))
      if (!target) return errorResponse(404, ORGANIZATION_SETTINGS_MESSAGE.unknownMember)
      const targetRole = roleOf(target)
      if (!leaving && targetRole === ORGANIZATION_ROLE.owner && role !== ORGANIZATION_ROLE.owner) return errorResponse(403, ORGANIZATION_SETTINGS_MESSAGE.ownersOnly)
      if (targetRole === ORGANIZATION_ROLE.owner && owners(organization.slug) <= 1) return errorResponse(400, ORGANIZATION_SETTINGS_MESSAGE.lastOwner)
      await setRole(organization, gotrueId, null)
      const email = ctx.db.users.findFirst((q) => q.where({ id: gotrueId }))?.email ?? gotrueId
      recordMembership(ctx, organization.slug, { action: leaving ? 'member_left' : 'member_removed', actor: user.email, target: email })
      return HttpResponse.json({ gotrue_id: gotrueId })
    }),
    http.get(INVITATIONS, async ({ request, params }) => {
      const { organization, denied } = await asMember(request, String(params.slug))
      if (denied) return denied
      const pending = ctx.db.invitations.findMany((q) => q.where({ organization_slug: organization.slug, accepted: false }))
      return HttpResponse.json({ invitations: pending.sort((a, b) => b.id - a.id).map(invitationAnswer) })
    }),
    http.post(INVITATIONS, async ({ request, params }) => {
      const { user, organization, role, denied } = await asMember(request, String(params.slug))
      if (denied) return denied
      if (!mayManageMembers(role)) return errorResponse(403, ORGANIZATION_SETTINGS_MESSAGE.manageDenied)
      const parsed = v.safeParse(InviteBodySchema, await readJson(request))
      if (!parsed.success || !EMAIL_SHAPE.test(parsed.output.email)) return errorResponse(400, ORGANIZATION_SETTINGS_MESSAGE.invalidEmail)
      const { email, role_id: roleId } = parsed.output
      if (!isRoleId(roleId)) return errorResponse(400, ORGANIZATION_SETTINGS_MESSAGE.unknownRole)
      if (roleId === ORGANIZATION_ROLE.owner && role !== ORGANIZATION_ROLE.owner) return errorResponse(403, ORGANIZATION_SETTINGS_MESSAGE.ownersOnly)
      const lower = email.toLowerCase()
      const existing = ctx.db.users.findFirst((q) => q.where({ email: (e: string) => e.toLowerCase() === lower }))
      if (existing && memberships(organization.slug).some((p) => p.gotrue_id === existing.id)) return errorResponse(409, ORGANIZATION_SETTINGS_MESSAGE.alreadyMember(email))
      const pending = ctx.db.invitations.findMany((q) => q.where({ organization_slug: organization.slug, accepted: false }))
      if (pending.some((i) => i.invited_email.toLowerCase() === lower && Date.parse(i.expires_at) > now())) return errorResponse(409, ORGANIZATION_SETTINGS_MESSAGE.alreadyInvited(email))
      const { kept, link } = mailInvitation(request, organization, email)
      const invitation = await ctx.db.invitations.create({
        id: Math.max(0, ...ctx.db.invitations.findMany().map((i) => i.id)) + 1,
        token: kept,
        organization_slug: organization.slug,
        invited_email: email,
        expires_at: new Date(now() + INVITATION_LIFETIME_HOURS * 3_600_000).toISOString(),
        accepted: false,
        role_id: roleId,
        invited_at: new Date(now()).toISOString(),
      })
      rememberInvitation(ctx, invitation)
      recordMembership(ctx, organization.slug, { action: 'user_invited', actor: user.email, target: email })
      // The join link comes back to the inviter too: it works only for someone signed in as the invited address.
      return HttpResponse.json({ ...invitationAnswer(invitation), join_link: link }, { status: 201 })
    }),
    http.post(`${INVITATIONS}/:id/resend`, async ({ request, params }) => {
      const { organization, role, denied } = await asMember(request, String(params.slug))
      if (denied) return denied
      if (!mayManageMembers(role)) return errorResponse(403, ORGANIZATION_SETTINGS_MESSAGE.manageDenied)
      const invitation = ctx.db.invitations.findFirst((q) => q.where({ id: Number(params.id), organization_slug: organization.slug, accepted: false }))
      if (!invitation) return errorResponse(404, 'Invitation not found')
      const { kept, link } = mailInvitation(request, organization, invitation.invited_email)
      const renewed = await ctx.db.invitations.update(invitation, {
        data(i) {
          i.token = kept
          i.expires_at = new Date(now() + INVITATION_LIFETIME_HOURS * 3_600_000).toISOString()
          i.invited_at = new Date(now()).toISOString()
        },
      })
      if (renewed) rememberInvitation(ctx, renewed)
      return HttpResponse.json({ ...invitationAnswer(renewed ?? invitation), join_link: link })
    }),
    http.delete(`${INVITATIONS}/:id`, async ({ request, params }) => {
      const { organization, role, denied } = await asMember(request, String(params.slug))
      if (denied) return denied
      if (!mayManageMembers(role)) return errorResponse(403, ORGANIZATION_SETTINGS_MESSAGE.manageDenied)
      const invitation = ctx.db.invitations.findFirst((q) => q.where({ id: Number(params.id), organization_slug: organization.slug, accepted: false }))
      if (!invitation) return errorResponse(404, 'Invitation not found')
      ctx.db.invitations.delete((q) => q.where({ id: invitation.id }))
      forgetInvitation(ctx, invitation.id)
      return HttpResponse.json({ id: invitation.id })
    }),
  ]
}
