import { QueryClient } from '@tanstack/query-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { TEST_API_BASE, useNodeMockPlatform } from '../../../mock-platform/testing'
import { issueAccessToken } from '../../../mock-platform/auth/access-tokens'
import { createPlatformFixtures } from '../../../fixtures/platform'
import { STALE_TIME } from '../../constants'
import { createApiClient } from '../client'
import { ApiError } from '../errors'
import { createQueryClient } from '../query-client'
import { queryKeys } from './keys'
import { organizationCustomerQuery, organizationProjectsQuery, organizationsQuery, overdueInvoicesQuery } from './organizations'
import { permissionsQuery, profileQuery } from './profile'
import { projectDetailQuery } from './projects'
import { errorMessage } from '../../lib/error-message'

const fixtures = createPlatformFixtures()
const demo = fixtures.users[0]!
/** Organizations the demo user belongs to (an invitation fixture names one they have not joined). */
const demoSlugs = fixtures.permissions.filter((p) => p.gotrue_id === demo.id).map((p) => p.organization_slug)
const platform = useNodeMockPlatform()
let token: string | null
const client = createApiClient({
  apiBase: TEST_API_BASE,
  authBase: `${TEST_API_BASE}/auth/v1`,
  isPlatform: true,
  getAccessToken: () => token,
})
let queries: QueryClient

beforeEach(() => {
  token = issueAccessToken(demo.id, 3600)
  platform.mock.setScenario(null)
  queries = createQueryClient()
  queries.setDefaultOptions({ queries: { ...queries.getDefaultOptions().queries, retry: false } })
})

describe('query-option factories against the mock platform', () => {
  it('profile: key, 30-minute freshness, parsed answer', async () => {
    const options = profileQuery(client)
    expect(options.queryKey).toEqual(queryKeys.profile())
    expect(options.staleTime).toBe(30 * 60 * 1000)
    const profile = await queries.fetchQuery(options)
    expect(profile.primary_email).toBe(demo.email)
    expect(profile.gotrue_id).toBe(demo.id)
  })

  it('profile: a 401 without a valid session', async () => {
    token = null
    await expect(queries.fetchQuery(profileQuery(client))).rejects.toMatchObject({ code: 401 })
  })

  it("profile: 'User's profile not found' in its scenario", async () => {
    platform.mock.setScenario('profile-not-found')
    await expect(queries.fetchQuery(profileQuery(client))).rejects.toMatchObject({ code: 404, message: "User's profile not found" })
  })

  it('organizations: sorted by name, 30-minute freshness', async () => {
    const options = organizationsQuery(client)
    expect(options.staleTime).toBe(STALE_TIME.organizations)
    const organizations = await queries.fetchQuery(options)
    const names = organizations.map((o) => o.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    expect(names).toHaveLength(demoSlugs.length)
    expect(new Set(organizations.map((o) => o.plan.id))).toEqual(new Set(['free', 'pro', 'team', 'enterprise']))
  })

  it('permissions: 5-minute freshness, one entry per organization', async () => {
    const options = permissionsQuery(client)
    expect(options.staleTime).toBe(5 * 60 * 1000)
    const permissions = await queries.fetchQuery(options)
    expect(permissions.map((p) => p.organization_slug).sort()).toEqual([...demoSlugs].sort())
  })

  it('permissions: server errors and unknown failures are reported, client errors are not', async () => {
    const reported: string[] = []
    const report = (error: unknown) => {
      reported.push(errorMessage(error))
      return 'id'
    }
    const failing = (error: unknown) => ({ ...client, get: async () => Promise.reject(error) }) as unknown as typeof client
    for (const error of [
      new ApiError({ message: 'boom', code: 500 }),
      new ApiError({ message: 'offline' }),
      new TypeError('weird'),
      new ApiError({ message: 'nope', code: 403 }),
      new DOMException('cancelled', 'AbortError'),
    ]) {
      await queries.fetchQuery({ ...permissionsQuery(failing(error), report), queryKey: ['p', error.message] }).catch(() => {})
    }
    expect(reported).toEqual(['boom', 'offline', 'weird'])
  })

  it("project detail: 30-second freshness, parent ref fallback, and 'Project ref is required'", async () => {
    const project = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY')!
    const options = projectDetailQuery(project.ref, client)
    expect(options.staleTime).toBe(30_000)
    const detail = await queries.fetchQuery(options)
    expect(detail).toMatchObject({ ref: project.ref, status: 'ACTIVE_HEALTHY', parent_project_ref: project.ref })
    expect(detail.connectionString).toBeTruthy()
    const error = await queries.fetchQuery(projectDetailQuery(undefined, client)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('Project ref is required')
  })

  it('project detail: an OrioleDB project is marked', async () => {
    const oriole = fixtures.projects.find((p) => p.dbVersion.endsWith('orioledb'))!
    expect((await queries.fetchQuery(projectDetailQuery(oriole.ref, client))).isOrioleDb).toBe(true)
  })

  it('overdue invoices: 30-minute freshness', async () => {
    const options = overdueInvoicesQuery(client)
    expect(options.staleTime).toBe(1_800_000)
    const overdue = await queries.fetchQuery(options)
    expect(overdue.length).toBe(fixtures.overdueInvoices.length)
  })

  it("organization customer: 'slug is required' without a slug", async () => {
    const error = await queries.fetchQuery(organizationCustomerQuery(undefined, client)).catch((e: unknown) => e)
    expect((error as ApiError).message).toBe('slug is required')
    const customer = await queries.fetchQuery(organizationCustomerQuery('acme-corp', client))
    expect(customer.billing_via_partner).toBe(false)
  })

  it('organization projects: pages by offset', async () => {
    const options = organizationProjectsQuery('acme-corp', client)
    const page = await options.queryFn({ pageParam: 0 })
    expect(page.projects.length).toBe(fixtures.projects.filter((p) => p.organization_slug === 'acme-corp').length)
    expect(options.getNextPageParam(page)).toBeUndefined()
    expect(options.getNextPageParam({ pagination: { count: 200, limit: 96, offset: 0 } })).toBe(96)
  })

  it('rate-limited: a 429 carries Retry-After for the retry policy', async () => {
    platform.mock.setScenario('rate-limited')
    await expect(queries.fetchQuery(organizationsQuery(client))).rejects.toMatchObject({ code: 429, retryAfter: 1 })
    // The second request is served.
    await expect(queries.fetchQuery({ ...organizationsQuery(client), staleTime: 0 })).resolves.toBeTruthy()
  })

  it('server-error and network-error give the SPEC messages', async () => {
    platform.mock.setScenario('server-error')
    await expect(queries.fetchQuery(organizationsQuery(client))).rejects.toMatchObject({ code: 500 })
    platform.mock.setScenario('network-error')
    await expect(queries.fetchQuery({ ...organizationsQuery(client), staleTime: 0 })).rejects.toMatchObject({
      message: 'Unable to reach the server. Please check your network or try again later.',
    })
  })
})
