import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { profileQuery } from '../../api/queries/profile'
import type { DashboardFeature } from '../../constants'
import { isFeatureEnabled } from '../../lib/features'
import { settings } from '../../lib/settings'

/** A check of any dashboard feature at once (the project rail asks about each of its destinations). */
export function useFeatureCheck(): (feature: DashboardFeature) => boolean {
  const profile = useQuery({ ...profileQuery(), enabled: false })
  const disabled = profile.data?.disabled_features
  return useCallback((feature: DashboardFeature) => isFeatureEnabled(feature, { settings: settings.disabledFeatures, profile: disabled }), [disabled])
}

/** Whether a dashboard feature is on for this user (settings and profile `disabled_features`). */
export function useFeatureEnabled(feature: DashboardFeature): boolean {
  // The profile is loaded by the profile gate before any screen shows; this reads the cache.
  const profile = useQuery({ ...profileQuery(), enabled: false })
  return isFeatureEnabled(feature, { settings: settings.disabledFeatures, profile: profile.data?.disabled_features })
}
