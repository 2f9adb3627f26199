import { fromPromise, setup } from 'xstate'
import type { CoverageModel } from './testing/model-coverage'

/**
 * Sign-out (SPEC §4): end the session with the auth service, clear local storage and every cached
 * query, then redirect. Ending the session remotely may fail (offline); the local clean-up happens anyway.
 */
export const signOutMachine = setup({
  actors: {
    endSession: fromPromise<void>(async () => {}),
  },
  actions: {
    clearLocalStorage: () => {},
    clearCache: () => {},
    redirect: () => {},
  },
}).createMachine({
  id: 'signOut',
  initial: 'endingSession',
  states: {
    endingSession: {
      invoke: { id: 'endSession', src: 'endSession', onDone: 'clearing', onError: 'clearing' },
    },
    clearing: {
      entry: ['clearLocalStorage', 'clearCache'],
      always: 'signedOut',
    },
    signedOut: { type: 'final', entry: 'redirect' },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const signOutCoverage: CoverageModel<typeof signOutMachine> = {
  events: [{ type: 'xstate.done.actor.endSession' }, { type: 'xstate.error.actor.endSession', error: new Error('offline') }],
}
