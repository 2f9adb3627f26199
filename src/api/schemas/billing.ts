import * as v from 'valibot'
import { BILLING_PARTNERS, PLAN_IDS, PRICING_TIER_IDS } from '../../constants'

/** An add-on of a subscription (PLATFORM-API §11): name, price per month in USD, product id. */
export const SubscriptionAddonSchema = v.object({ name: v.string(), price: v.number(), supabase_prod_id: v.string() })
export type SubscriptionAddon = v.InferOutput<typeof SubscriptionAddonSchema>

/** GET /platform/organizations/{slug}/billing/subscription (PLATFORM-API §11). Times are unix seconds. */
export const SubscriptionSchema = v.object({
  plan: v.object({ id: v.picklist(PLAN_IDS), name: v.string() }),
  addons: v.array(SubscriptionAddonSchema),
  project_addons: v.array(v.object({ ref: v.string(), name: v.string(), addons: v.array(SubscriptionAddonSchema) })),
  billing_cycle_anchor: v.number(),
  current_period_start: v.number(),
  current_period_end: v.number(),
  next_invoice_at: v.number(),
  usage_billing_enabled: v.boolean(),
  payment_method_type: v.nullish(v.string()),
  billing_via_partner: v.boolean(),
  billing_partner: v.nullish(v.picklist(BILLING_PARTNERS)),
  customer_balance: v.number(),
  scheduled_plan_change: v.nullish(v.object({ target_plan: v.picklist(PLAN_IDS), at: v.number() })),
  /** Not in PLATFORM-API: the plan's compute credits per month in USD (SPEC §9: Pro $10), answered by the mock platform. */
  compute_credits: v.optional(v.number()),
})
export type Subscription = v.InferOutput<typeof SubscriptionSchema>

/** PUT …/billing/subscription body (PLATFORM-API §11). */
export interface PlanChangeBody {
  tier: (typeof PRICING_TIER_IDS)[number]
  payment_method?: string
}

/** GET …/billing/plans (PLATFORM-API §11): which tiers the organization can move to, and how. */
export const BillingPlansSchema = v.object({
  plans: v.array(
    v.object({
      id: v.picklist(PRICING_TIER_IDS),
      name: v.string(),
      price: v.nullable(v.number()),
      is_current: v.boolean(),
      change_type: v.picklist(['upgrade', 'downgrade', 'none']),
      effective_at: v.nullish(v.string()),
    }),
  ),
})
export type BillingPlans = v.InferOutput<typeof BillingPlansSchema>

/** GET /platform/organizations/{slug}/usage (PLATFORM-API §2). Size metrics are in bytes. */
export const OrganizationUsageSchema = v.object({
  usage_billing_enabled: v.boolean(),
  usages: v.array(
    v.object({
      /** The real platform has more metrics than the dashboard bills (kept as text, shown only when known). */
      metric: v.string(),
      usage: v.number(),
      usage_original: v.number(),
      cost: v.number(),
      available_in_plan: v.boolean(),
      capped: v.boolean(),
      unlimited: v.boolean(),
      pricing_strategy: v.picklist(['UNIT', 'PACKAGE', 'NONE']),
      pricing_free_units: v.nullish(v.number()),
      pricing_package_size: v.nullish(v.number()),
      pricing_package_price: v.nullish(v.number()),
      pricing_per_unit_price: v.nullish(v.number()),
      unit_price_desc: v.string(),
      project_allocations: v.array(v.object({ ref: v.string(), name: v.string(), usage: v.number() })),
    }),
  ),
})
export type OrganizationUsage = v.InferOutput<typeof OrganizationUsageSchema>
