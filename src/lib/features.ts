import type { DashboardFeature } from '../constants'

/**
 * SPEC §2/§6: a feature is off when the self-hosted disabled-features setting or the profile's
 * `disabled_features` names it. Names are compared trimmed and case-insensitively.
 */
export function isFeatureEnabled(
  feature: DashboardFeature,
  disabled: { settings: readonly string[]; profile?: readonly string[] | undefined },
): boolean {
  const wanted = feature.toLowerCase()
  return ![...disabled.settings, ...(disabled.profile ?? [])].some((name) => name.trim().toLowerCase() === wanted)
}
