import { assign, setup } from 'xstate'
import { COPY_FEEDBACK_DURATION } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

/**
 * A copy button's life: copy the text, show 'Copied' for 2 s (SPEC §4), or report the failure.
 * `writeText` and `notifyFailure` are provided by the app (clipboard and toast); tests give fakes.
 */
export const copyFeedbackMachine = setup({
  types: {
    context: {} as { text: string; error: string | null },
    events: {} as { type: 'copy'; text: string },
  },
  actors: {
    writeText: providedByTheApp<void, { text: string }>('writeText'),
  },
  actions: {
    rememberText: assign({ text: ({ event }) => event.text }),
    notifyFailure: (_, _params: { message: string }) => {},
  },
  delays: { feedback: COPY_FEEDBACK_DURATION },
}).createMachine({
  id: 'copyFeedback',
  context: { text: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { copy: { target: 'copying', actions: 'rememberText' } },
    },
    copying: {
      invoke: {
        id: 'writeText',
        src: 'writeText',
        input: ({ context }) => ({ text: context.text }),
        onDone: 'copied',
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'notifyFailure',
              params: ({ event }) => ({ message: errorMessage(event.error) }),
            },
          ],
        },
      },
    },
    copied: {
      after: { feedback: 'idle' },
      on: { copy: { target: 'copying', actions: 'rememberText' } },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const copyFeedbackCoverage: CoverageModel<typeof copyFeedbackMachine> = {
  events: [
    { type: 'copy', text: 't' },
    { type: 'xstate.done.actor.writeText' },
    { type: 'xstate.error.actor.writeText', error: new Error('no') },
    { type: 'xstate.after.feedback.copyFeedback.copied' },
  ],
}
