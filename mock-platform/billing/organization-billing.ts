import { FIXTURE_ORGANIZATION_ADDONS, projectUsages, type UsageProject } from '../../fixtures/billing'
import { ADDON_PRICES, COMPUTE_PRICES_MONTHLY, COMPUTE_SIZES, type ComputeSizeId, type PlanId, type UsageMetric } from '../../src/constants'
import { ownValue } from '../../src/lib/own-record'
import type { PlatformContext } from '../context'

// What an organization is billed for, worked out in one place for the subscription and usage answers
// (handlers/billing.ts) and the upcoming invoice (upcoming-invoice.ts), so the two agree to the cent.

/** The organization's projects in id order: the fixtures' order, the one usage is drawn in. */
export function organizationProjects(ctx: PlatformContext, slug: string) {
  return ctx.db.projects.findMany((q) => q.where({ organization_slug: slug })).sort((a, b) => a.id - b.id)
}

export interface BilledItem {
  name: string
  /** Dollars a month (SPEC §9). */
  monthly: number
  /** The platform's product id for it. */
  productId: string
}

/** The add-ons a paid organization has bought (SPEC §9 prices); Free has none. */
export function organizationAddons(organization: { slug: string; plan: { id: PlanId } }): BilledItem[] {
  if (organization.plan.id === 'free') return []
  // By own keys: an organization called `constructor` has bought nothing, not Object's members.
  return (ownValue(FIXTURE_ORGANIZATION_ADDONS, organization.slug) ?? []).map((addon) => {
    if (addon === 'pitr') {
      const { monthly, perRetentionDays } = ADDON_PRICES.pointInTimeRecovery
      return { name: `Point-in-time recovery (${perRetentionDays} days)`, monthly, productId: `addon_pitr_${perRetentionDays}` }
    }
    return { name: 'Custom domain', monthly: ADDON_PRICES.customDomain.monthly, productId: 'addon_custom_domain' }
  })
}

/** The compute size a project is billed for: Micro when it runs on micro, Nano (free) otherwise. */
export function billedComputeSize(project: { infra_compute_size?: string | null }): ComputeSizeId {
  return project.infra_compute_size === 'micro' ? 'micro' : 'nano'
}

/** One project's compute of a size, as billed. */
export function computeItem(size: ComputeSizeId): BilledItem {
  const { label } = COMPUTE_SIZES.find((s) => s.id === size)!
  return { name: `${label} compute`, monthly: COMPUTE_PRICES_MONTHLY[size], productId: `addon_instance_${size}` }
}

export interface ProjectAllocation {
  ref: string
  name: string
  /** Bytes for sizes, counts otherwise. */
  usage: number
}

/** This cycle's usage of one metric for each of the projects (given in id order). */
export function metricAllocations(slug: string, metric: UsageMetric, projects: readonly UsageProject[]): ProjectAllocation[] {
  const values = projectUsages(slug, metric, projects)
  return projects.map((p, i) => ({ ref: p.ref, name: p.name, usage: values[i] ?? 0 }))
}
