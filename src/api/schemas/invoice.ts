import * as v from 'valibot'

/** GET /platform/organizations/{slug}/billing/invoices item (PLATFORM-API §11). */
export const InvoiceSchema = v.object({
  id: v.string(),
  number: v.string(),
  amount_due: v.number(),
  subtotal: v.number(),
  status: v.picklist(['draft', 'open', 'paid', 'uncollectible', 'void']),
  period_end: v.number(),
  invoice_pdf: v.string(),
  payment_attempted: v.boolean(),
  subscription: v.nullable(v.string()),
})
export type Invoice = v.InferOutput<typeof InvoiceSchema>
export const InvoicesSchema = v.array(InvoiceSchema)
