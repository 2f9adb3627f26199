import * as v from 'valibot'

/** One event of GET …/organizations/{slug}/audit (the platform's audit log entry; only what the dashboard reads). */
export const AuditEntrySchema = v.object({
  id: v.string(),
  occurred_at: v.string(),
  action: v.object({ name: v.string(), metadata: v.array(v.object({ method: v.string(), route: v.string(), status: v.number() })) }),
  actor: v.object({ id: v.string(), metadata: v.array(v.object({ email: v.string(), ip: v.nullable(v.string()) })) }),
  target: v.object({ description: v.string(), metadata: v.object({ org_slug: v.nullable(v.string()), project_ref: v.nullable(v.string()) }) }),
})
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>

export const AuditLogSchema = v.object({ result: v.array(AuditEntrySchema), retention_period: v.number() })
