import { assign, setup } from 'xstate'
import { SESSION_RENEWAL_MARGIN, SESSION_RENEWAL_RETRY } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'

/** What a renewal stored: the new access token's expiry (seconds since the epoch, as the session keeps it). */
export interface RenewedSession {
  expiresAt: number
}

export interface SessionRenewalContext {
  /** The stored access token's expiry, seconds since the epoch. */
  expiresAt: number
  /** Renewals in a row that failed for a network or server fault (the retry delay doubles with them). */
  failures: number
  /** A request was refused with 401: renew even if the stored session still looks fresh. */
  forced: boolean
}

export type SessionRenewalEvent =
  | { type: 'session.stored'; expiresAt: number }
  | { type: 'session.cleared' }
  /** A request needs a fresh token now (its token expired or was refused with 401). */
  | { type: 'renew' }

function statusOf(error: unknown): number | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  return typeof code === 'number' ? code : undefined
}

/**
 * Keeps a signed-in session alive without the user noticing: the access token is renewed with the
 * refresh token shortly before it expires (and at once when a request asks), every waiting request
 * sharing the one renewal. A renewal the auth service refuses (a 4xx: revoked, signed out elsewhere,
 * the token reused) ends the session; a network or server fault is retried with a doubling delay,
 * the session kept.
 */
export const sessionRenewalMachine = setup({
  types: { context: {} as SessionRenewalContext, events: {} as SessionRenewalEvent },
  actors: {
    refreshSession: providedByTheApp<RenewedSession, { forced: boolean }>('refreshSession'),
  },
  actions: {
    /** The waiting requests go on with the new token. */
    renewed: () => {},
    /** The waiting requests fail as they are (a fault, the session kept). */
    renewalUnavailable: () => {},
    /** The waiting requests fail: there is no session to renew. */
    renewalRefused: () => {},
    /** Sign out with the reason said (the app's sign-out path). */
    signOut: () => {},
  },
  guards: {
    isRefused: (_, params: { error: unknown }) => {
      const status = statusOf(params.error)
      return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429
    },
  },
  delays: {
    untilRenewal: ({ context }) => Math.max(0, context.expiresAt * 1000 - SESSION_RENEWAL_MARGIN - Date.now()),
    retryDelay: ({ context }) => Math.min(SESSION_RENEWAL_RETRY.baseDelay * 2 ** Math.max(0, context.failures - 1), SESSION_RENEWAL_RETRY.maxDelay),
  },
}).createMachine({
  id: 'sessionRenewal',
  context: { expiresAt: 0, failures: 0, forced: false },
  initial: 'signedOut',
  on: {
    'session.cleared': { target: '.signedOut' },
  },
  states: {
    signedOut: {
      on: {
        'session.stored': { target: 'waiting', actions: assign({ expiresAt: ({ event }) => event.expiresAt, failures: 0 }) },
        renew: { actions: 'renewalRefused' },
      },
    },
    waiting: {
      after: { untilRenewal: { target: 'renewing', actions: assign({ forced: false }) } },
      on: {
        'session.stored': { target: 'waiting', reenter: true, actions: assign({ expiresAt: ({ event }) => event.expiresAt }) },
        renew: { target: 'renewing', actions: assign({ forced: true }) },
      },
    },
    renewing: {
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        input: ({ context }) => ({ forced: context.forced }),
        onDone: { target: 'waiting', actions: [assign({ expiresAt: ({ event }) => event.output.expiresAt, failures: 0 }), 'renewed'] },
        onError: [
          { guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut', actions: ['renewalRefused', 'signOut'] },
          { target: 'retrying', actions: [assign({ failures: ({ context }) => context.failures + 1 }), 'renewalUnavailable'] },
        ],
      },
      // The renewal stores the session itself (and a sign-out clears it): nothing else to hear meanwhile.
      on: { 'session.cleared': { target: 'signedOut', actions: 'renewalRefused' } },
    },
    retrying: {
      after: { retryDelay: 'renewing' },
      on: {
        'session.stored': { target: 'waiting', actions: assign({ expiresAt: ({ event }) => event.expiresAt, failures: 0 }) },
        renew: { target: 'renewing', actions: assign({ forced: true }) },
      },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const sessionRenewalCoverage: CoverageModel<typeof sessionRenewalMachine> = {
  events: [
    { type: 'session.stored', expiresAt: 3600 },
    { type: 'session.cleared' },
    { type: 'renew' },
    { type: 'xstate.after.untilRenewal.sessionRenewal.waiting' },
    { type: 'xstate.after.retryDelay.sessionRenewal.retrying' },
    { type: 'xstate.done.actor.refreshSession', output: { expiresAt: 7200 } },
    { type: 'xstate.error.actor.refreshSession', error: { message: 'Invalid Refresh Token: Already Used', code: 400 } },
    { type: 'xstate.error.actor.refreshSession', error: { message: 'offline' } },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.failures > 0]),
}
