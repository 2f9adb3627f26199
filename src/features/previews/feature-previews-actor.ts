import { featurePreviewsMachine } from '../../../machines/feature-previews.machine'
import { featureFlagsQuery } from '../../api/queries/feature-flags'
import { fetchForActor, queryClient } from '../../api/query-client'
import { sendTelemetryEvent } from '../../api/telemetry'
import { readPreviewFlags, writePreviewFlag } from '../../lib/feature-previews'
import { createInspectedActor } from '../../lib/inspection'
import { settings } from '../../lib/settings'
import { browserStorage } from '../../lib/storage'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'

function startFeaturePreviews() {
  return createInspectedActor(
    featurePreviewsMachine.provide({
      actors: {
        // Self-hosted has no platform flag service: remote-flagged previews stay hidden there.
        loadRemoteFlags: fromPromiseUntilStopped(async ({ input, signal }) =>
          settings.isPlatform ? fetchForActor(queryClient, featureFlagsQuery(input.cloudProvider), signal) : {},
        ),
      },
      actions: {
        persist: (_, { key, enabled }) => writePreviewFlag(browserStorage('local'), key, enabled),
        reportToggle: (_, { action, feature, groups }) => void sendTelemetryEvent({ action, properties: { feature }, groups }),
      },
    }),
    { input: { stored: readPreviewFlags(browserStorage('local')), isPlatform: settings.isPlatform } },
  )
}

export type FeaturePreviewsActor = ReturnType<typeof startFeaturePreviews>

let actor: FeaturePreviewsActor | null = null

/** The page's one feature-previews actor: flags loaded from storage on start (SPEC §4). */
export function featurePreviewsActor(): FeaturePreviewsActor {
  actor ??= startFeaturePreviews()
  return actor
}

/** Sign-out: the next actor reads the flags again from (cleared) storage. */
export function stopFeaturePreviews(): void {
  actor?.stop()
  actor = null
}
