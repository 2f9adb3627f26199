import { assign, setup } from 'xstate'
import { TWO_FACTOR_MESSAGE } from '../src/constants'
import { errorMessage } from '../src/lib/error-message'
import { isTotpCodeShape } from '../src/lib/totp-code'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'

/** A new factor as the auth service answers its enrolment: what the app scans. */
export interface FactorEnrolment {
  id: string
  friendly_name: string
  totp: { secret: string; uri: string }
}

export type TotpEnrolmentEvent =
  | { type: 'start'; name: string }
  | { type: 'code.submit'; code: string }
  | { type: 'code.edit' }
  | { type: 'cancel' }

/**
 * Enrolling an authenticator app: `enrol` asks the auth service for a new factor (its secret and
 * otpauth URI, shown as a QR code while `scanning`); the app's first code `verify`s it (the session
 * becomes aal2; the app stores it) and `onEnrolled` tells the page. Cancelling drops the unverified
 * factor (`discard`). A wrong code keeps the QR code up for the next.
 */
export const totpEnrolmentMachine = setup({
  types: {
    context: {} as { enrolment: FactorEnrolment | null; error: string | null },
    events: {} as TotpEnrolmentEvent,
  },
  actors: {
    enrol: providedByTheApp<FactorEnrolment, { name: string }>('enrol'),
    verify: providedByTheApp<void, { enrolment: FactorEnrolment; code: string }>('verify'),
  },
  actions: {
    discard: (_, _params: { enrolment: FactorEnrolment | null }) => {},
    onEnrolled: (_, _params: { enrolment: FactorEnrolment }) => {},
  },
  guards: {
    hasCodeShape: ({ event }) => event.type === 'code.submit' && isTotpCodeShape(event.code),
  },
}).createMachine({
  id: 'totpEnrolment',
  context: { enrolment: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { start: { target: 'enrolling', actions: assign({ error: null }) } },
    },
    enrolling: {
      invoke: {
        id: 'enrol',
        src: 'enrol',
        input: ({ event }) => ({ name: event.type === 'start' ? event.name : '' }),
        onDone: { target: 'scanning', actions: assign({ enrolment: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    scanning: {
      on: {
        'code.submit': [
          { guard: 'hasCodeShape', target: 'verifying', actions: assign({ error: null }) },
          { actions: assign({ error: TWO_FACTOR_MESSAGE.codeShape }) },
        ],
        'code.edit': { actions: assign({ error: null }) },
        cancel: { target: 'idle', actions: [{ type: 'discard', params: ({ context }) => ({ enrolment: context.enrolment }) }, assign({ enrolment: null, error: null })] },
      },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context, event }) => ({ enrolment: context.enrolment!, code: event.type === 'code.submit' ? event.code : '' }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'onEnrolled', params: ({ context }) => ({ enrolment: context.enrolment! }) }, assign({ enrolment: null, error: null })],
        },
        onError: { target: 'scanning', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
})

const enrolmentSample: FactorEnrolment = { id: 'f1', friendly_name: 'Phone', totp: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Studio:a%40b.c?secret=JBSWY3DPEHPK3PXP' } }

/** The model-based coverage walk (the registry's coverage suite). */
export const totpEnrolmentCoverage: CoverageModel<typeof totpEnrolmentMachine> = {
  events: [
    { type: 'start', name: 'Phone' },
    { type: 'xstate.done.actor.enrol', output: enrolmentSample },
    { type: 'xstate.error.actor.enrol', error: new Error('AAL2 required') },
    { type: 'code.submit', code: '123456' },
    { type: 'code.submit', code: '12' },
    { type: 'code.edit' },
    { type: 'cancel' },
    { type: 'xstate.done.actor.verify' },
    { type: 'xstate.error.actor.verify', error: new Error('wrong code') },
  ],
}
