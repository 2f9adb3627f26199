import { Collection } from '@msw/data'
import * as v from 'valibot'
import { InvoiceSchema, OrganizationSchema, PermissionSchema, ProfileSchema, ProjectDetailSchema, SqlFolderSchema, SqlSnippetSchema } from '../../src/api/schemas'
import { createPlatformFixtures, type PlatformFixtures } from '../../fixtures/platform'
import { ALLOW_ALL_CIDRS, CODE_HOSTING_PROVIDER } from '../../src/constants'
import { SUPPORT_CATEGORIES, SUPPORT_SEVERITIES } from '../../src/constants'

/** A user's TOTP factor (auth/totp-factors.ts). */
export const TotpFactorSchema = v.object({
  id: v.string(),
  friendly_name: v.string(),
  status: v.picklist(['unverified', 'verified']),
  /** Base32, as authenticator apps take it. */
  secret: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
  last_used_step: v.nullable(v.number()),
  /** The challenge a code may answer now (one at a time, as the sign-in asks for one). */
  challenge: v.nullable(v.object({ id: v.string(), expires_at: v.number() })),
  /** When wrong codes were entered (ms, the platform's clock), within the last window. */
  failures: v.array(v.number()),
})
export type TotpFactor = v.InferOutput<typeof TotpFactorSchema>

// The mock platform's records use the app's own schemas, widened with what only the server knows.
export const MockUserSchema = v.object({
  id: v.string(),
  email: v.string(),
  password: v.string(),
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  /** Second factors (auth/totp-factors.ts); absent in records from before: none. */
  totpFactors: v.optional(v.array(TotpFactorSchema), () => []),
  /** A user who signs in through the code-hosting provider: their account there. */
  codeHosting: v.optional(v.nullable(v.object({ id: v.number(), login: v.string() })), null),
})
const MockProfileSchema = v.object({ ...ProfileSchema.entries })
export const MockOrganizationSchema = v.object({ ...OrganizationSchema.entries })
/** What a project's database settings hold (…/settings/database), kept on its record; absent in older records: the defaults. */
export const ProjectDatabaseSettingsSchema = v.object({
  ssl_enforced: v.optional(v.boolean(), false),
  /** Who may connect: IPv4 and IPv6 CIDR blocks (network-restrictions.ts); everyone by default. */
  db_allowed_cidrs: v.optional(v.array(v.string()), () => [...ALLOW_ALL_CIDRS.v4]),
  db_allowed_cidrs_v6: v.optional(v.array(v.string()), () => [...ALLOW_ALL_CIDRS.v6]),
  /** When the database password was last set from the dashboard; null when only at creation. */
  db_password_changed_at: v.optional(v.nullable(v.string()), null),
})
export const PROJECT_DATABASE_SETTING_KEYS = Object.keys(ProjectDatabaseSettingsSchema.entries) as (keyof typeof ProjectDatabaseSettingsSchema.entries)[]

export const MockProjectSchema = v.object({
  ...ProjectDetailSchema.entries,
  organization_slug: v.string(),
  /** How many detail reads until a COMING_UP project is healthy (0: never changes by itself). */
  polls_until_settled: v.number(),
  /** The table editor's million-row fixture lives in this project's Postgres. */
  largeTables: v.boolean(),
  /** How many times the project's JWT secret was rotated: a part of the secret, so its keys change with it (auth/project-jwt.ts). */
  jwt_secret_version: v.optional(v.number(), 0),
  ...ProjectDatabaseSettingsSchema.entries,
})
/** A membership: its permission entry, with the role it was given (organization-roles.ts; older ones read from their actions). */
export const MockPermissionSchema = v.object({ ...PermissionSchema.entries, gotrue_id: v.string(), role_id: v.optional(v.number()) })
const OverdueSchema = v.object({ organization_id: v.number(), overdue_invoice_count: v.number() })
export const MockSnippetSchema = v.object({ ...SqlSnippetSchema.entries, project_ref: v.string() })
export const MockFolderSchema = v.object({ ...SqlFolderSchema.entries, project_ref: v.string() })
/**
 * An invoice as kept: its period is how many cycles ago it closed (1: the last ended cycle), dated
 * when answered by the platform's clock (billing/billing-cycle.ts), so no kept date goes stale.
 */
