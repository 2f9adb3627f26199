import * as v from 'valibot'

/** One tax ID of an organization's customer profile (PLATFORM-API §11 `…/{slug}/tax-ids`). */
export const TaxIdSchema = v.object({ type: v.string(), value: v.string(), country: v.nullish(v.string()) })
export type TaxId = v.InferOutput<typeof TaxIdSchema>
/** GET …/{slug}/tax-ids: the organization's tax ID, or null. */
export const TaxIdResponseSchema = v.object({ tax_id: v.nullable(TaxIdSchema) })

/** GET …/billing/invoices/upcoming (Version 2, PLATFORM-API §11). Amounts are in dollars, unlike the invoice list's cents. */
export const UpcomingInvoiceSchema = v.object({
  amount_total: v.number(),
  amount_projected: v.nullish(v.number()),
  currency: v.string(),
  customer_balance: v.number(),
  subscription_id: v.nullish(v.string()),
  billing_cycle_start: v.string(),
  billing_cycle_end: v.string(),
  lines: v.array(
    v.object({
      description: v.string(),
      amount: v.number(),
      quantity: v.number(),
      unit_price: v.number(),
      unit_price_desc: v.nullish(v.string()),
      usage_based: v.boolean(),
      usage_metric: v.nullish(v.string()),
      usage_original: v.nullish(v.number()),
      proration: v.boolean(),
      period: v.object({ start: v.string(), end: v.string() }),
      breakdown: v.optional(v.array(v.object({ project_ref: v.string(), project_name: v.string(), usage: v.number() })), []),
    }),
  ),
})
export type UpcomingInvoice = v.InferOutput<typeof UpcomingInvoiceSchema>
