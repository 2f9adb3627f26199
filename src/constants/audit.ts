import { PLAN_QUOTAS } from './billing'
import type { PlanId } from './platform'

/** How long an organization's audit log keeps an event, by plan (SPEC §9 audit trails; enterprise: not shown, the Team plan's). */
export const AUDIT_RETENTION_HOURS: Record<PlanId, number> = { ...PLAN_QUOTAS.auditTrailRetentionHours, enterprise: PLAN_QUOTAS.auditTrailRetentionHours.team }

/**
 * How often, at most, the platform looks through an organization's audit events for those past its
 * plan's retention as new ones come (reads filter by retention meanwhile, so none is ever shown).
 */
export const AUDIT_PRUNE_INTERVAL_MS = 60_000

/** Events the page's own platform keeps in local storage across reloads (served: all, in PostgreSQL). */
export const EMBEDDED_AUDIT_EVENTS_KEPT = 1000

/** A request header only the served platform sets (from the socket, overwriting any sent): the caller's address for the audit log. */
export const CLIENT_ADDRESS_HEADER = 'x-studio-client-address'

/** Events in one answer of an audit log, at most (the newest first). */
export const AUDIT_PAGE_LIMIT = 1000
