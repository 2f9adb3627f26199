import { assign, fromPromise, setup } from 'xstate'

export interface SignInCredentials {
  email: string
  password: string
}

/**
 * Email and password sign-in. `authenticate` is provided by the app (the auth service call and
 * storing the session); `notifyError` shows the failure as a toast; `signedIn` is final.
 */
export const signInMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'submit'; credentials: SignInCredentials } | { type: 'edit' },
  },
  actors: {
    authenticate: fromPromise<void, SignInCredentials>(async () => {
      throw new Error('authenticate is provided by the app')
    }),
  },
  actions: {
    notifyError: (_, _params: { message: string }) => {},
    onSignedIn: () => {},
  },
  guards: {
    hasCredentials: ({ event }) =>
      event.type === 'submit' && event.credentials.email.trim() !== '' && event.credentials.password !== '',
  },
}).createMachine({
  id: 'signIn',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        submit: [
          { guard: 'hasCredentials', target: 'submitting', actions: assign({ error: null }) },
          { actions: assign({ error: 'Enter your email and password.' }) },
        ],
        edit: { actions: assign({ error: null }) },
      },
    },
    submitting: {
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ event }) => (event.type === 'submit' ? event.credentials : { email: '', password: '' }),
        onDone: 'signedIn',
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
            { type: 'notifyError', params: ({ context }) => ({ message: context.error ?? '' }) },
          ],
        },
      },
    },
    signedIn: { type: 'final', entry: 'onSignedIn' },
  },
})