const MockInvoiceSchema = v.object({ ...v.omit(InvoiceSchema, ['period_end']).entries, organization_slug: v.string(), cycles_ago: v.number() })
/** An organization invitation behind a join link (PLATFORM-API §2 `…/members/invitations/{token}`). */
export const MockInvitationSchema = v.object({
  id: v.number(),
  token: v.string(),
  organization_slug: v.string(),
  invited_email: v.string(),
  expires_at: v.string(),
  accepted: v.boolean(),
  /** The role the invited member joins with (older invitations: a developer's). */
  role_id: v.optional(v.number(), 3),
  invited_at: v.optional(v.nullable(v.string()), null),
})

/**
 * One write of the platform API as the audit log keeps it (audit/audit-log.ts): who (the member),
 * what (the call and its name), on what (the organization and project it concerned), when and from
 * which address. `organization_slug` null: the member's own account.
 */
export const MockAuditEventSchema = v.object({
  id: v.string(),
  occurred_at: v.string(),
  organization_slug: v.nullable(v.string()),
  project_ref: v.nullable(v.string()),
  actor_id: v.string(),
  actor_email: v.string(),
  action: v.string(),
  method: v.string(),
  route: v.string(),
  status: v.number(),
  target: v.string(),
  ip: v.nullable(v.string()),
})
export type MockAuditEvent = v.InferOutput<typeof MockAuditEventSchema>

/**
 * A member's personal access token for the platform API (`Authorization: Bearer sbp_…`), kept as its
 * digest where the platform keeps secrets so (served); `alias` is what is shown of it afterwards.
 */
export const MockAccessTokenSchema = v.object({
  id: v.number(),
  gotrue_id: v.string(),
  name: v.string(),
  token: v.string(),
  alias: v.string(),
  created_at: v.string(),
  expires_at: v.nullable(v.string()),
  last_used_at: v.nullable(v.string()),
})
export type MockAccessToken = v.InferOutput<typeof MockAccessTokenSchema>

/** A support request sent through POST /platform/feedback/send, as the platform files it. */
export const MockSupportTicketSchema = v.object({
  id: v.string(),
  gotrue_id: v.string(),
  created_at: v.string(),
  category: v.picklist(SUPPORT_CATEGORIES),
  severity: v.picklist(SUPPORT_SEVERITIES),
  subject: v.string(),
  message: v.string(),
  organizationSlug: v.nullable(v.string()),
  projectRef: v.nullable(v.string()),
  dashboardSentryIssueId: v.nullable(v.string()),
})
export type MockSupportTicket = v.InferOutput<typeof MockSupportTicketSchema>

/**
 * How many detail reads a project in transition takes to settle, like a real one over a few polls:
 * coming up, restoring or restarting → ACTIVE_HEALTHY, pausing → INACTIVE.
 */
export const POLLS_UNTIL_SETTLED = { COMING_UP: 3, RESTORING: 2, RESTARTING: 2, RESIZING: 2, PAUSING: 1 } as const
export type SettlingStatus = keyof typeof POLLS_UNTIL_SETTLED

export function isSettling(status: string): status is SettlingStatus {
  return Object.hasOwn(POLLS_UNTIL_SETTLED, status)
}

export function createMockDatabase() {
  return {
    users: new Collection({ schema: MockUserSchema }),
    profiles: new Collection({ schema: MockProfileSchema }),
    organizations: new Collection({ schema: MockOrganizationSchema }),
    projects: new Collection({ schema: MockProjectSchema }),
    permissions: new Collection({ schema: MockPermissionSchema }),
    overdueInvoices: new Collection({ schema: OverdueSchema }),
    snippets: new Collection({ schema: MockSnippetSchema }),
    folders: new Collection({ schema: MockFolderSchema }),
    invoices: new Collection({ schema: MockInvoiceSchema }),
    invitations: new Collection({ schema: MockInvitationSchema }),
    supportTickets: new Collection({ schema: MockSupportTicketSchema }),
    auditEvents: new Collection({ schema: MockAuditEventSchema }),
    accessTokens: new Collection({ schema: MockAccessTokenSchema }),
  }
}
export type MockDatabase = ReturnType<typeof createMockDatabase>
export type MockProject = v.InferOutput<typeof MockProjectSchema>
export type MockSnippet = v.InferOutput<typeof MockSnippetSchema>
export type MockFolder = v.InferOutput<typeof MockFolderSchema>

