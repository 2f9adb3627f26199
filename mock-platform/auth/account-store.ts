import * as v from 'valibot'
import { MOCK_ACCOUNTS_STORAGE_KEY } from '../../src/constants'
import type { PlatformContext } from '../context'
import { keptRecord } from '../records/kept-record'
import { MockOrganizationSchema, MockPermissionSchema, MockUserSchema } from '../records/db'

/**
 * Accounts signed up and organizations created at run time. The browser mock platform lives in the
 * page, so like snippets these are kept in local storage and come back on reload: a new account can
 * sign in again tomorrow, and its organizations are still there (kept-record.ts). In node the
 * records themselves are all there is.
 */
const AccountStoreSchema = v.object({
  users: v.array(MockUserSchema),
  organizations: v.array(MockOrganizationSchema),
  permissions: v.array(MockPermissionSchema),
})
type AccountStore = v.InferOutput<typeof AccountStoreSchema>
type StoredUser = v.InferInput<typeof MockUserSchema>
type StoredOrganization = v.InferInput<typeof MockOrganizationSchema>
type StoredPermission = v.InferInput<typeof MockPermissionSchema>

const store = keptRecord(MOCK_ACCOUNTS_STORAGE_KEY, AccountStoreSchema, (): AccountStore => ({ users: [], organizations: [], permissions: [] }))

/** Brings back what earlier page loads created; records the seed already has are left alone. */
export async function restoreAccounts(ctx: PlatformContext): Promise<void> {
  const { users, organizations, permissions } = store.read(ctx)
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
