import { assign, setup } from 'xstate'
import { CLOCK_SKEW_CHECK_INTERVAL, CLOCK_SKEW_LIMIT } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'

/** One reading of the server's clock: its time, and the local time at the middle of the request. */
export interface ServerTimeReading {
  serverTime: number
  localTime: number
}

export interface ClockSkewContext {
  /** Server minus local, ms (positive: this device is behind). Null before the first reading. */
  skewMs: number | null
}

/**
 * SPEC §4/§9: reads the server's UTC time on start and every 30 minutes; a difference over 120 s
 * is `skewed` (the banner shows). A failed reading keeps the last verdict until the next check.
 */
export const clockSkewMachine = setup({
  types: { context: {} as ClockSkewContext, events: {} as { type: 'check' } },
  actors: {
    readServerTime: providedByTheApp<ServerTimeReading>('readServerTime'),
  },
  guards: {
    skewed: ({ context }) => context.skewMs !== null && Math.abs(context.skewMs) > CLOCK_SKEW_LIMIT,
  },
  delays: { checkInterval: CLOCK_SKEW_CHECK_INTERVAL },
}).createMachine({
  id: 'clockSkew',
  context: { skewMs: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'readServerTime',
        src: 'readServerTime',
        onDone: { target: 'deciding', actions: assign({ skewMs: ({ event }) => event.output.serverTime - event.output.localTime }) },
        onError: 'deciding',
      },
    },
    deciding: { always: [{ guard: 'skewed', target: 'skewed' }, { target: 'inSync' }] },
    inSync: { after: { checkInterval: 'checking' }, on: { check: 'checking' } },
    skewed: { after: { checkInterval: 'checking' }, on: { check: 'checking' } },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const clockSkewCoverage: CoverageModel<typeof clockSkewMachine> = {
  events: [
    { type: 'check' },
    { type: 'xstate.done.actor.readServerTime', output: { serverTime: 0, localTime: 0 } },
    { type: 'xstate.done.actor.readServerTime', output: { serverTime: 10 * 60_000, localTime: 0 } },
    { type: 'xstate.error.actor.readServerTime', error: new Error('offline') },
    { type: 'xstate.after.checkInterval.clockSkew.inSync' },
    { type: 'xstate.after.checkInterval.clockSkew.skewed' },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.skewMs === null ? null : Math.abs(s.context.skewMs) > CLOCK_SKEW_LIMIT]),
}