export async function seedMockDatabase(db: MockDatabase, fixtures: PlatformFixtures = createPlatformFixtures()) {
  let profileId = 1
  for (const user of fixtures.users) {
    await db.users.create({
      id: user.id,
      email: user.email,
      password: user.password,
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      codeHosting: user.codeHosting ?? null,
    })
    if (user.hasProfile) await db.profiles.create(profileFor(user, profileId++))
  }
  for (const org of fixtures.organizations) {
    const { plan, ...rest } = org
    await db.organizations.create({
      ...rest,
      plan: { id: plan, name: plan.charAt(0).toUpperCase() + plan.slice(1) },
      usage_billing_enabled: plan !== 'free',
      project_count: fixtures.projects.filter((p) => p.organization_id === org.id).length,
    })
  }
  for (const project of fixtures.projects) {
    await db.projects.create({
      ...project,
      db_host: `db.${project.ref}.example.co`,
      restUrl: `https://${project.ref}.example.co/rest/v1/`,
      polls_until_settled: isSettling(project.status) ? POLLS_UNTIL_SETTLED[project.status] : 0,
    })
  }
  for (const permission of fixtures.permissions) await db.permissions.create(permission)
  for (const overdue of fixtures.overdueInvoices) await db.overdueInvoices.create(overdue)
  for (const folder of fixtures.folders) {
    const owner = db.profiles.findFirst((q) => q.where({ gotrue_id: folder.owner_gotrue_id }))
    await db.folders.create({
      id: folder.id,
      name: folder.name,
      owner_id: owner?.id ?? 0,
      parent_id: null,
      project_id: folder.project_id,
      project_ref: folder.project_ref,
    })
  }
  for (const snippet of fixtures.snippets) {
    const owner = db.profiles.findFirst((q) => q.where({ gotrue_id: snippet.owner_gotrue_id }))
    await db.snippets.create({
      id: snippet.id,
      name: snippet.name,
      description: null,
      type: 'sql',
      visibility: 'user',
      owner_id: owner?.id ?? 0,
      project_id: snippet.project_id,
      project_ref: snippet.project_ref,
      folder_id: snippet.folder_id,
      favorite: snippet.favorite,
      inserted_at: snippet.inserted_at,
      updated_at: snippet.inserted_at,
      content: { sql: snippet.sql, content_id: snippet.id, schema_version: '1.0' },
    })
  }
  for (const invitation of fixtures.invitations) await db.invitations.create(invitation)
  for (const invoice of fixtures.invoices) {
    await db.invoices.create({
      ...invoice,
      invoice_pdf: `https://billing.example.com/invoices/${invoice.id}.pdf`,
      payment_attempted: invoice.status !== 'open',
      subscription: `sub_${invoice.organization_slug}`,
    })
  }
}

export function profileFor(
  user: { id: string; email: string; username: string; first_name: string; last_name: string; codeHosting?: { id: number; login: string } | null },
  id: number,
): v.InferInput<typeof MockProfileSchema> {
  return {
    id,
    // SPEC §3: a login through the code-hosting provider has an auth0_id starting with its lower-case name.
    auth0_id: user.codeHosting ? `${CODE_HOSTING_PROVIDER.id}|${user.codeHosting.id}` : `email|${user.id}`,
    gotrue_id: user.id,
    username: user.username,
    primary_email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    mobile: null,
    is_alpha_user: false,
    free_project_limit: 2,
    disabled_features: [],
    identities: identitiesOf(user),
  }
}

/** The auth identities of a user: the provider account with its user name, or email. */
export function identitiesOf(user: { codeHosting?: { login: string } | null }) {
  return user.codeHosting
    ? [{ provider: CODE_HOSTING_PROVIDER.id, identity_data: { user_name: user.codeHosting.login } }]
    : [{ provider: 'email', identity_data: {} }]
}
