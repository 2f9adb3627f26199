import * as v from 'valibot'
import { MOCK_ACCOUNTS_STORAGE_KEY } from '../../src/constants'
import type { PlatformContext } from '../context'
import { keptRecord } from '../records/kept-record'
import { MockAccessTokenSchema, TotpFactorSchema, MockOrganizationSchema, MockPermissionSchema, MockProjectSchema, MockUserSchema, PROJECT_DATABASE_SETTING_KEYS, ProjectDatabaseSettingsSchema, type MockProject } from '../records/db'

/**
 * Accounts signed up, organizations and projects created at run time. The browser mock platform
 * lives in the page, so like snippets these are kept in local storage and come back on reload: a new
 * account can sign in again tomorrow, and its organizations and projects are still there, each
 * project as it last stood (its database persists in IndexedDB by its ref: pglite-browser.ts). What a
 * user made survives a reload whole. In node the records themselves are all there is.
 */
const AccountStoreSchema = v.object({
  users: v.array(MockUserSchema),
  organizations: v.array(MockOrganizationSchema),
  permissions: v.array(MockPermissionSchema),
  // Absent in what pages kept before projects were: read as none.
  projects: v.optional(v.array(MockProjectSchema), []),
  // What was changed of projects of the seed (which come back from the seed, as they stood, on reload): a new name, another organization.
  seedProjectChanges: v.optional(
    v.array(
      v.object({
        ref: v.string(),
        name: v.string(),
        organization_slug: v.string(),
        organization_id: v.number(),
        jwt_secret_version: v.optional(v.number(), 0),
        infra_compute_size: v.optional(v.string()),
        ...ProjectDatabaseSettingsSchema.entries,
      }),
    ),
    [],
  ),
  // Projects of the seed that were deleted: the seed brings them back on reload unless told.
  deletedProjects: v.optional(v.array(v.string()), []),
  // Members' personal access tokens (the page's platform keeps them as given, like its sessions).
  accessTokens: v.optional(v.array(MockAccessTokenSchema), []),
  // Profiles changed by their members (names, username), seed ones too.
  profileChanges: v.optional(v.array(v.object({ gotrue_id: v.string(), first_name: v.nullable(v.string()), last_name: v.nullable(v.string()), username: v.string() })), []),
  // Seed users' second factors as they stand (an account made here is kept whole, its factors with it).
  factorChanges: v.optional(v.array(v.object({ gotrue_id: v.string(), totpFactors: v.array(TotpFactorSchema) })), []),
})
type AccountStore = v.InferOutput<typeof AccountStoreSchema>
type StoredUser = v.InferInput<typeof MockUserSchema>
type StoredOrganization = v.InferInput<typeof MockOrganizationSchema>
type StoredPermission = v.InferInput<typeof MockPermissionSchema>

const store = keptRecord(MOCK_ACCOUNTS_STORAGE_KEY, AccountStoreSchema, (): AccountStore => ({ users: [], organizations: [], permissions: [], projects: [], seedProjectChanges: [], deletedProjects: [], accessTokens: [], profileChanges: [], factorChanges: [] }))

