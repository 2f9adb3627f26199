/**
 * Recording the audit log: every write of the platform API that succeeded, in the same unit of work
 * as the write itself (served: committed with it, or not at all). Recording wraps each write
 * handler's run (as the prefilter does), so a handler written tomorrow is audited without being
 * told; the calls that only read though they are sent as POST (SQL, GraphQL, telemetry, a password's
 * strength, object listings) are left out.
 */
import { HttpHandler, matchRequestUrl, type RequestHandler } from 'msw'
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

export interface AuditTarget {
  organizationSlug: string | null
  projectRef: string | null
  description: string
}

/** What a call is about, read before it runs (a deleted project's organization is gone after). */
function targetOf(ctx: PlatformContext, params: Readonly<Record<string, unknown>>): AuditTarget | null {
  const text = (name: string) => (typeof params[name] === 'string' ? params[name] : undefined)
  const ref = text('ref')
  if (ref) {
    const project = ctx.db.projects.findFirst((q) => q.where({ ref }))
    return project ? { organizationSlug: project.organization_slug, projectRef: ref, description: `Project ${project.name} (${ref})` } : null
  }
  const slug = text('slug')
  if (slug) {
    const organization = ctx.db.organizations.findFirst((q) => q.where({ slug }))
    if (!organization) return null
    // A call on one member names them (a role changed, a member removed).
    const member = text('gotrueId')
    const email = member ? ctx.db.users.findFirst((q) => q.where({ id: member }))?.email : undefined
    return { organizationSlug: slug, projectRef: null, description: email ? `Member ${email} of ${organization.name}` : `Organization ${organization.name}` }
  }
  return null
}

/** A call that names neither (an organization or project made): what its answer made. */
async function madeTarget(ctx: PlatformContext, response: Response): Promise<AuditTarget | null> {
  if (!response.headers.get('content-type')?.includes('json')) return null
  const body = (await response.clone().json().catch(() => null)) as { ref?: unknown; slug?: unknown; organization_slug?: unknown } | null
  return body ? targetOf(ctx, { ref: body.ref, slug: body.slug }) : null
}

/** Records one call that succeeded: who made it (and from where: the served server's client address), what it did, on what. */
export async function recordCall(
  ctx: PlatformContext,
  request: Request,
  call: { actor: { id: string; email: string }; action: string; route: string; status: number; target: AuditTarget },
): Promise<void> {
  await recordAuditEvent(ctx, {
    id: crypto.randomUUID(),
    occurred_at: new Date(Date.now() + ctx.clockOffset).toISOString(),
    organization_slug: call.target.organizationSlug,
    project_ref: call.target.projectRef,
    actor_id: call.actor.id,
    actor_email: call.actor.email,
    action: call.action,
    method: request.method.toUpperCase(),
    route: call.route,
    status: call.status,
    target: call.target.description,
    ip: request.headers.get(CLIENT_ADDRESS_HEADER),
  })
}

/** Wraps each platform write's run so that one that succeeds is recorded. Call before the prefilter wraps them. */
export function auditHandlers<H extends RequestHandler>(ctx: PlatformContext, handlers: H[]): H[] {
  for (const handler of handlers) {
    const route = auditedRoute(handler)
    if (!route || audited.has(handler)) continue
    audited.add(handler)
    const { method, path } = (handler as unknown as HttpHandler).info as { method: string; path: string }
    const run = handler.run.bind(handler)
    handler.run = async (args) => {
      // Every write handler is offered each request: only the one it is for (msw's own match) looks its target up.
      const match = args.request.method.toUpperCase() === method.toUpperCase() ? matchRequestUrl(new URL(args.request.url), path) : null
      const before = match?.matches ? targetOf(ctx, match.params ?? {}) : null
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
          await recordCall(ctx, args.request, { actor, action: auditActionName(method, route), route, status: response.status, target })
        }
      }
      return result
    }
  }
  return handlers
}

