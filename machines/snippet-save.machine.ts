import { assign, setup } from 'xstate'
import { SNIPPET_AUTOSAVE_DEBOUNCE, SNIPPET_SAVE_RETRY } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

interface SnippetSaveContext {
  /** The newest text not yet confirmed by the server (null when everything is saved). */
  latest: string | null
  /** The text the running save sends. */
  inFlight: string | null
  /** Failed attempts in a row: the retry delay doubles with each. */
  failures: number
  error: string | null
}

/** How long the machine waits before retrying after `failures` failed saves in a row. */
export function snippetRetryDelay(failures: number): number {
  return Math.min(SNIPPET_SAVE_RETRY.baseDelay * 2 ** Math.max(0, failures - 1), SNIPPET_SAVE_RETRY.maxDelay)
}

/**
 * Autosave of one snippet: edits wait for a pause in typing, then save; an edit during a save is
 * saved after it; a failed save is retried with a growing delay (or at once on `retry`), never
 * dropped. The text itself is kept as a local draft by the page at every keystroke.
 */
export const snippetSaveMachine = setup({
  types: {
    context: {} as SnippetSaveContext,
    events: {} as { type: 'edit'; sql: string } | { type: 'save.now' } | { type: 'retry' },
  },
  actors: {
    save: providedByTheApp<unknown, { sql: string }>('save'),
  },
  actions: {
    /** The server holds `sql` now: the page drops its draft if nothing changed since. */
    confirmed: (_, _params: { sql: string }) => {},
  },
  guards: {
    editedDuringSave: ({ context }) => context.latest !== context.inFlight,
  },
  delays: {
    autosave: SNIPPET_AUTOSAVE_DEBOUNCE,
    retry: ({ context }) => snippetRetryDelay(context.failures),
  },
}).createMachine({
  id: 'snippetSave',
  context: { latest: null, inFlight: null, failures: 0, error: null },
  initial: 'saved',
  states: {
    saved: {
      on: { edit: { target: 'dirty', actions: assign({ latest: ({ event }) => event.sql }) } },
    },
    dirty: {
      after: { autosave: 'saving' },
      on: {
        edit: { target: 'dirty', reenter: true, actions: assign({ latest: ({ event }) => event.sql }) },
        'save.now': 'saving',
      },
    },
    saving: {
      entry: assign({ inFlight: ({ context }) => context.latest }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ sql: context.inFlight ?? '' }),
        onDone: [
          {
            guard: 'editedDuringSave',
            target: 'dirty',
            actions: [{ type: 'confirmed', params: ({ context }) => ({ sql: context.inFlight ?? '' }) }, assign({ failures: 0, error: null })],
          },
          {
            target: 'saved',
            actions: [
              { type: 'confirmed', params: ({ context }) => ({ sql: context.inFlight ?? '' }) },
              assign({ latest: null, inFlight: null, failures: 0, error: null }),
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            failures: ({ context }) => context.failures + 1,
            error: ({ event }) => errorMessage(event.error),
          }),
        },
      },
      on: { edit: { actions: assign({ latest: ({ event }) => event.sql }) } },
    },
    failed: {
      after: { retry: 'saving' },
      on: {
        // Typing on keeps the failure visible; the next attempt sends the newest text.
        edit: { actions: assign({ latest: ({ event }) => event.sql }) },
        retry: 'saving',
        'save.now': 'saving',
      },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const snippetSaveCoverage: CoverageModel<typeof snippetSaveMachine> = {
  events: [
    { type: 'edit', sql: 'a' },
    { type: 'edit', sql: 'b' },
    { type: 'save.now' },
    { type: 'retry' },
    { type: 'xstate.after.autosave.snippetSave.dirty' },
    { type: 'xstate.after.retry.snippetSave.failed' },
    { type: 'xstate.done.actor.save', output: undefined },
    { type: 'xstate.error.actor.save', error: new Error('no') },
  ],
  // The failure counter grows without bound; what matters to the chart is none, one or more.
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.latest, snapshot.context.inFlight, Math.min(snapshot.context.failures, 2)]),
}
