/**
 * Recording the audit log: every write of the platform API that succeeded, in the same unit of work
 * as the write itself (served: committed with it, or not at all). Recording wraps each write
 * handler's run (as the prefilter does), so a handler written tomorrow is audited without being
 * told; the calls that only read though they are sent as POST (SQL, GraphQL, telemetry, a password's
 * strength, object listings) are left out.
 */
import { HttpHandler, type RequestHandler } from 'msw'
import { CLIENT_ADDRESS_HEADER } from '../../src/constants'
import type { PlatformContext } from '../context'
import { auditActionName } from '../audit/audit-actions'
import { recordAuditEvent } from '../audit/audit-log'
import { bearerClaims } from './util'

/** Writes in form, reads in fact: never audited. */
const READS_SENT_AS_WRITES = [
  /\/pg-meta\/:ref\/query$/,
  /\/api\/graphql(\/token)?$/,
  /\/telemetry\//,
  /\/error-reports$/,
  /\/password-check$/,
  /\/objects\/(list|download|public-url|sign)$/,
  /\/ai\//,
]

const audited = new WeakSet<RequestHandler>()

/** The handler's route from `/platform/` on, or null when it is no platform write (a read, a stand-in provider, a pattern). */
export function auditedRoute(handler: RequestHandler): string | null {
  if (!(handler instanceof HttpHandler)) return null
  const { method, path } = handler.info
  if (typeof path !== 'string' || typeof method !== 'string' || ['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())) return null
  const at = path.indexOf('/platform/')
  if (at === -1) return null
  const route = path.slice(at)
  return READS_SENT_AS_WRITES.some((read) => read.test(route)) ? null : route
}

/**
 * The route's parameters in `url` (`:ref`, `:slug`), aligned segment by segment from `/platform/`;
 * null when the path is not the route's (every write handler is offered each request: only the one
 * it is for looks its target up).
 */
function routeParams(route: string, url: string): Map<string, string> | null {
  const path = new URL(url).pathname.replace(/\/$/, '')
  const at = path.indexOf('/platform/')
  if (at === -1) return null
  const actual = path.slice(at).split('/')
  const expected = route.split('/')
  if (actual.length !== expected.length) return null
  const params = new Map<string, string>()
  for (const [i, segment] of expected.entries()) {
    if (segment.startsWith(':')) params.set(segment.slice(1), safeDecode(actual[i]!))
    else if (segment.toLowerCase() !== actual[i]!.toLowerCase()) return null
  }
  return params
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

interface AuditTarget {
  organizationSlug: string | null
  projectRef: string | null
  description: string
}

/** What a call is about, read before it runs (a deleted project's organization is gone after). */
function targetOf(ctx: PlatformContext, params: Map<string, string>): AuditTarget | null {
  const ref = params.get('ref')
  if (ref) {
    const project = ctx.db.projects.findFirst((q) => q.where({ ref }))
    return project ? { organizationSlug: project.organization_slug, projectRef: ref, description: `Project ${project.name} (${ref})` } : null
  }
  const slug = params.get('slug')
  if (slug) {
    const organization = ctx.db.organizations.findFirst((q) => q.where({ slug }))
    if (!organization) return null
    // A call on one member names them (a role changed, a member removed).
    const member = params.get('gotrueId')
    const email = member ? ctx.db.users.findFirst((q) => q.where({ id: member }))?.email : undefined
    return { organizationSlug: slug, projectRef: null, description: email ? `Member ${email} of ${organization.name}` : `Organization ${organization.name}` }
  }
  return null
}

/** A call that names neither (an organization or project made): what its answer made. */
async function madeTarget(ctx: PlatformContext, response: Response): Promise<AuditTarget | null> {
  if (!response.headers.get('content-type')?.includes('json')) return null
  const body = (await response.clone().json().catch(() => null)) as { ref?: unknown; slug?: unknown; organization_slug?: unknown } | null
  if (typeof body?.ref === 'string') return targetOf(ctx, new Map([['ref', body.ref]]))
  if (typeof body?.slug === 'string') return targetOf(ctx, new Map([['slug', body.slug]]))
  return null
}

/** Wraps each platform write's run so that one that succeeds is recorded. Call before the prefilter wraps them. */
export function auditHandlers<H extends RequestHandler>(ctx: PlatformContext, handlers: H[]): H[] {
  for (const handler of handlers) {
    const route = auditedRoute(handler)
    if (!route || audited.has(handler)) continue
    audited.add(handler)
    const method = (handler as unknown as HttpHandler).info.method as string
    const run = handler.run.bind(handler)
    handler.run = async (args) => {
      const params = args.request.method.toUpperCase() === method.toUpperCase() ? routeParams(route, args.request.url) : null
      const before = params ? targetOf(ctx, params) : null
      const result = await run(args)
      const response = result?.response
      if (response && response.status >= 200 && response.status < 300) {
        const userId = ctx.selfHosted ? ctx.db.users.findFirst()?.id : bearerClaims(ctx, args.request)?.userId
        const actor = userId ? ctx.db.users.findFirst((q) => q.where({ id: userId })) : undefined
        if (actor) {
          const found = before ?? (await madeTarget(ctx, response)) ?? { organizationSlug: null, projectRef: null, description: `Account ${actor.email}` }
          // An organization the call deleted keeps no log: the event is the member's own (their profile's log).
          const gone = found.organizationSlug !== null && !ctx.db.organizations.findFirst((q) => q.where({ slug: found.organizationSlug! }))
          const target = gone ? { ...found, organizationSlug: null } : found
          await recordAuditEvent(ctx, {
            id: crypto.randomUUID(),
            occurred_at: new Date(Date.now() + ctx.clockOffset).toISOString(),
            organization_slug: target.organizationSlug,
            project_ref: target.projectRef,
            actor_id: actor.id,
            actor_email: actor.email,
            action: auditActionName(method, route),
            method: method.toUpperCase(),
            route,
            status: response.status,
            target: target.description,
            ip: args.request.headers.get(CLIENT_ADDRESS_HEADER),
          })
        }
      }
      return result
    }
  }
  return handlers
}

