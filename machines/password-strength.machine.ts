import { assign, setup } from 'xstate'
import { PASSWORD_CHECK_DEBOUNCE, PASSWORD_RULES } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

export interface PasswordScore {
  score: number
  suggestions: string[]
}

interface PasswordStrengthContext {
  password: string
  result: PasswordScore | null
  error: string | null
}

/**
 * Scores a password as it is typed (SPEC §5): empty and over-long passwords are judged locally;
 * anything else is sent to the server's strength check once typing pauses. A newer password
 * cancels the check of an older one, so a late answer never scores the wrong text.
 */
export const passwordStrengthMachine = setup({
  types: {
    context: {} as PasswordStrengthContext,
    events: {} as { type: 'change'; password: string },
  },
  actors: {
    check: providedByTheApp<PasswordScore, { password: string }>('check'),
  },
  guards: {
    isEmpty: ({ event }) => event.password === '',
    isTooLong: ({ event }) => event.password.length > PASSWORD_RULES.maxLength,
  },
  delays: { debounce: PASSWORD_CHECK_DEBOUNCE },
}).createMachine({
  id: 'passwordStrength',
  context: { password: '', result: null, error: null },
  initial: 'empty',
  on: {
    change: [
      { guard: 'isEmpty', target: '.empty', actions: assign({ password: '', result: null, error: null }) },
      {
        guard: 'isTooLong',
        target: '.tooLong',
        actions: assign({ password: ({ event }) => event.password, result: null, error: null }),
      },
      {
        target: '.debouncing',
        reenter: true,
        actions: assign({ password: ({ event }) => event.password, error: null }),
      },
    ],
  },
  states: {
    empty: {},
    tooLong: {},
    debouncing: {
      after: { debounce: 'checking' },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ password: context.password }),
        onDone: { target: 'scored', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            result: null,
            error: ({ event }) => errorMessage(event.error),
          }),
        },
      },
    },
    scored: {},
    failed: {},
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const passwordStrengthCoverage: CoverageModel<typeof passwordStrengthMachine> = {
  events: [
    { type: 'change', password: '' },
    { type: 'change', password: 'correct horse' },
    { type: 'change', password: 'x'.repeat(PASSWORD_RULES.maxLength + 1) },
    { type: 'xstate.after.debounce.passwordStrength.debouncing' },
    { type: 'xstate.done.actor.check', output: { score: 3, suggestions: [] } },
    { type: 'xstate.error.actor.check', error: new Error('no') },
  ],
}
