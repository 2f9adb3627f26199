import type { Organization, RelationPrivileges, SqlSnippet } from '../api/schemas'

/** An organization as the platform answers it (Acme Corp, Pro): the component tests' starting point. */
export function sampleOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 7,
    slug: 'acme-corp',
    name: 'Acme Corp',
    billing_email: 'billing@acme-corp.example.com',
    billing_partner: null,
    is_owner: true,
    plan: { id: 'pro', name: 'Pro' },
    organization_requires_mfa: false,
    restriction_status: null,
    restriction_data: null,
    usage_billing_enabled: true,
    ...overrides,
  }
}

/** A saved SQL snippet ('Monthly report', `select 1`) under the given id. */
export function sampleSnippet(id: string, overrides: Partial<SqlSnippet> = {}): SqlSnippet {
  return {
    id,
    name: 'Monthly report',
    description: null,
    type: 'sql',
    visibility: 'user',
    owner_id: 1,
    project_id: 1,
    folder_id: null,
    favorite: false,
    inserted_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    content: { sql: 'select 1', content_id: id, schema_version: '1.0' },
    ...overrides,
  }
}

/**
 * `public.customers` (id, email, full_name) as the platform's default leaves a public table: every
 * privilege granted on the whole table, none column by column, so each column has all four.
 */
export function sampleTablePrivileges(): RelationPrivileges {
  const all = ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'] as const
  return {
    kind: 'table',
    schema_usage: true,
    table_privileges: ['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE'],
    columns: ['id', 'email', 'full_name'].map((name) => ({ name, type: 'text', column_privileges: [], effective: [...all] })),
  }
}