/** Brings back what earlier page loads created; records the seed already has are left alone. */
export async function restoreAccounts(ctx: PlatformContext): Promise<void> {
  const { users, organizations, permissions, projects, seedProjectChanges, deletedProjects, accessTokens, profileChanges, factorChanges } = store.read(ctx)
  for (const user of users) {
    if (!ctx.db.users.findFirst((q) => q.where({ email: user.email }))) await ctx.db.users.create(user)
  }
  for (const organization of organizations) {
    if (!ctx.db.organizations.findFirst((q) => q.where({ slug: organization.slug }))) await ctx.db.organizations.create(organization)
  }
  for (const permission of permissions) {
    const { gotrue_id, organization_slug } = permission
    if (!ctx.db.permissions.findFirst((q) => q.where({ gotrue_id, organization_slug }))) await ctx.db.permissions.create(permission)
  }
  for (const project of projects) {
    const organization = ctx.db.organizations.findFirst((q) => q.where({ slug: project.organization_slug }))
    if (!organization || ctx.db.projects.findFirst((q) => q.where({ ref: project.ref }))) continue
    await ctx.db.projects.create(project)
    // The kept organization was kept before its projects, and a seed organization counts its seed's.
    await countProjects(ctx, organization.slug, 1)
  }
  for (const token of accessTokens) {
    if (!ctx.db.accessTokens.findFirst((q) => q.where({ id: token.id }))) await ctx.db.accessTokens.create(token)
  }
  for (const change of profileChanges) {
    const profile = ctx.db.profiles.findFirst((q) => q.where({ gotrue_id: change.gotrue_id }))
    if (profile) await ctx.db.profiles.update(profile, { data: (p) => void Object.assign(p, change) })
    const user = ctx.db.users.findFirst((q) => q.where({ id: change.gotrue_id }))
    if (user) await ctx.db.users.update(user, { data: (u) => void (u.username = change.username) })
  }
  for (const change of factorChanges) {
    const user = ctx.db.users.findFirst((q) => q.where({ id: change.gotrue_id }))
    if (user) await ctx.db.users.update(user, { data: (u) => void (u.totpFactors = change.totpFactors) })
  }
  for (const ref of deletedProjects) {
    const project = ctx.db.projects.findFirst((q) => q.where({ ref }))
    if (project) await removeProjectRecord(ctx, project)
  }
  for (const change of seedProjectChanges) {
    const project = ctx.db.projects.findFirst((q) => q.where({ ref: change.ref }))
    if (!project || !ctx.db.organizations.findFirst((q) => q.where({ slug: change.organization_slug }))) continue
    const moved = project.organization_slug !== change.organization_slug
    if (moved) await countProjects(ctx, project.organization_slug, -1)
    await ctx.db.projects.update(project, {
      data(p) {
        p.name = change.name
        p.organization_slug = change.organization_slug
        p.organization_id = change.organization_id
        p.jwt_secret_version = change.jwt_secret_version
        if (change.infra_compute_size) p.infra_compute_size = change.infra_compute_size
        for (const key of PROJECT_DATABASE_SETTING_KEYS) Object.assign(p, { [key]: change[key] })
      },
    })
    if (moved) await countProjects(ctx, change.organization_slug, 1)
  }
}

export function rememberUser(ctx: PlatformContext, user: StoredUser): void {
  // A record store keeps the collections themselves (served): a second copy would only drift.
  if (ctx.recordPersistence) return
  store.update(ctx, (kept) => {
    kept.users = [...kept.users.filter((u) => u.email !== user.email), v.parse(MockUserSchema, user)]
  })
}

export function rememberOrganization(ctx: PlatformContext, organization: StoredOrganization, owner: StoredPermission): void {
  if (ctx.recordPersistence) return
  store.update(ctx, (kept) => {
    kept.organizations = [...kept.organizations.filter((o) => o.slug !== organization.slug), v.parse(MockOrganizationSchema, organization)]
    kept.permissions = [...kept.permissions, v.parse(MockPermissionSchema, owner)]
  })
}

/** Keeps a project made at run time, as it stands now. */
export function rememberProject(ctx: PlatformContext, project: MockProject): void {
  if (ctx.recordPersistence) return
  store.update(ctx, (kept) => {
    kept.projects = [...kept.projects.filter((p) => p.ref !== project.ref), v.parse(MockProjectSchema, project)]
  })
}

/** Keeps a change to a project, when it is one made at run time (the seed's come back from the seed). */
export function rememberProjectChange(ctx: PlatformContext, project: MockProject): void {
  if (ctx.recordPersistence || !store.read(ctx).projects.some((p) => p.ref === project.ref)) return
  rememberProject(ctx, project)
}

