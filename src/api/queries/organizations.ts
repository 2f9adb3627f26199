import { INACTIVE_PROJECT_STATUSES, PROJECT_STATUSES, REQUIRED_MESSAGE, STALE_TIME } from '../../constants'
import { api, type ApiClient } from '../client'
import { ApiError } from '../errors'
import type { CreateOrganizationBody } from '../../lib/new-organization'
import { CustomerSchema, OrganizationProjectsPageSchema, OrganizationSchema, OrganizationsSchema, OverdueInvoicesSchema } from '../schemas'
import { queryKeys } from './keys'

/** An organization's API path; without a slug the load fails with 'slug is required' (SPEC §5). */
export function organizationPath(slug: string | undefined): string {
  if (!slug) throw new ApiError({ message: REQUIRED_MESSAGE.slug })
  return `/platform/organizations/${encodeURIComponent(slug)}`
}

export function organizationsQuery(client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizations(),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const organizations = await client.get('/platform/organizations', { schema: OrganizationsSchema, signal })
      return [...organizations].sort((a, b) => a.name.localeCompare(b.name))
    },
    staleTime: STALE_TIME.organizations,
  }
}

/**
 * Creates an organization (POST /platform/organizations, PLATFORM-API §2); the creator is its owner.
 * A mutation: never retried, so one submit makes at most one organization.
 */
export async function createOrganization(body: CreateOrganizationBody, options: { signal?: AbortSignal; client?: ApiClient } = {}) {
  const client = options.client ?? api
  return client.post('/platform/organizations', { body, schema: OrganizationSchema, signal: options.signal })
}

export function organizationCustomerQuery(slug: string | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationCustomer(slug),
    queryFn: ({ signal }: { signal?: AbortSignal }) => {
      return client.get(`${organizationPath(slug)}/customer`, { schema: CustomerSchema, signal })
    },
  }
}

/** One page of an organization's projects (PLATFORM-API §3: limit ≤ 100, Studio uses 96). */
export const ORGANIZATION_PROJECTS_PAGE_SIZE = 96

export function organizationProjectsQuery(slug: string | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationProjects(slug),
    queryFn: ({ signal, pageParam = 0 }: { signal?: AbortSignal; pageParam?: number }) => {
      return client.get(`${organizationPath(slug)}/projects`, {
        query: { limit: ORGANIZATION_PROJECTS_PAGE_SIZE, offset: pageParam, sort: 'name_asc' },
        schema: OrganizationProjectsPageSchema,
        signal,
      })
    },
    initialPageParam: 0,
    getNextPageParam: (last: { pagination: { count: number; limit: number; offset: number } }) => {
      const next = last.pagination.offset + last.pagination.limit
      return next < last.pagination.count ? next : undefined
    },
  }
}

const ACTIVE_PROJECT_STATUSES = PROJECT_STATUSES.filter((s) => !INACTIVE_PROJECT_STATUSES.includes(s))

/** How many of the organization's projects are active (not paused or removed): the free-plan limit counts these. */
export function organizationActiveProjectCountQuery(slug: string | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationActiveProjectCount(slug),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const page = await client.get(`${organizationPath(slug)}/projects`, {
        query: { limit: 1, offset: 0, statuses: ACTIVE_PROJECT_STATUSES.join(',') },
        schema: OrganizationProjectsPageSchema,
        signal,
      })
      return page.pagination.count
    },
  }
}

export function overdueInvoicesQuery(client: ApiClient = api) {
  return {
    queryKey: queryKeys.overdueInvoices(),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      client.get('/platform/stripe/invoices/overdue', { schema: OverdueInvoicesSchema, signal }),
    staleTime: STALE_TIME.overdueInvoices,
  }
}
