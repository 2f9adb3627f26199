import { useSelector } from '@xstate/react'
import { useCallback } from 'react'
import { useLocation, useSearch } from 'wouter'
import { FEATURE_PREVIEW_MODAL_PARAM, type FeaturePreviewKey } from '../../constants'
import { availablePreviews, isPreviewOn } from '../../lib/feature-previews'
import { featurePreviewsActor } from './feature-previews-actor'

/** Whether a preview is on here (set, and available: released, flagged, platform-only rules); the project rail asks about each of its destinations. */
export function usePreviewCheck(): (key: FeaturePreviewKey) => boolean {
  const context = useSelector(featurePreviewsActor(), (snapshot) => snapshot.context)
  return useCallback((key: FeaturePreviewKey) => isPreviewOn(key, context.enabled, context), [context])
}

/** The previews this dashboard may list, which of them are on, and whether the remote flags (which may add some) are still loading. */
export function useAvailablePreviews() {
  const previews = useSelector(featurePreviewsActor(), ({ context }) => availablePreviews(context), shallowKeys)
  const enabled = useSelector(featurePreviewsActor(), ({ context }) => context.enabled)
  const flagsLoading = useSelector(featurePreviewsActor(), (snapshot) => snapshot.matches({ flags: 'loading' }))
  return { previews, enabled, flagsLoading }
}

function shallowKeys(a: { key: string }[], b: { key: string }[]): boolean {
  return a.length === b.length && a.every((item, i) => item.key === b[i]?.key)
}

/** SPEC §2: the modal's key lives in the URL (`featurePreviewModal`); an empty or blank key means closed. */
export function useFeaturePreviewParam() {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const key = new URLSearchParams(search).get(FEATURE_PREVIEW_MODAL_PARAM)?.trim() || null
  const show = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(globalThis.location?.search ?? search)
      if (next) params.set(FEATURE_PREVIEW_MODAL_PARAM, next)
      else params.delete(FEATURE_PREVIEW_MODAL_PARAM)
      const query = params.toString()
      navigate(query ? `${location}?${query}` : location, { replace: key !== null && next !== null })
    },
    [key, location, navigate, search],
  )
  return { key, show }
}
