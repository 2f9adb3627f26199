import { useQuery } from '@tanstack/react-query'
import { profileQuery } from '../../api/queries/profile'
import type { DashboardFeature } from '../../constants'
import { isFeatureEnabled } from '../../lib/features'
import { settings } from '../../lib/settings'

/** Whether a dashboard feature is on for this user (settings and profile `disabled_features`). */
export function useFeatureEnabled(feature: DashboardFeature): boolean {
  // The profile is loaded by the profile gate before any screen shows; this reads the cache.
  const profile = useQuery({ ...profileQuery(), enabled: false })
  return isFeatureEnabled(feature, { settings: settings.disabledFeatures, profile: profile.data?.disabled_features })
}
