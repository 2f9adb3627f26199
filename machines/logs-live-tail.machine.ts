import { assign, setup } from 'xstate'
import { LOGS_LIVE_POLL_MS } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

interface LogsLiveTailContext {
  /** Events added since live mode went on. */
  added: number
  /** The last read's failure (the next read is tried all the same), null once one succeeds. */
  error: string | null
}

/**
 * Live mode of the logs explorer (SPEC §2 logs): while on, it reads the events newer than the
 * newest one shown every LOGS_LIVE_POLL_MS and the app puts them in front of the list
 * (`readNewer`, provided by the app, answers how many it added). A hidden tab reads nothing: live
 * mode pauses until the tab is seen again, then reads at once. A failed read is said and tried
 * again at the next tick. Off, it does nothing.
 */
export const logsLiveTailMachine = setup({
  types: {
    context: {} as LogsLiveTailContext,
    events: {} as { type: 'live.start' } | { type: 'live.stop' } | { type: 'page.hidden' } | { type: 'page.visible' },
  },
  actors: {
    readNewer: providedByTheApp<number, void>('readNewer'),
  },
  delays: { pollEvery: LOGS_LIVE_POLL_MS },
}).createMachine({
  id: 'logsLiveTail',
  context: { added: 0, error: null },
  initial: 'off',
  states: {
    off: {
      on: { 'live.start': { target: 'on', actions: assign({ added: 0, error: null }) } },
    },
    on: {
      initial: 'reading',
      on: {
        'live.stop': 'off',
        'page.hidden': '.paused',
      },
      states: {
        reading: {
          invoke: {
            id: 'readNewer',
            src: 'readNewer',
            onDone: { target: 'waiting', actions: assign({ added: ({ context, event }) => context.added + event.output, error: null }) },
            onError: { target: 'waiting', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        waiting: {
          after: { pollEvery: 'reading' },
        },
        paused: {
          on: { 'page.visible': 'reading' },
        },
      },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const logsLiveTailCoverage: CoverageModel<typeof logsLiveTailMachine> = {
  events: [
    { type: 'live.start' },
    { type: 'live.stop' },
    { type: 'page.hidden' },
    { type: 'page.visible' },
    { type: 'xstate.done.actor.readNewer', output: 2 },
    { type: 'xstate.error.actor.readNewer', error: new Error('network') },
    { type: 'xstate.after.pollEvery.logsLiveTail.on.waiting' },
  ],
  serializeState: (snapshot) => `${JSON.stringify(snapshot.value)} ${snapshot.context.error === null}`,
}
