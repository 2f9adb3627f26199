import { setup } from 'xstate'
import type { CoverageModel } from './testing/model-coverage'

export interface OutageBannerInput {
  /** Whether this browser acknowledged the notice before (read from storage on load, SPEC §4). */
  acknowledged: boolean
}

/**
 * SPEC §4 outage banner: not acknowledged or acknowledged. Dismissing stores the acknowledgement
 * (the named `remember` action, provided by the app) so the notice stays away after a reload.
 */
export const outageBannerMachine = setup({
  types: {
    context: {} as OutageBannerInput,
    events: {} as { type: 'outage.acknowledge' },
    input: {} as OutageBannerInput,
  },
  actions: {
    remember: () => {},
  },
  guards: {
    acknowledgedBefore: ({ context }) => context.acknowledged,
  },
}).createMachine({
  id: 'outageBanner',
  context: ({ input }) => ({ acknowledged: input.acknowledged }),
  initial: 'notAcknowledged',
  states: {
    notAcknowledged: {
      always: { guard: 'acknowledgedBefore', target: 'acknowledged' },
      on: { 'outage.acknowledge': { target: 'acknowledged', actions: 'remember' } },
    },
    acknowledged: { type: 'final' },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const outageBannerCoverage: CoverageModel<typeof outageBannerMachine> = {
  events: [{ type: 'outage.acknowledge' }],
  input: { acknowledged: false },
}
