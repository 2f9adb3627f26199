import { assign, setup } from 'xstate'
import { SECRET_REVEAL_DURATION } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

/**
 * A vault secret's value on screen (SPEC §2 vault secrets; SPEC §6 secrets read): hidden until
 * Reveal reads it — one secret, from `vault.decrypted_secrets` — then shown until Hide or, so a
 * secret is not left open on a screen, until SECRET_REVEAL_DURATION has passed. `readSecret` is
 * provided by the app; a failed read says why and may be tried again.
 */
export const secretRevealMachine = setup({
  types: {
    context: {} as { value: string | null; error: string | null },
    events: {} as { type: 'reveal' } | { type: 'hide' },
  },
  actors: {
    readSecret: providedByTheApp<string, void>('readSecret'),
  },
  actions: {
    forget: assign({ value: null, error: null }),
  },
  delays: { shownFor: SECRET_REVEAL_DURATION },
}).createMachine({
  id: 'secretReveal',
  context: { value: null, error: null },
  initial: 'hidden',
  states: {
    hidden: {
      on: { reveal: 'revealing' },
    },
    revealing: {
      invoke: {
        id: 'readSecret',
        src: 'readSecret',
        onDone: { target: 'shown', actions: assign({ value: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ value: null, error: ({ event }) => errorMessage(event.error) }) },
      },
      on: { hide: { target: 'hidden', actions: 'forget' } },
    },
    shown: {
      after: { shownFor: { target: 'hidden', actions: 'forget' } },
      on: { hide: { target: 'hidden', actions: 'forget' } },
    },
    failed: {
      on: { reveal: 'revealing', hide: { target: 'hidden', actions: 'forget' } },
    },
  },
})

/** The model-based coverage walk (the registry's coverage suite). */
export const secretRevealCoverage: CoverageModel<typeof secretRevealMachine> = {
  events: [
    { type: 'reveal' },
    { type: 'hide' },
    { type: 'xstate.done.actor.readSecret', output: 's3cret' },
    { type: 'xstate.error.actor.readSecret', error: new Error('permission denied for view decrypted_secrets') },
    { type: 'xstate.after.shownFor.secretReveal.shown' },
  ],
}
