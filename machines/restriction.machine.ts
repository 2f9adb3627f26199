import { and, assign, setup } from 'xstate'
import type { RestrictionStatus } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'

/** What the organization record says (SPEC §3 restriction_status and restriction_data.grace_period_end). */
export interface RestrictionFacts {
  status: RestrictionStatus | null | undefined
  gracePeriodEnd: string | null | undefined
}

export interface RestrictionContext {
  status: RestrictionStatus | null
  /** Epoch ms, or null when the platform gave no (readable) date. */
  gracePeriodEnd: number | null
}

export type RestrictionEvent = { type: 'restriction.update' } & RestrictionFacts

/** setTimeout's longest delay (about 24.8 days): a longer grace period is waited out in steps. */
export const MAX_TIMER_DELAY = 2 ** 31 - 1

function readFacts(facts: RestrictionFacts): RestrictionContext {
  const end = facts.gracePeriodEnd ? Date.parse(facts.gracePeriodEnd) : Number.NaN
  return { status: facts.status ?? null, gracePeriodEnd: Number.isFinite(end) ? end : null }
}

/** Which SPEC §8 banner each state shows (none while unrestricted). */
export const RESTRICTION_BANNER_BY_STATE = {
  unrestricted: null,
  gracePeriod: 'gracePeriod',
  gracePeriodOver: 'gracePeriodOver',
  restricted: 'restricted',
} as const

/**
 * SPEC §4 organization restriction_status: grace_period, then grace_period_over, then restricted,
 * each with its banner. The platform's status is followed on every update; the one step the
 * dashboard takes by itself is the end of the grace period, at its date, while the page is open
 * (the organization list is only refreshed every 30 minutes).
 */
export const restrictionMachine = setup({
  types: { context: {} as RestrictionContext, input: {} as RestrictionFacts, events: {} as RestrictionEvent },
  guards: {
    isGracePeriod: ({ context }) => context.status === 'grace_period',
    isGracePeriodOver: ({ context }) => context.status === 'grace_period_over',
    isRestricted: ({ context }) => context.status === 'restricted',
    gracePeriodEnded: ({ context }) => context.gracePeriodEnd !== null && Date.now() >= context.gracePeriodEnd,
  },
  delays: {
    untilGracePeriodEnd: ({ context }) =>
      context.gracePeriodEnd === null ? MAX_TIMER_DELAY : Math.min(MAX_TIMER_DELAY, Math.max(0, context.gracePeriodEnd - Date.now())),
  },
  actions: {
    record: assign(({ event }) => readFacts(event)),
    endGracePeriod: assign({ status: 'grace_period_over' as const }),
  },
}).createMachine({
  id: 'restriction',
  context: ({ input }) => readFacts(input),
  initial: 'unrestricted',
  // Every update re-decides from the top, so a lifted restriction or a new end date takes effect.
  on: { 'restriction.update': { target: '.unrestricted', reenter: true, actions: 'record' } },
  states: {
    unrestricted: {
      always: [
        { guard: 'isRestricted', target: 'restricted' },
        { guard: 'isGracePeriodOver', target: 'gracePeriodOver' },
        { guard: and(['isGracePeriod', 'gracePeriodEnded']), target: 'gracePeriodOver', actions: 'endGracePeriod' },
        { guard: 'isGracePeriod', target: 'gracePeriod' },
      ],
    },
    gracePeriod: {
      after: {
        untilGracePeriodEnd: [
          { guard: 'gracePeriodEnded', target: 'gracePeriodOver', actions: 'endGracePeriod' },
          // Woken before the end (a grace period longer than one timer): wait again.
          { target: 'gracePeriod', reenter: true },
        ],
      },
    },
    gracePeriodOver: {},
    restricted: {},
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const restrictionCoverage: CoverageModel<typeof restrictionMachine> = {
  events: [
    { type: 'restriction.update', status: null, gracePeriodEnd: null },
    { type: 'restriction.update', status: 'grace_period', gracePeriodEnd: '2099-01-01T00:00:00.000Z' },
    { type: 'restriction.update', status: 'grace_period', gracePeriodEnd: '2000-01-01T00:00:00.000Z' },
    { type: 'restriction.update', status: 'grace_period_over', gracePeriodEnd: '2000-01-01T00:00:00.000Z' },
    { type: 'restriction.update', status: 'restricted', gracePeriodEnd: null },
    { type: 'xstate.after.untilGracePeriodEnd.restriction.gracePeriod' },
  ],
  input: { status: null, gracePeriodEnd: null },
  serializeState: (s) => JSON.stringify([s.value, s.context.status, s.context.gracePeriodEnd]),
}
