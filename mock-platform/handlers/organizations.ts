import { http, HttpResponse } from 'msw'
import { memberPermission } from '../../fixtures/platform'
import { PLAN_NAMES, PRICING_TIERS } from '../../src/constants'
import { CreateOrganizationBodySchema } from '../../src/lib/new-organization'
import { rememberOrganization } from '../auth/account-store'
import type { PlatformContext } from '../context'
import { errorResponse, readBody, signedIn } from './util'

export const CREATE_ORGANIZATION_ERROR = {
  enterprise: 'Enterprise organizations are set up with our sales team: contact us',
} as const

/** A readable, unique slug from the name (`Acme Labs` → `acme-labs`, then `acme-labs-x7k2qd` if taken). */
export function organizationSlugFor(name: string, taken: (slug: string) => boolean): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'org'
  let slug = base
  while (taken(slug)) {
    const suffix = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('')
    slug = `${base}-${suffix}`
  }
  return slug
}

export function organizationHandlers(ctx: PlatformContext) {
  /** Organizations the user has a permission entry in. */
  function memberSlugs(userId: string): Set<string> {
    return new Set(ctx.db.permissions.findMany((q) => q.where({ gotrue_id: userId })).map((p) => p.organization_slug))
  }

  return [
    // PLATFORM-API §2: the creator is the organization's owner (a member with every permission).
    http.post('*/platform/organizations', async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const { body, invalid } = await readBody(request, CreateOrganizationBodySchema)
      if (invalid) return invalid
      const { name, tier } = body
      const plan = PRICING_TIERS.find((t) => t.id === tier)!.planId
      if (plan === 'enterprise') return errorResponse(400, CREATE_ORGANIZATION_ERROR.enterprise)
      const slug = organizationSlugFor(name, (candidate) => Boolean(ctx.db.organizations.findFirst((q) => q.where({ slug: candidate }))))
      const record = {
        id: Math.max(0, ...ctx.db.organizations.findMany().map((o) => o.id)) + 1,
        slug,
        name,
        billing_email: user.email,
        billing_partner: null,
        is_owner: true,
        plan: { id: plan, name: PLAN_NAMES[plan] },
        organization_requires_mfa: false,
        restriction_status: null,
        restriction_data: null,
        // A spend cap (Pro's default) bills no usage beyond the quota; pay as you go and Team do.
        usage_billing_enabled: plan !== 'free' && tier !== 'tier_pro',
        project_count: 0,
      }
      const owner = memberPermission(user.id, record)
      const organization = await ctx.db.organizations.create(record)
      await ctx.db.permissions.create(owner)
      rememberOrganization(ctx, record, owner)
      return HttpResponse.json(organization, { status: 201 })
    }),
    http.get('*/platform/organizations', async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const slugs = memberSlugs(user.id)
      return HttpResponse.json(ctx.db.organizations.findMany((q) => q.where({ slug: (slug) => slugs.has(slug) })))
    }),
    http.get('*/platform/organizations/:slug/projects', async ({ request, params }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const slug = String(params.slug)
      if (!memberSlugs(user.id).has(slug)) return errorResponse(404, 'Organization not found')
      const url = new URL(request.url)
      const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 96) || 96))
      const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0) || 0)
      const search = url.searchParams.get('search')?.toLowerCase()
      const statuses = url.searchParams.get('statuses')?.split(',').filter(Boolean)
      const sort = url.searchParams.get('sort') ?? 'name_asc'
      const all = ctx.db.projects
        .findMany((q) => q.where({ organization_slug: slug }))
        .filter((p) => !search || p.name.toLowerCase().includes(search) || p.ref.includes(search))
        .filter((p) => !statuses || statuses.includes(p.status))
        .sort((a, b) => {
          const [field, direction] = sort.split('_') as [string, string]
          const order = field === 'created' ? a.inserted_at.localeCompare(b.inserted_at) : a.name.localeCompare(b.name)
          return direction === 'desc' ? -order : order
        })
      return HttpResponse.json({
        pagination: { count: all.length, limit, offset },
        projects: all.slice(offset, offset + limit).map((p) => ({
          ref: p.ref,
          name: p.name,
          region: p.region,
          status: p.status,
          cloud_provider: p.cloud_provider,
          inserted_at: p.inserted_at,
          is_branch: false,
          dbVersion: p.dbVersion,
          databases: [
            {
              identifier: p.ref,
              type: 'PRIMARY',
              region: p.region,
              status: p.status,
              cloud_provider: p.cloud_provider,
              infra_compute_size: p.infra_compute_size,
            },
          ],
        })),
      })
    }),
    // The customer profile, tax IDs and invoices are in billing-account.ts.
  ]
}
