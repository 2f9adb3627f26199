import * as v from 'valibot'
import { MOCK_ORGANIZATIONS_STORAGE_KEY } from '../../src/constants'
import type { PlatformContext } from '../context'
import { keptRecord } from '../records/kept-record'
import { MockInvitationSchema } from '../records/db'
import { rolePermission, isRoleId } from './organization-roles'

/**
 * What members changed of organizations, kept by the page's platform across reloads (the seed and
 * the accounts store bring the rest back): new names, deletions, each membership's role or its end,
 * and the invitations sent. A record store keeps the collections themselves (served): nothing here.
 */
const OrganizationStoreSchema = v.object({
  names: v.optional(v.array(v.object({ slug: v.string(), name: v.string() })), []),
  deleted: v.optional(v.array(v.string()), []),
  memberships: v.optional(v.array(v.object({ gotrue_id: v.string(), organization_slug: v.string(), role_id: v.nullable(v.number()) })), []),
  invitations: v.optional(v.array(MockInvitationSchema), []),
})
const store = keptRecord(MOCK_ORGANIZATIONS_STORAGE_KEY, OrganizationStoreSchema, () => ({ names: [], deleted: [], memberships: [], invitations: [] }))

export function rememberOrganizationName(ctx: PlatformContext, slug: string, name: string): void {
  if (ctx.recordPersistence) return
  store.update(ctx, (kept) => void (kept.names = [...kept.names.filter((n) => n.slug !== slug), { slug, name }]))
}

export function rememberOrganizationDeleted(ctx: PlatformContext, slug: string): void {
  if (ctx.recordPersistence) return
  store.update(ctx, (kept) => {
    kept.deleted = [...kept.deleted.filter((s) => s !== slug), slug]
    kept.memberships = kept.memberships.filter((m) => m.organization_slug !== slug)
    kept.invitations = kept.invitations.filter((i) => i.organization_slug !== slug)
  })
}

/** A member's role now, or null: no longer a member. */
export function rememberMembership(ctx: PlatformContext, gotrueId: string, slug: string, roleId: number | null): void {
  if (ctx.recordPersistence) return
  store.update(ctx, (kept) => {
    kept.memberships = [...kept.memberships.filter((m) => !(m.gotrue_id === gotrueId && m.organization_slug === slug)), { gotrue_id: gotrueId, organization_slug: slug, role_id: roleId }]
  })
}

export function rememberInvitation(ctx: PlatformContext, invitation: v.InferInput<typeof MockInvitationSchema>): void {
  if (ctx.recordPersistence) return
  store.update(ctx, (kept) => void (kept.invitations = [...kept.invitations.filter((i) => i.id !== invitation.id), v.parse(MockInvitationSchema, invitation)]))
}

export function forgetInvitation(ctx: PlatformContext, id: number): void {
  if (ctx.recordPersistence) return
  store.update(ctx, (kept) => void (kept.invitations = kept.invitations.filter((i) => i.id !== id)))
}

/** Brings back what earlier page loads changed, after the seed and the accounts store. */
export async function restoreOrganizationChanges(ctx: PlatformContext): Promise<void> {
  if (ctx.recordPersistence) return
  const kept = store.read(ctx)
  for (const { slug, name } of kept.names) {
    const organization = ctx.db.organizations.findFirst((q) => q.where({ slug }))
    if (organization) await ctx.db.organizations.update(organization, { data: (o) => void (o.name = name) })
  }
  for (const membership of kept.memberships) {
    const organization = ctx.db.organizations.findFirst((q) => q.where({ slug: membership.organization_slug }))
    if (!organization || !ctx.db.users.findFirst((q) => q.where({ id: membership.gotrue_id }))) continue
    ctx.db.permissions.delete((q) => q.where({ gotrue_id: membership.gotrue_id, organization_slug: membership.organization_slug }))
    if (isRoleId(membership.role_id)) await ctx.db.permissions.create(rolePermission(membership.gotrue_id, organization, membership.role_id))
  }
  for (const invitation of kept.invitations) {
    const existing = ctx.db.invitations.findFirst((q) => q.where({ id: invitation.id }))
    if (existing) ctx.db.invitations.delete((q) => q.where({ id: invitation.id }))
    if (ctx.db.organizations.findFirst((q) => q.where({ slug: invitation.organization_slug }))) await ctx.db.invitations.create(invitation)
  }
  for (const slug of kept.deleted) removeOrganizationRecords(ctx, slug)
}

/** An organization's records gone: its memberships, invitations, audit events and itself (it holds no project). */
export function removeOrganizationRecords(ctx: PlatformContext, slug: string): void {
  ctx.db.permissions.deleteMany((q) => q.where({ organization_slug: slug }))
  ctx.db.invitations.deleteMany((q) => q.where({ organization_slug: slug }))
  ctx.db.auditEvents.deleteMany((q) => q.where({ organization_slug: slug }))
  ctx.db.organizations.delete((q) => q.where({ slug }))
}
