import type { Organization, SqlSnippet } from '../api/schemas'

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
