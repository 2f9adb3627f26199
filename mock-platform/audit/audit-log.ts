/**
 * The organizations' audit log as the platform keeps it: events recorded (handlers/audit-recording.ts
 * records every write of the platform API that succeeded), each organization's kept per its plan's
 * retention, the page's own platform keeping the newest across reloads.
 */
import * as v from 'valibot'
import { AUDIT_RETENTION_HOURS, EMBEDDED_AUDIT_EVENTS_KEPT, MOCK_AUDIT_STORAGE_KEY, type PlanId } from '../../src/constants'
import type { PlatformContext } from '../context'
import { MockAuditEventSchema, type MockAuditEvent } from '../records/db'
import { keptRecord } from '../records/kept-record'

const KeptAuditSchema = v.object({ events: v.array(MockAuditEventSchema) })
const keptAudit = keptRecord(MOCK_AUDIT_STORAGE_KEY, KeptAuditSchema, () => ({ events: [] }))

/** The retention of the organization's plan, in milliseconds (an account's own events: the longest). */
export function auditRetentionMs(ctx: PlatformContext, organizationSlug: string | null): number {
  const plan: PlanId | undefined = organizationSlug ? ctx.db.organizations.findFirst((q) => q.where({ slug: organizationSlug }))?.plan.id : undefined
  const hours = plan ? AUDIT_RETENTION_HOURS[plan] : Math.max(...Object.values(AUDIT_RETENTION_HOURS))
  return hours * 3_600_000
}

export async function recordAuditEvent(ctx: PlatformContext, event: MockAuditEvent): Promise<void> {
  // What the plan no longer keeps goes as a new event comes (reads filter by retention too).
  const cutoff = Date.parse(event.occurred_at) - auditRetentionMs(ctx, event.organization_slug)
  const slug = event.organization_slug
  // Looked for with a plain scan first (nothing is past retention almost always): @msw/data's
  // object conditions cost an Object.entries a record, and every event lengthens the list.
  if (ctx.db.auditEvents.all().some((kept) => kept.organization_slug === slug && Date.parse(kept.occurred_at) < cutoff)) {
    ctx.db.auditEvents.deleteMany((q) => q.where({ organization_slug: slug, occurred_at: (at: string) => Date.parse(at) < cutoff }))
  }
  await ctx.db.auditEvents.create(event)
  // The page's platform keeps the newest across reloads; a record store keeps the collection itself.
  if (!ctx.recordPersistence) {
    keptAudit.update(ctx, (kept) => {
      kept.events = [...kept.events.filter((e) => Date.parse(e.occurred_at) >= cutoff || e.organization_slug !== event.organization_slug), event].slice(-EMBEDDED_AUDIT_EVENTS_KEPT)
    })
  }
}

/** Brings back the events earlier page loads recorded. */
export async function restoreAuditEvents(ctx: PlatformContext): Promise<void> {
  if (ctx.recordPersistence) return
  for (const event of keptAudit.read(ctx).events) {
    if (!ctx.db.auditEvents.findFirst((q) => q.where({ id: event.id }))) await ctx.db.auditEvents.create(event)
  }
}
