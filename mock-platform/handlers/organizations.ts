import { http, HttpResponse } from 'msw'
import type { PlatformContext } from '../context'
import { authenticate, errorResponse, withLatency } from './util'

export function organizationHandlers(ctx: PlatformContext) {
  /** Organizations the user has a permission entry in. */
  function memberSlugs(userId: string): Set<string> {
    return new Set(ctx.db.permissions.findMany((q) => q.where({ gotrue_id: userId })).map((p) => p.organization_slug))
  }

  return [
    http.get('*/platform/organizations', async ({ request }) => {
      await withLatency(ctx)
      const { user, denied } = authenticate(ctx, request)
      if (denied) return denied
      const slugs = memberSlugs(user.id)
      return HttpResponse.json(ctx.db.organizations.findMany((q) => q.where({ slug: (slug) => slugs.has(slug) })))
    }),
    http.get('*/platform/organizations/:slug/projects', async ({ request, params }) => {
      await withLatency(ctx)
      const { user, denied } = authenticate(ctx, request)
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
