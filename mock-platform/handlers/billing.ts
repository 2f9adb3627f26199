import { http, HttpResponse } from 'msw'
import {
  BILLING_RESOURCES,
  INACTIVE_PROJECT_STATUSES,
  MANAGED_BY,
  PLAN_COMPUTE_CREDITS_MONTHLY,
  PLAN_LIMITS,
  PLAN_NAMES,
  PLAN_ORDER,
  PRICING_TIERS,
  USAGE_LIMITS,
  USAGE_METRICS,
  type PlanId,
  type ProjectStatus,
} from '../../src/constants'
import { formatUnitPrice } from '../../src/lib/billing-money'
import { can, PermissionAction } from '../../src/lib/permissions'
import { metricCost } from '../../src/lib/usage-cost'
import type { PlatformContext } from '../context'
import { platformNow } from '../auth/auth-sessions'
import { billingCycleAt, subscriptionAnchorDay } from '../billing/billing-cycle'
import { billedComputeSize, computeItem, metricAllocations, organizationAddons, organizationProjects, type BilledItem } from '../billing/organization-billing'
import { errorResponse, findMemberOrganization, readJson, signedIn } from './util'

export const BILLING_ERROR = {
  notFound: 'Organization not found',
  forbidden: 'You do not have permission to change the plan of this organization',
  unknownTier: (tier: unknown) => `Unknown tier: ${String(tier)}`,
  partner: (partner: string) => `Billing for this organization is managed by ${partner}: change its plan there`,
  enterprise: 'Enterprise plans are changed by our sales team: contact us',
  samePlan: (plan: string) => `The organization is already on the ${plan} plan`,
  freeProjectLimit: (active: number) =>
    `The Free plan allows ${PLAN_LIMITS.free.activeProjects} active projects and this organization has ${active}: pause or delete ${active - PLAN_LIMITS.free.activeProjects} first`,
} as const

type MockOrganization = NonNullable<ReturnType<PlatformContext['db']['organizations']['findFirst']>>

