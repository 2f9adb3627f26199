import { assign, setup } from 'xstate'
import type { PlanId, PricingTierId } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

export interface PlanChangeInput {
  organizationSlug: string
}

/** The plan being left and the tier chosen: kept through a failure so a retry sends the same choice. */
export interface PlanChoice {
  from: PlanId
  tier: PricingTierId
}

export interface PlanChangeContext extends PlanChangeInput {
  choice: PlanChoice | null
  error: string | null
}

export type PlanChangeEvent = ({ type: 'plan.select' } & PlanChoice) | { type: 'plan.confirm' } | { type: 'plan.cancel' } | { type: 'plan.retry' }

/**
 * Changing an organization's plan from the billing page: idle → confirming (the dialog states the
 * price change) → changing → changed, or failed with the platform's message, keeping the choice for
 * a retry. Cancel goes back to idle from the dialog; another card can be chosen from any resting state.
 * `changePlan` (the PUT) and `onChanged` (refresh the billing data, toast) are provided by the app.
 */
export const planChangeMachine = setup({
  types: {
    input: {} as PlanChangeInput,
    context: {} as PlanChangeContext,
    events: {} as PlanChangeEvent,
  },
  actors: {
    changePlan: providedByTheApp<unknown, { organizationSlug: string; tier: PricingTierId }>('changePlan'),
  },
  actions: {
    onChanged: (_, _params: { organizationSlug: string } & PlanChoice) => {},
    choose: assign(({ event }) => (event.type === 'plan.select' ? { choice: { from: event.from, tier: event.tier }, error: null } : {})),
    forget: assign({ choice: null, error: null }),
  },
}).createMachine({
  id: 'planChange',
  context: ({ input }) => ({ organizationSlug: input.organizationSlug, choice: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'plan.select': { target: 'confirming', actions: 'choose' } },
    },
    confirming: {
      on: {
        'plan.confirm': 'changing',
        'plan.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    changing: {
      entry: assign({ error: null }),
      invoke: {
        id: 'changePlan',
        src: 'changePlan',
        input: ({ context }) => ({ organizationSlug: context.organizationSlug, tier: context.choice!.tier }),
        onDone: 'changed',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: {
      on: {
        'plan.retry': 'changing',
        'plan.cancel': { target: 'idle', actions: 'forget' },
        'plan.select': { target: 'confirming', actions: 'choose' },
      },
    },
    changed: {
      entry: { type: 'onChanged', params: ({ context }) => ({ organizationSlug: context.organizationSlug, ...context.choice! }) },
      on: { 'plan.select': { target: 'confirming', actions: 'choose' } },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const planChangeCoverage: CoverageModel<typeof planChangeMachine> = {
  events: [
    { type: 'plan.select', from: 'free', tier: 'tier_pro' },
    { type: 'plan.confirm' },
    { type: 'plan.cancel' },
    { type: 'plan.retry' },
    { type: 'xstate.done.actor.changePlan', output: {} },
    { type: 'xstate.error.actor.changePlan', error: new Error('An error has occurred: 500') },
  ],
  input: { organizationSlug: 'demo-free' },
}
