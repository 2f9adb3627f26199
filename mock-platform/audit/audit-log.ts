/**
 * The organizations' audit log as the platform keeps it: events recorded (handlers/audit-recording.ts
 * records every write of the platform API that succeeded), each organization's kept per its plan's
 * retention, the page's own platform keeping the newest across reloads.
 */
import * as v from 'valibot'
import { AUDIT_PRUNE_INTERVAL_MS, AUDIT_RETENTION_HOURS, EMBEDDED_AUDIT_EVENTS_KEPT, MOCK_AUDIT_STORAGE_KEY, type PlanId } from '../../src/constants'
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

/** When each organization's events were last looked through for what is past retention (ms, the events' clock), per platform. */
const lookedAt = new WeakMap<PlatformContext, Map<string | null, number>>()

export async function recordAuditEvent(ctx: PlatformContext, event: MockAuditEvent): Promise<void> {
  // What the plan no longer keeps goes as new events come (reads filter by retention meanwhile).
  const at = Date.parse(event.occurred_at)
  const slug = event.organization_slug
  // Looked through at most once an interval (or when the clock went back): a look reads every event
  // kept (@msw/data has no index), which at every event made each write of a served platform cost
  // the whole log — 2.1 of a 20 s load test's 23.7 s of CPU, and growing as the log did.
  const looks = lookedAt.get(ctx) ?? new Map<string | null, number>()
  lookedAt.set(ctx, looks)
  const last = looks.get(slug)
  if (last === undefined || at < last || at - last >= AUDIT_PRUNE_INTERVAL_MS) {
    looks.set(slug, at)
    const cutoff = at - auditRetentionMs(ctx, slug)
    // A plain scan first (nothing is past retention almost always): @msw/data's object conditions cost an Object.entries a record.
    if (ctx.db.auditEvents.all().some((kept) => kept.organization_slug === slug && Date.parse(kept.occurred_at) < cutoff)) {
      ctx.db.auditEvents.deleteMany((q) => q.where({ organization_slug: slug, occurred_at: (occurred: string) => Date.parse(occurred) < cutoff }))
    }
  }
  await ctx.db.auditEvents.create(event)
  // The page's platform keeps the newest across reloads; a record store keeps the collection itself.
  if (!ctx.recordPersistence) {
    const cutoff = at - auditRetentionMs(ctx, slug)
    keptAudit.update(ctx, (kept) => {
      kept.events = [...kept.events.filter((e) => Date.parse(e.occurred_at) >= cutoff || e.organization_slug !== slug), event].slice(-EMBEDDED_AUDIT_EVENTS_KEPT)
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