export function billingHandlers(ctx: PlatformContext) {
  const memberOrganization = (userId: string, slug: string) => findMemberOrganization(ctx, userId, slug)

  /** The same permission rule the dashboard applies (restrictive entries deny, resources and wildcards match). */
  function canWriteBilling(userId: string, slug: string): boolean {
    const permissions = ctx.db.permissions.findMany((q) => q.where({ gotrue_id: userId }))
    return can(permissions, PermissionAction.BILLING_WRITE, BILLING_RESOURCES.subscriptions, { organizationSlug: slug })
  }

  function subscriptionOf(org: MockOrganization) {
    const plan = org.plan.id
    // The cycle holding today by the platform's clock; the next invoice closes it.
    const cycle = billingCycleAt(subscriptionAnchorDay(org.id), platformNow(ctx))
    const paid = plan !== 'free'
    const asAddon = (item: BilledItem) => ({ name: item.name, price: item.monthly, supabase_prod_id: item.productId })
    const addons = organizationAddons(org).map(asAddon)
    const project_addons = paid
      ? organizationProjects(ctx, org.slug).map((p) => ({ ref: p.ref, name: p.name, addons: [asAddon(computeItem(billedComputeSize(p)))] }))
      : []
    return {
      plan: { id: plan, name: PLAN_NAMES[plan] },
      addons,
      project_addons,
      billing_cycle_anchor: Math.floor(cycle.start / 1000),
      current_period_start: Math.floor(cycle.start / 1000),
      current_period_end: Math.floor(cycle.end / 1000),
      next_invoice_at: Math.floor(cycle.end / 1000),
      usage_billing_enabled: org.usage_billing_enabled,
      payment_method_type: org.billing_partner ? 'partner' : plan === 'enterprise' ? 'invoice' : paid ? 'card' : 'none',
      billing_via_partner: Boolean(org.billing_partner),
      billing_partner: org.billing_partner ?? null,
      customer_balance: 0,
      scheduled_plan_change: null,
      compute_credits: PLAN_COMPUTE_CREDITS_MONTHLY[plan],
    }
  }

  function usageOf(org: MockOrganization, projectRef: string | null) {
    const plan = org.plan.id
    const projects = organizationProjects(ctx, org.slug)
    return {
      usage_billing_enabled: org.usage_billing_enabled,
      usages: USAGE_METRICS.map((metric) => {
        const limit = USAGE_LIMITS[metric]
        const included = plan === 'enterprise' ? null : limit.included[plan]
        const available = plan === 'enterprise' || included !== null
        const allocations = (available ? metricAllocations(org.slug, metric, projects) : projects.map((p) => ({ ref: p.ref, name: p.name, usage: 0 }))).filter(
          (a) => !projectRef || a.ref === projectRef,
        )
        const usage = allocations.reduce((sum, a) => sum + a.usage, 0)
        const cost = metricCost(plan, { metric, usage, project_allocations: allocations })
        const packaged = limit.overage.per > 1 && limit.unit === 'count'
        return {
          metric,
          usage,
          usage_original: usage,
          cost: cost.costCents / 100,
          available_in_plan: available,
          // Free stops at its limits instead of billing (the real platform's spend cap).
          capped: plan === 'free',
          unlimited: plan === 'enterprise',
          pricing_strategy: !available || plan === 'free' || plan === 'enterprise' ? 'NONE' : packaged ? 'PACKAGE' : 'UNIT',
          pricing_free_units: included,
          pricing_package_size: packaged ? limit.overage.per : null,
          pricing_package_price: packaged ? limit.overage.price : null,
          pricing_per_unit_price: packaged ? null : limit.overage.price,
          unit_price_desc: `${formatUnitPrice(limit.overage.price)} per ${limit.overage.unitLabel}`,
          project_allocations: allocations,
        }
      }),
    }
  }

  /** Free, Pro or Team, and how it relates to the current plan. */
  function changeType(current: PlanId, target: PlanId): 'upgrade' | 'downgrade' | 'none' {
    const diff = PLAN_ORDER.indexOf(target) - PLAN_ORDER.indexOf(current)
    return diff > 0 ? 'upgrade' : diff < 0 ? 'downgrade' : 'none'
  }

  async function signedInMember(request: Request, slug: string) {
    const { user, denied } = await signedIn(ctx, request)
    if (denied) return { denied }
    const org = memberOrganization(user.id, slug)
    if (!org) return { denied: errorResponse(404, BILLING_ERROR.notFound) }
    return { user, org }
  }

  return [
    http.get('*/platform/organizations/:slug/billing/subscription', async ({ request, params }) => {
      const { denied, org } = await signedInMember(request, String(params.slug))
      if (!org) return denied
      return HttpResponse.json(subscriptionOf(org))
    }),
    http.put('*/platform/organizations/:slug/billing/subscription', async ({ request, params }) => {
      const { denied, org, user } = await signedInMember(request, String(params.slug))
      if (!org) return denied
      if (!canWriteBilling(user.id, org.slug)) return errorResponse(403, BILLING_ERROR.forbidden)
      if (org.billing_partner) return errorResponse(400, BILLING_ERROR.partner(MANAGED_BY[org.billing_partner].label))
      const body = await readJson(request)
      const tier = PRICING_TIERS.find((t) => t.id === body.tier)
      if (!tier) return errorResponse(400, BILLING_ERROR.unknownTier(body.tier))
      if (tier.planId === 'enterprise' || org.plan.id === 'enterprise') return errorResponse(400, BILLING_ERROR.enterprise)
      const payAsYouGo = tier.id === 'tier_payg'
      if (tier.planId === org.plan.id && !payAsYouGo) return errorResponse(400, BILLING_ERROR.samePlan(PLAN_NAMES[org.plan.id]))
      if (tier.planId === 'free') {
        const active = organizationProjects(ctx, org.slug).filter((p) => !INACTIVE_PROJECT_STATUSES.includes(p.status as ProjectStatus)).length
        if (active > PLAN_LIMITS.free.activeProjects) return errorResponse(400, BILLING_ERROR.freeProjectLimit(active))
      }
      const plan = tier.planId
      const updated = await ctx.db.organizations.update(org, {
        data(o) {
          o.plan = { id: plan, name: PLAN_NAMES[plan] }
          o.usage_billing_enabled = plan !== 'free'
        },
      })
      return HttpResponse.json(subscriptionOf(updated ?? org))
    }),
    http.get('*/platform/organizations/:slug/billing/plans', async ({ request, params }) => {
      const { denied, org } = await signedInMember(request, String(params.slug))
      if (!org) return denied
      const current = org.plan.id
      return HttpResponse.json({
        plans: PRICING_TIERS.filter((t) => t.id !== 'tier_payg').map((t) => ({
          id: t.id,
          name: PLAN_NAMES[t.planId],
          price: t.priceMonthly,
          is_current: t.planId === current,
          change_type: changeType(current, t.planId),
          effective_at: null,
        })),
      })
    }),
    http.get('*/platform/organizations/:slug/usage', async ({ request, params }) => {
      const { denied, org } = await signedInMember(request, String(params.slug))
      if (!org) return denied
      const projectRef = new URL(request.url).searchParams.get('project_ref')
      return HttpResponse.json(usageOf(org, projectRef || null))
    }),
  ]
}
