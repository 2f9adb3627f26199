import type { PricingTierId } from '../../constants'
import { api, type ApiClient } from '../client'
import { BillingPlansSchema, OrganizationUsageSchema, SubscriptionSchema, type PlanChangeBody } from '../schemas'
import { queryKeys } from './keys'
import { organizationPath } from './organizations'

/** The organization's subscription: plan, billing cycle, add-ons, partner (PLATFORM-API §11). */
export function organizationSubscriptionQuery(slug: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationSubscription(slug),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(`${organizationPath(slug)}/billing/subscription`, { schema: SubscriptionSchema, signal }),
  }
}

/** The tiers the organization can move to, each an upgrade, a downgrade or the current one. */
export function organizationPlansQuery(slug: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationPlans(slug),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(`${organizationPath(slug)}/billing/plans`, { schema: BillingPlansSchema, signal }),
  }
}

/** This billing cycle's usage per metric with each project's share (PLATFORM-API §2); one project with projectRef. */
export function organizationUsageQuery(slug: string, projectRef: string | null = null, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationUsage(slug, projectRef),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      client.get(`${organizationPath(slug)}/usage`, { query: { project_ref: projectRef ?? undefined }, schema: OrganizationUsageSchema, signal }),
  }
}

/** Moves the organization to another tier (PUT …/billing/subscription); answers the new subscription. */
export function changeOrganizationPlan(slug: string, tier: PricingTierId, options: { signal?: AbortSignal; client?: ApiClient } = {}) {
  const client = options.client ?? api
  return client.put(`${organizationPath(slug)}/billing/subscription`, { body: { tier } satisfies PlanChangeBody, schema: SubscriptionSchema, signal: options.signal })
}
