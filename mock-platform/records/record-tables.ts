import type { MockDatabase } from './db'

/**
 * Each collection of the platform's records (db.ts) is one table of the record store, and each
 * record one row keyed by what names it in the platform API. The mapped types make a new
 * collection a type error here until it has a table, a key and (migrations.ts) a migration.
 */
export type CollectionName = keyof MockDatabase
type RecordOf<Name extends CollectionName> = ReturnType<MockDatabase[Name]['all']>[number]

export const COLLECTION_TABLES: { readonly [Name in CollectionName]: string } = {
  users: 'users',
  profiles: 'profiles',
  organizations: 'organizations',
  projects: 'projects',
  permissions: 'permissions',
  overdueInvoices: 'overdue_invoices',
  snippets: 'snippets',
  folders: 'folders',
  invoices: 'invoices',
  invitations: 'invitations',
  supportTickets: 'support_tickets',
  auditEvents: 'audit_events',
  accessTokens: 'access_tokens',
}

export const RECORD_KEYS: { readonly [Name in CollectionName]: (record: RecordOf<Name>) => string } = {
  users: (user) => user.id,
  profiles: (profile) => String(profile.id),
  organizations: (organization) => String(organization.id),
  projects: (project) => project.ref,
  // A membership is the pair; one per user and organization.
  permissions: (permission) => `${permission.gotrue_id} ${permission.organization_slug}`,
  overdueInvoices: (overdue) => String(overdue.organization_id),
  snippets: (snippet) => snippet.id,
  folders: (folder) => folder.id,
  invoices: (invoice) => invoice.id,
  invitations: (invitation) => String(invitation.id),
  supportTickets: (ticket) => ticket.id,
  auditEvents: (event) => event.id,
  accessTokens: (token) => String(token.id),
}

export const COLLECTION_NAMES = Object.keys(COLLECTION_TABLES) as CollectionName[]

/** The key of any collection's record (the mapped type cannot follow a name chosen at run time). */
export function recordKey(name: CollectionName, record: unknown): string {
  return (RECORD_KEYS[name] as (record: unknown) => string)(record)
}
