import { assign, setup } from 'xstate'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'
import { TWO_FACTOR_MESSAGE } from '../src/constants'
import { isTotpCodeShape } from '../src/lib/totp-code'

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

/**
 * A first factor passed for a user who enrolled a second one: its tokens (aal1, held here only and
 * never stored: they act on nothing but the factor calls) and the factor whose code is asked for.
 */
export interface SecondFactorAsked {
  accessToken: string
  refreshToken?: string
  expiresIn: number
  factorId: string
  factorName: string
}

/** What signing in came to: done (the session stored), or a code still to enter. */
export type FirstFactorOutcome = SecondFactorAsked | null

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
  /** The authenticator app's code for the second factor. */
  | { type: 'code.submit'; code: string }
  | { type: 'code.edit' }
  /** Back to the form, leaving the first factor's session (ended by `abandonSecondFactor`). */
  | { type: 'cancel' }

/**
 * Email and password sign-in, or sign-in through the code-hosting provider, then the second
 * factor's code when the user enrolled one. `authenticate` and `completeProviderSignIn` are provided
 * by the app (the auth service calls and storing the session, or answering that a code is needed);
 * `verifyCode` answers the factor's challenge and stores the raised session; `redirectToProvider`
 * leaves for the auth service's provider page; `notifyError` shows a failure as a toast;
 * `abandonSecondFactor` ends the first factor's session when the user goes back; `signedIn` is final.
 */
export const signInMachine = setup({
  types: {
    context: {} as { error: string | null; provider: string | null; secondFactor: SecondFactorAsked | null },
    events: {} as SignInEvent,
  },
  actors: {
    authenticate: providedByTheApp<FirstFactorOutcome, SignInCredentials>('authenticate'),
    completeProviderSignIn: providedByTheApp<FirstFactorOutcome, ProviderSession>('completeProviderSignIn'),
    verifyCode: providedByTheApp<void, { asked: SecondFactorAsked; code: string }>('verifyCode'),
  },
  actions: {
    notifyError: (_, _params: { message: string }) => {},
    onSignedIn: () => {},
    redirectToProvider: (_, _params: { provider: string }) => {},
    abandonSecondFactor: (_, _params: { asked: SecondFactorAsked | null }) => {},
  },
  guards: {
    hasCredentials: ({ event }) => event.type === 'submit' && event.credentials.email.trim() !== '' && event.credentials.password !== '',
    hasCodeShape: ({ event }) => event.type === 'code.submit' && isTotpCodeShape(event.code),
  },
}).createMachine({
  id: 'signIn',
  context: { error: null, provider: null, secondFactor: null },
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
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'secondFactor', actions: assign({ secondFactor: ({ event }) => event.output }) },
          { target: 'signedIn' },
        ],
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
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'secondFactor', actions: assign({ secondFactor: ({ event }) => event.output }) },
          { target: 'signedIn' },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => errorMessage(event.error) }),
            { type: 'notifyError', params: ({ context }) => ({ message: context.error ?? '' }) },
          ],
        },
      },
    },
    secondFactor: {
      on: {
        'code.submit': [
          { guard: 'hasCodeShape', target: 'verifyingCode', actions: assign({ error: null }) },
          { actions: assign({ error: TWO_FACTOR_MESSAGE.codeShape }) },
        ],
        'code.edit': { actions: assign({ error: null }) },
        cancel: {
          target: 'idle',
          actions: [{ type: 'abandonSecondFactor', params: ({ context }) => ({ asked: context.secondFactor }) }, assign({ secondFactor: null, error: null })],
        },
      },
    },
    verifyingCode: {
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context, event }) => ({ asked: context.secondFactor!, code: event.type === 'code.submit' ? event.code : '' }),
        onDone: { target: 'signedIn', actions: assign({ secondFactor: null }) },
        // A wrong code is the field's news: the user types the next one.
        onError: { target: 'secondFactor', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    signedIn: { type: 'final', entry: 'onSignedIn' },
  },
})

const secondFactorSample: SecondFactorAsked = { accessToken: 'aal1', refreshToken: 'ref', expiresIn: 3600, factorId: 'f1', factorName: 'Phone' }

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const signInCoverage: CoverageModel<typeof signInMachine> = {
  events: [
    { type: 'submit', credentials: { email: 'a@b.c', password: 'pw' } },
    { type: 'submit', credentials: { email: '', password: '' } },
    { type: 'edit' },
    { type: 'xstate.done.actor.authenticate', output: null },
    { type: 'xstate.done.actor.authenticate', output: secondFactorSample },
    { type: 'code.submit', code: '123456' },
    { type: 'code.submit', code: '12' },
    { type: 'code.edit' },
    { type: 'cancel' },
    { type: 'xstate.done.actor.verifyCode' },
    { type: 'xstate.error.actor.verifyCode', error: new Error('wrong code') },
    { type: 'xstate.error.actor.authenticate', error: new Error('no') },
    { type: 'provider.start', provider: 'github' },
    { type: 'reset' },
    { type: 'provider.session', session: { accessToken: 'tok', refreshToken: 'ref', expiresIn: 3600 } satisfies ProviderSession },
    { type: 'provider.failed', message: 'Error sending confirmation mail' },
    { type: 'xstate.done.actor.completeProviderSignIn', output: null },
    { type: 'xstate.done.actor.completeProviderSignIn', output: secondFactorSample },
    { type: 'xstate.error.actor.completeProviderSignIn', error: new Error('no') },
  ],
}
