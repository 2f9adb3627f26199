import * as v from 'valibot'
import { FEATURE_PREVIEWS, type FeaturePreview, type FeaturePreviewKey } from '../constants'
import { readStored, writeStored } from './storage'

/** Remote feature flags (PLATFORM-API §12): a flat map; a flag counts as on only when it is exactly true. */
export type RemoteFlags = Readonly<Record<string, unknown>>

/** One preview flag per key, as SPEC §4 stores it: the text 'true' or 'false'; anything else is off. */
export type PreviewFlags = Partial<Record<FeaturePreviewKey, boolean>>

/**
 * Loads every preview flag from storage (SPEC §4: default off). 'true' and 'false' are JSON
 * booleans, so the shared reader applies: any other value is discarded with a warning, and one bad
 * key never breaks the others.
 */
export function readPreviewFlags(storage: Storage | undefined): PreviewFlags {
  const flags: PreviewFlags = {}
  for (const { key } of FEATURE_PREVIEWS) {
    const enabled = readStored(storage, key, v.boolean())
    if (enabled !== null) flags[key] = enabled
  }
  return flags
}

export function writePreviewFlag(storage: Storage | undefined, key: FeaturePreviewKey, enabled: boolean): void {
  writeStored(storage, key, enabled)
}

/**
 * SPEC §5: listed only if released; the items with a remote flag only while that flag is on;
 * platform-only ones hidden when self-hosted.
 */
export function availablePreviews(
  options: { isPlatform: boolean; remoteFlags: RemoteFlags },
  previews: readonly FeaturePreview[] = FEATURE_PREVIEWS,
): FeaturePreview[] {
  return previews.filter(
    (preview) =>
      preview.isReleased &&
      (options.isPlatform || !preview.isPlatformOnly) &&
      (preview.remoteFlag === undefined || options.remoteFlags[preview.remoteFlag] === true),
  )
}

/** A preview is on when its flag is set and it is available here (a withdrawn preview stops applying). */
export function isPreviewOn(key: FeaturePreviewKey, flags: PreviewFlags, options: { isPlatform: boolean; remoteFlags: RemoteFlags }): boolean {
  return flags[key] === true && availablePreviews(options).some((preview) => preview.key === key)
}

/** SPEC §2: storage lives at …/storage/files with the new Storage interface, …/storage/buckets without it. */
export function storagePath(ref: string, newStorageOn: boolean): string {
  return `/project/${ref}/storage/${newStorageOn ? 'files' : 'buckets'}`
}

/** SPEC §2: the security advisor's rules variant applies while the advisor rules preview is on. */
export function securityAdvisorPath(ref: string, advisorRulesOn: boolean): string {
  return advisorPath(ref, 'security', advisorRulesOn)
}

/** The security or performance advisor, its rules variant while the advisor rules preview is on (the performance one as SPEC §2 gives the security one). */
export function advisorPath(ref: string, advisor: 'security' | 'performance', advisorRulesOn: boolean): string {
  return `/project/${ref}/advisors/${advisorRulesOn ? `rules/${advisor}` : advisor}`
}
