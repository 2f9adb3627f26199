import { assign, setup } from 'xstate'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

/**
 * One advisor finding being fixed (SPEC §2 advisors): the fix's SQL is reviewed, applied on the
 * project's database, then the linter runs again and the finding is looked for by its cache key.
 * Gone: fixed. Still there (the fix did not cover it, or something put it back): said, and the fix
 * may run again. The database's refusal is kept to show; a rerun that fails leaves the fix applied
 * but unconfirmed, with a retry of the rerun alone. `applyFix` and `relint` (true when the finding
 * remains) are provided by the app.
 */
export const lintFixMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'fix.apply' } | { type: 'relint.retry' },
  },
  actors: {
    applyFix: providedByTheApp<void, void>('applyFix'),
    relint: providedByTheApp<boolean, void>('relint'),
  },
  guards: {
    findingRemains: (_, params: { remains: boolean }) => params.remains,
  },
}).createMachine({
  id: 'lintFix',
  context: { error: null },
  initial: 'reviewing',
  states: {
    reviewing: {
      on: { 'fix.apply': 'applying' },
    },
    applying: {
      entry: assign({ error: null }),
      invoke: {
        id: 'applyFix',
        src: 'applyFix',
        onDone: 'relinting',
        onError: { target: 'refused', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    refused: {
      on: { 'fix.apply': 'applying' },
    },
    relinting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'relint',
        src: 'relint',
        onDone: [{ guard: { type: 'findingRemains', params: ({ event }) => ({ remains: event.output }) }, target: 'stillFound' }, { target: 'fixed' }],
        onError: { target: 'unconfirmed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    stillFound: {
      on: { 'fix.apply': 'applying' },
    },
    unconfirmed: {
      on: { 'relint.retry': 'relinting' },
    },
    fixed: { type: 'final' },
  },
})

/** The model-based coverage walk (the registry's coverage suite). */
export const lintFixCoverage: CoverageModel<typeof lintFixMachine> = {
  events: [
    { type: 'fix.apply' },
    { type: 'relint.retry' },
    { type: 'xstate.done.actor.applyFix', output: undefined },
    { type: 'xstate.error.actor.applyFix', error: new Error('must be owner of table notes') },
    { type: 'xstate.done.actor.relint', output: true },
    { type: 'xstate.done.actor.relint', output: false },
    { type: 'xstate.error.actor.relint', error: new Error('Failed to fetch') },
  ],
}
