import { assign, setup } from 'xstate'
import { FEATURE_PREVIEW_TELEMETRY, PREVIEW, TELEMETRY_UNKNOWN_GROUP, type FeaturePreviewKey } from '../src/constants'
import type { PreviewFlags, RemoteFlags } from '../src/lib/feature-previews'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'

export interface FeaturePreviewsInput {
  /** The flags read from browser storage on start. */
  stored: PreviewFlags
  isPlatform: boolean
}

export interface FeaturePreviewsContext {
  enabled: PreviewFlags
  isPlatform: boolean
  /** The platform's remote flags; empty until loaded and when loading failed (remote-flagged previews stay hidden). */
  remoteFlags: RemoteFlags
  /** The cloud provider the flags were asked for (the current project's), if any. */
  cloudProvider: string | null
  /** The preview shown on the right of the modal, from the URL's key. */
  selectedKey: string | null
}

export type FeaturePreviewsEvent =
  | { type: 'modal.open'; key: string }
  | { type: 'modal.close' }
  | { type: 'preview.toggle'; key: FeaturePreviewKey; project?: string | null; organization?: string | null }
  | { type: 'flags.refresh'; cloudProvider: string | null }

export interface PreviewToggleReport {
  action: (typeof FEATURE_PREVIEW_TELEMETRY)[keyof typeof FEATURE_PREVIEW_TELEMETRY]
  feature: FeaturePreviewKey
  groups: { project: string; organization: string }
}

/**
 * Dashboard feature previews (SPEC §2–§5). Two regions: the remote flags (loaded on start with the
 * optional cloud_provider attribute, again when the provider changes) and the modal (open while the
 * URL's featurePreviewModal holds a key). A toggle flips one flag, stores it (`persist`) and reports
 * it (`reportToggle`: feature_preview_enabled / _disabled with groups, 'Unknown' when missing).
 */
export const featurePreviewsMachine = setup({
  types: {
    context: {} as FeaturePreviewsContext,
    events: {} as FeaturePreviewsEvent,
    input: {} as FeaturePreviewsInput,
  },
  actors: {
    loadRemoteFlags: providedByTheApp<RemoteFlags, { cloudProvider: string | null }>('loadRemoteFlags'),
  },
  actions: {
    persist: (_, _params: { key: FeaturePreviewKey; enabled: boolean }) => {},
    reportToggle: (_, _params: PreviewToggleReport) => {},
  },
  guards: {
    providerChanged: ({ context, event }) => event.type === 'flags.refresh' && event.cloudProvider !== context.cloudProvider,
  },
}).createMachine({
  id: 'featurePreviews',
  context: ({ input }) => ({ enabled: { ...input.stored }, isPlatform: input.isPlatform, remoteFlags: {}, cloudProvider: null, selectedKey: null }),
  type: 'parallel',
  on: {
    'preview.toggle': {
      actions: [
        assign({ enabled: ({ context, event }) => ({ ...context.enabled, [event.key]: context.enabled[event.key] !== true }) }),
        { type: 'persist', params: ({ context, event }) => ({ key: event.key, enabled: context.enabled[event.key] === true }) },
        {
          type: 'reportToggle',
          params: ({ context, event }) => ({
            action: context.enabled[event.key] ? FEATURE_PREVIEW_TELEMETRY.enabled : FEATURE_PREVIEW_TELEMETRY.disabled,
            feature: event.key,
            groups: { project: event.project || TELEMETRY_UNKNOWN_GROUP, organization: event.organization || TELEMETRY_UNKNOWN_GROUP },
          }),
        },
      ],
    },
  },
  states: {
    flags: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadRemoteFlags',
            src: 'loadRemoteFlags',
            input: ({ context }) => ({ cloudProvider: context.cloudProvider }),
            onDone: { target: 'ready', actions: assign({ remoteFlags: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ remoteFlags: {} }) },
          },
          on: {
            'flags.refresh': {
              guard: 'providerChanged',
              target: 'loading',
              reenter: true,
              actions: assign({ cloudProvider: ({ event }) => event.cloudProvider }),
            },
          },
        },
        ready: {
          on: { 'flags.refresh': { guard: 'providerChanged', target: 'loading', actions: assign({ cloudProvider: ({ event }) => event.cloudProvider }) } },
        },
        // A failed load hides the remote-flagged previews; a refresh asks again.
        failed: {
          on: { 'flags.refresh': { target: 'loading', actions: assign({ cloudProvider: ({ event }) => event.cloudProvider }) } },
        },
      },
    },
    modal: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'modal.open': { target: 'open', actions: assign({ selectedKey: ({ event }) => event.key }) } },
        },
        open: {
          on: {
            'modal.open': { actions: assign({ selectedKey: ({ event }) => event.key }) },
            'modal.close': { target: 'closed', actions: assign({ selectedKey: null }) },
          },
        },
      },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const featurePreviewsCoverage: CoverageModel<typeof featurePreviewsMachine> = {
  events: [
    { type: 'modal.open', key: PREVIEW.inlineEditor },
    { type: 'modal.close' },
    { type: 'preview.toggle', key: PREVIEW.inlineEditor },
    { type: 'flags.refresh', cloudProvider: 'FLY' },
    { type: 'xstate.done.actor.loadRemoteFlags', output: {} },
    { type: 'xstate.error.actor.loadRemoteFlags', error: new Error('offline') },
  ],
  input: { stored: {}, isPlatform: true },
  serializeState: (s) => JSON.stringify([s.value, s.context.cloudProvider, s.context.enabled]),
}
