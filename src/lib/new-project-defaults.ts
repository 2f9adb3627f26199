import { DEFAULT_REGION, REGION_GROUPS, REGIONS, type CloudProvider, type RegionCode } from '../constants'
import type { Settings } from './settings'

/** SPEC §9: Southeast Asia outside production, East US 2 in production. */
export function defaultRegion(environment: Settings['environment']): RegionCode {
  return environment === 'production' ? DEFAULT_REGION.production : DEFAULT_REGION.other
}

/**
 * SPEC §9: staging and preview prefer AWS_K8S when it is enabled, otherwise the first enabled
 * provider, otherwise AWS. Elsewhere AWS when enabled, otherwise the first enabled one.
 */
export function defaultCloudProvider(environment: Settings['environment'], enabled: readonly CloudProvider[]): CloudProvider {
  const preferred: CloudProvider = environment === 'staging' || environment === 'preview' ? 'AWS_K8S' : 'AWS'
  if (enabled.includes(preferred)) return preferred
  return enabled[0] ?? 'AWS'
}

/** The 17 regions in their three geographic groups, each with its default region first. */
export function regionGroups() {
  return REGION_GROUPS.map((group) => ({
    ...group,
    regions: REGIONS.filter((r) => r.group === group.id).sort(
      (a, b) => Number(b.code === group.defaultRegion) - Number(a.code === group.defaultRegion),
    ),
  }))
}
