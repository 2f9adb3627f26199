import { http, HttpResponse } from 'msw'
import { AUDIT_PAGE_LIMIT } from '../../src/constants'
import type { PlatformContext } from '../context'
import type { MockAuditEvent } from '../records/db'
import { auditRetentionMs } from '../audit/audit-log'
import { errorResponse, findMemberOrganization, signedIn } from './util'

/** An event as the platform answers it (the real platform's audit log entry: action, actor, target). */
function entryOf(event: MockAuditEvent) {
  return {
    id: event.id,
    occurred_at: event.occurred_at,
    action: { name: event.action, metadata: [{ method: event.method, route: event.route, status: event.status }] },
    actor: { id: event.actor_id, type: 'user', metadata: [{ email: event.actor_email, ip: event.ip }] },
    target: { description: event.target, metadata: { org_slug: event.organization_slug, project_ref: event.project_ref } },
  }
}

/** The time range asked for (`iso_timestamp_start`/`_end`), within what is kept; null when a bound is not a date. */
function rangeOf(url: URL, now: number, retentionMs: number): { start: number; end: number } | null {
  const bound = (name: string, fallback: number) => {
    const text = url.searchParams.get(name)
    if (text === null || text === '') return fallback
    const at = Date.parse(text)
    return Number.isNaN(at) ? null : at
  }
  const end = bound('iso_timestamp_end', now)
  const start = bound('iso_timestamp_start', now - retentionMs)
  if (end === null || start === null) return null
  return { start: Math.max(start, now - retentionMs), end }
}

function answer(ctx: PlatformContext, request: Request, events: MockAuditEvent[], retentionMs: number) {
  const now = Date.now() + ctx.clockOffset
  const range = rangeOf(new URL(request.url), now, retentionMs)
  if (!range) return errorResponse(400, 'iso_timestamp_start and iso_timestamp_end are dates (ISO 8601)')
  const result = events
    .filter((event) => {
      const at = Date.parse(event.occurred_at)
      return at >= range.start && at <= range.end
    })
    .sort((a, b) => b.occurred_at.localeCompare(a.occurred_at))
    .slice(0, AUDIT_PAGE_LIMIT)
    .map(entryOf)
  return HttpResponse.json({ result, retention_period: retentionMs / 3_600_000 })
}

/** PLATFORM-API §2 `GET …/{slug}/audit` and §1 `GET /platform/profile/audit`: the organization's writes, and the member's own. */
export function auditLogHandlers(ctx: PlatformContext) {
  return [
    http.get('*/platform/organizations/:slug/audit', async ({ request, params }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const organization = findMemberOrganization(ctx, user.id, String(params.slug))
      if (!organization) return errorResponse(404, 'Organization not found')
      const events = ctx.db.auditEvents.findMany((q) => q.where({ organization_slug: organization.slug }))
      return answer(ctx, request, events, auditRetentionMs(ctx, organization.slug))
    }),
    http.get('*/platform/profile/audit', async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      return answer(ctx, request, ctx.db.auditEvents.findMany((q) => q.where({ actor_id: user.id })), auditRetentionMs(ctx, null))
    }),
  ]
}