/** Keeps a project's new name, organization, JWT secret, compute size or database settings: a project made at run time is kept whole; one of the seed by what was changed. */
export function rememberProjectSettings(ctx: PlatformContext, project: MockProject): void {
  if (ctx.recordPersistence) return
  if (store.read(ctx).projects.some((p) => p.ref === project.ref)) return rememberProject(ctx, project)
  const { ref, name, organization_slug, organization_id, jwt_secret_version, infra_compute_size } = project
  const databaseSettings = Object.fromEntries(PROJECT_DATABASE_SETTING_KEYS.map((key) => [key, project[key]]))
  const change = v.parse(AccountStoreSchema.entries.seedProjectChanges.wrapped.item, { ref, name, organization_slug, organization_id, jwt_secret_version, infra_compute_size, ...databaseSettings })
  store.update(ctx, (kept) => {
    kept.seedProjectChanges = [...kept.seedProjectChanges.filter((p) => p.ref !== ref), change]
  })
}

/** Forgets a deleted project: one made at run time is no longer kept; one of the seed is kept deleted. */
export function forgetProject(ctx: PlatformContext, ref: string): void {
  if (ctx.recordPersistence) return
  store.update(ctx, (kept) => {
    const madeHere = kept.projects.some((p) => p.ref === ref)
    kept.projects = kept.projects.filter((p) => p.ref !== ref)
    kept.seedProjectChanges = kept.seedProjectChanges.filter((p) => p.ref !== ref)
    if (!madeHere && !kept.deletedProjects.includes(ref)) kept.deletedProjects = [...kept.deletedProjects, ref]
  })
}

/** The project's record gone, and its organization's count with it. */
export async function removeProjectRecord(ctx: PlatformContext, project: MockProject): Promise<void> {
  ctx.db.projects.delete((q) => q.where({ ref: project.ref }))
  await countProjects(ctx, project.organization_slug, -1)
}

/** An organization's project count, moved by `by` (a project made, deleted or transferred). */
export async function countProjects(ctx: PlatformContext, slug: string, by: 1 | -1): Promise<void> {
  const organization = ctx.db.organizations.findFirst((q) => q.where({ slug }))
  if (!organization) return
  await ctx.db.organizations.update(organization, {
    data(o) {
      o.project_count = Math.max(0, (o.project_count ?? 0) + by)
    },
  })
}

/** Keeps a member's access tokens as they stand (made, used, revoked). */
export function rememberAccessTokens(ctx: PlatformContext, gotrueId: string): void {
  if (ctx.recordPersistence) return
  const mine = ctx.db.accessTokens.findMany((q) => q.where({ gotrue_id: gotrueId }))
  store.update(ctx, (kept) => void (kept.accessTokens = [...kept.accessTokens.filter((t) => t.gotrue_id !== gotrueId), ...mine.map((t) => v.parse(MockAccessTokenSchema, t))]))
}

/** Keeps a member's changed profile. */
export function rememberProfile(ctx: PlatformContext, change: { gotrue_id: string; first_name: string | null; last_name: string | null; username: string }): void {
  if (ctx.recordPersistence) return
  store.update(ctx, (kept) => void (kept.profileChanges = [...kept.profileChanges.filter((p) => p.gotrue_id !== change.gotrue_id), change]))
}

/** Keeps a user's second factors as they stand (enrolled, verified, used, removed). */
export function rememberFactors(ctx: PlatformContext, user: StoredUser & { id: string }): void {
  if (ctx.recordPersistence) return
  if (store.read(ctx).users.some((u) => u.email === user.email)) return rememberUser(ctx, user)
  const change = { gotrue_id: user.id, totpFactors: v.parse(v.array(TotpFactorSchema), user.totpFactors ?? []) }
  store.update(ctx, (kept) => void (kept.factorChanges = [...kept.factorChanges.filter((c) => c.gotrue_id !== user.id), change]))
}
