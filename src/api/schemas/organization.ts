import * as v from 'valibot'
import { BILLING_PARTNERS, PLAN_IDS, RESTRICTION_STATUSES } from '../../constants'

/** GET /platform/organizations item (PLATFORM-API §2, SPEC §3). */
export const OrganizationSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  billing_email: v.nullish(v.string()),
  billing_partner: v.nullish(v.picklist(BILLING_PARTNERS)),
  is_owner: v.optional(v.boolean(), false),
  plan: v.object({ id: v.picklist(PLAN_IDS), name: v.string() }),
  organization_requires_mfa: v.optional(v.boolean(), false),
  restriction_status: v.nullish(v.picklist(RESTRICTION_STATUSES)),
  restriction_data: v.nullish(v.object({ grace_period_end: v.optional(v.string()) })),
  usage_billing_enabled: v.optional(v.boolean(), false),
  project_count: v.optional(v.number()),
})
export type Organization = v.InferOutput<typeof OrganizationSchema>
export const OrganizationsSchema = v.array(OrganizationSchema)

/** GET /platform/organizations/{slug}/customer (PLATFORM-API §11). */
export const CustomerSchema = v.object({
  email: v.nullish(v.string()),
  billing_name: v.nullish(v.string()),
  address: v.nullish(
    v.object({
      line1: v.string(),
      line2: v.nullish(v.string()),
      city: v.nullish(v.string()),
      state: v.nullish(v.string()),
      postal_code: v.nullish(v.string()),
      country: v.string(),
    }),
  ),
  additional_emails: v.nullish(v.array(v.string())),
  balance: v.number(),
  billing_via_partner: v.boolean(),
})
export type Customer = v.InferOutput<typeof CustomerSchema>

/** GET /platform/stripe/invoices/overdue (PLATFORM-API §11). */
export const OverdueInvoicesSchema = v.array(
  v.object({ organization_id: v.number(), overdue_invoice_count: v.number() }),
)
export type OverdueInvoices = v.InferOutput<typeof OverdueInvoicesSchema>
