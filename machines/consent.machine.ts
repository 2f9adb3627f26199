import { assign, raise, setup } from 'xstate'
import type { ConsentDecision } from '../src/lib/consent-decision'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

/** A consent category as the privacy settings dialog shows it (SPEC §3). */
export interface ConsentCategory {
  slug: string
  label: string
  description: string
  isEssential: boolean
  services: readonly { id: string; consent: boolean }[]
}

export interface ConsentContext {
  /** What is remembered: null until the user answers (the toast shows). */
  decision: ConsentDecision | null
  /** The categories of the privacy settings dialog, once loaded. */
  categories: readonly ConsentCategory[]
  /** Why loading the categories failed, while the dialog shows the failure. */
  loadError: string | null
}

export type ConsentEvent =
  | { type: 'consent.accept' }
  | { type: 'consent.deny' }
  /** The privacy settings dialog's Save: on/off per category slug (essential ones count as on). */
  | { type: 'consent.save'; choices: Readonly<Record<string, boolean>> }
  | { type: 'privacy.open' }
  | { type: 'privacy.close' }
  | { type: 'privacy.retry' }

/**
 * The only remembered decision is accept-all or deny-all (SPEC §4; telemetry reads one flag), so
 * a saved dialog counts as accepted only when every optional category is on: partial consent
 * never turns telemetry on.
 */
export function decisionFromChoices(categories: readonly ConsentCategory[], choices: Readonly<Record<string, boolean>>): ConsentDecision {
  return categories.every((category) => category.isEssential || choices[category.slug] === true) ? 'accepted' : 'denied'
}

/** The switches the dialog starts with: essential on; the others on only after accept all. */
export function choicesFromDecision(categories: readonly ConsentCategory[], decision: ConsentDecision | null): Record<string, boolean> {
  return Object.fromEntries(categories.map((category) => [category.slug, category.isEssential || decision === 'accepted']))
}

/**
 * SPEC §2/§4 cookie consent. `decision`: the toast (showConsentToast) until accept all or deny all,
 * then accepted or denied — remembered by the named `remember` action, which the app provides
 * (storage and the telemetry cookie). `privacySettings`: the dialog that loads the consent
 * categories (`loadCategories`, provided by the app), shows the failure with a retry, and saves.
 * The decision can be changed from the dialog at any time.
 */
export const consentMachine = setup({
  types: {
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
    input: {} as { decision: ConsentDecision | null },
  },
  actors: {
    loadCategories: providedByTheApp<readonly ConsentCategory[]>('loadCategories'),
  },
  actions: {
    remember: (_, _params: { decision: ConsentDecision }) => {},
  },
  guards: {
    storedAccepted: ({ context }) => context.decision === 'accepted',
    storedDenied: ({ context }) => context.decision === 'denied',
  },
}).createMachine({
  id: 'consent',
  type: 'parallel',
  context: ({ input }) => ({ decision: input.decision, categories: [], loadError: null }),
  states: {
    decision: {
      initial: 'showConsentToast',
      // Handled here, not per state: the dialog can change an earlier answer.
      on: {
        'consent.accept': {
          target: '.accepted',
          actions: [assign({ decision: 'accepted' as const }), { type: 'remember', params: { decision: 'accepted' } }],
        },
        'consent.deny': {
          target: '.denied',
          actions: [assign({ decision: 'denied' as const }), { type: 'remember', params: { decision: 'denied' } }],
        },
      },
      states: {
        // Resting state while undecided; a decision read back from storage skips it on start.
        showConsentToast: {
          always: [
            { guard: 'storedAccepted', target: 'accepted' },
            { guard: 'storedDenied', target: 'denied' },
          ],
        },
        accepted: {},
        denied: {},
      },
    },
    privacySettings: {
      initial: 'closed',
      states: {
        closed: { on: { 'privacy.open': 'loading' } },
        loading: {
          invoke: {
            id: 'loadCategories',
            src: 'loadCategories',
            onDone: { target: 'editing', actions: assign({ categories: ({ event }) => event.output, loadError: null }) },
            onError: {
              target: 'failed',
              actions: assign({ loadError: ({ event }) => errorMessage(event.error) }),
            },
          },
          on: { 'privacy.close': 'closed' },
        },
        failed: {
          on: { 'privacy.retry': 'loading', 'privacy.close': { target: 'closed', actions: assign({ loadError: null }) } },
        },
        editing: {
          on: {
            // Saving is accept all or deny all by another name: the decision region remembers it.
            'consent.save': {
              target: 'closed',
              actions: raise(({ context, event }) => ({
                type: decisionFromChoices(context.categories, event.choices) === 'accepted' ? ('consent.accept' as const) : ('consent.deny' as const),
              })),
            },
            'privacy.close': 'closed',
          },
        },
      },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const consentCoverage: CoverageModel<typeof consentMachine> = {
  events: [
    { type: 'consent.accept' },
    { type: 'consent.deny' },
    { type: 'consent.save', choices: { analytics: true, marketing: true } },
    { type: 'consent.save', choices: { analytics: false, marketing: true } },
    { type: 'privacy.open' },
    { type: 'privacy.close' },
    { type: 'privacy.retry' },
    {
      type: 'xstate.done.actor.loadCategories',
      output: [
        { slug: 'essential', label: 'Essential', description: 'Sign-in', isEssential: true, services: [] },
        { slug: 'analytics', label: 'Analytics', description: 'Usage', isEssential: false, services: [] },
        { slug: 'marketing', label: 'Marketing', description: 'Ads', isEssential: false, services: [] },
      ] satisfies ConsentCategory[],
    },
    { type: 'xstate.error.actor.loadCategories', error: new Error('blocked') },
  ],
  input: { decision: null },
}
