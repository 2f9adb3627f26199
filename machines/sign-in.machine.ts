import { assign, setup } from 'xstate'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

export interface SignInCredentials {
  email: string
  password: string
}

/** The session the auth service put in the URL after a sign-in through the code-hosting provider. */
export interface ProviderSession {
  accessToken: string
  refreshToken?: string
  expiresIn: number
}

export type SignInEvent =
  | { type: 'submit'; credentials: SignInCredentials }
  | { type: 'edit' }
  /** Continue with a provider (the code-hosting one, or the operator's custom one): the browser leaves for the auth service. */
  | { type: 'provider.start'; provider: string }
  /** Back from the provider with a session, or with the auth service's error. */
  | { type: 'provider.session'; session: ProviderSession }
  | { type: 'provider.failed'; message: string }
  /** The page came back (e.g. from the back/forward cache) without leaving for the provider. */
  | { type: 'reset' }

/**
 * Email and password sign-in, or sign-in through the code-hosting provider. `authenticate` and
 * `completeProviderSignIn` are provided by the app (the auth service calls and storing the session);
 * `redirectToProvider` leaves for the auth service's provider page; `notifyError` shows a failure
 * as a toast; `signedIn` is final.
 */
export const signInMachine = setup({
  types: {
    context: {} as { error: string | null; provider: string | null },
    events: {} as SignInEvent,
  },
  actors: {
    authenticate: providedByTheApp<void, SignInCredentials>('authenticate'),
    completeProviderSignIn: providedByTheApp<void, ProviderSession>('completeProviderSignIn'),
  },
  actions: {
    notifyError: (_, _params: { message: string }) => {},
    onSignedIn: () => {},
    redirectToProvider: (_, _params: { provider: string }) => {},
  },
  guards: {
    hasCredentials: ({ event }) => event.type === 'submit' && event.credentials.email.trim() !== '' && event.credentials.password !== '',
  },
}).createMachine({
  id: 'signIn',
  context: { error: null, provider: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        submit: [
          { guard: 'hasCredentials', target: 'submitting', actions: assign({ error: null }) },
          { actions: assign({ error: 'Enter your email and password.' }) },
        ],
        edit: { actions: assign({ error: null }) },
        'provider.start': { target: 'redirecting', actions: assign({ error: null, provider: ({ event }) => event.provider }) },
        'provider.session': 'completingProvider',
        // A provider error is the page's news, not the password field's: a toast only.
        'provider.failed': { actions: { type: 'notifyError', params: ({ event }) => ({ message: event.message }) } },
      },
    },
    redirecting: { entry: { type: 'redirectToProvider', params: ({ context }) => ({ provider: context.provider ?? '' }) }, on: { reset: 'idle' } },
    completingProvider: {
      invoke: {
        id: 'completeProviderSignIn',
        src: 'completeProviderSignIn',
        input: ({ event }) => (event.type === 'provider.session' ? event.session : { accessToken: '', expiresIn: 0 }),
        onDone: 'signedIn',
        onError: {
          target: 'idle',
          actions: { type: 'notifyError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
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
            assign({ error: ({ event }) => errorMessage(event.error) }),
            { type: 'notifyError', params: ({ context }) => ({ message: context.error ?? '' }) },
          ],
        },
      },
    },
    signedIn: { type: 'final', entry: 'onSignedIn' },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const signInCoverage: CoverageModel<typeof signInMachine> = {
  events: [
    { type: 'submit', credentials: { email: 'a@b.c', password: 'pw' } },
    { type: 'submit', credentials: { email: '', password: '' } },
    { type: 'edit' },
    { type: 'xstate.done.actor.authenticate' },
    { type: 'xstate.error.actor.authenticate', error: new Error('no') },
    { type: 'provider.start', provider: 'github' },
    { type: 'reset' },
    { type: 'provider.session', session: { accessToken: 'tok', refreshToken: 'ref', expiresIn: 3600 } satisfies ProviderSession },
    { type: 'provider.failed', message: 'Error sending confirmation mail' },
    { type: 'xstate.done.actor.completeProviderSignIn' },
    { type: 'xstate.error.actor.completeProviderSignIn', error: new Error('no') },
  ],
}
