import { assign, setup } from 'xstate'
import { visibleFieldError } from '../src/lib/form-errors'
import { validateSignUp, type SignUpCredentials, type SignUpErrors } from '../src/lib/sign-up'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { formSubmission } from './form-submission'

export type SignUpField = keyof SignUpCredentials

export interface SignUpContext {
  values: SignUpCredentials
  /** The server's strength score of the current password reached the required minimum (SPEC §5). */
  passwordAcceptable: boolean
  errors: SignUpErrors
  touched: Partial<Record<SignUpField, true>>
  submitAttempted: boolean
  /** Why the last sign-up failed (e.g. the address is taken); kept until the next submit. */
  sendError: string | null
  /** The checked credentials being sent. */
  credentials: SignUpCredentials | null
}

export type SignUpEvent =
  | { type: 'field.change'; field: SignUpField; value: string }
  | { type: 'field.blur'; field: SignUpField }
  /** The password field's strength check answered (or the password changed and is not scored yet). */
  | { type: 'password.strength'; acceptable: boolean }
  | { type: 'submit' }

const submission = formSubmission<SignUpContext, SignUpEvent, 'credentials'>({ sending: 'submitting', payload: 'credentials', refusal: 'sendError', check: (context) => validateSignUp(context.values, context.passwordAcceptable) })

const EMPTY: SignUpCredentials = { email: '', password: '' }

/** The message to show beside a field now: once it was left or a submit was tried. */
export const visibleSignUpError: (context: SignUpContext, field: SignUpField) => string | null = visibleFieldError

/**
 * Sign-up with email and password (the auth service's `POST /signup`): editing → submitting →
 * signedUp. The password must score the platform's minimum before it is sent (SPEC §5, the same
 * rule as the database password). `signUp` (the call, storing the session) and `onSignedUp`
 * (go on into the dashboard) are provided by the app.
 */
export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
  },
  actors: {
    signUp: providedByTheApp<void, SignUpCredentials>('signUp'),
  },
  actions: {
    onSignedUp: () => {},
  },
  guards: {
    isValid: ({ context }) => validateSignUp(context.values, context.passwordAcceptable).ok,
  },
}).createMachine({
  id: 'signUp',
  context: { values: EMPTY, passwordAcceptable: false, errors: validateSignUp(EMPTY, false).errors, touched: {}, submitAttempted: false, sendError: null, credentials: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value }
            // A new password is not scored yet: it waits for the strength check's answer.
            const passwordAcceptable = event.field === 'password' && event.value !== context.values.password ? false : context.passwordAcceptable
            return { values, passwordAcceptable, errors: validateSignUp(values, passwordAcceptable).errors }
          }),
        },
        'field.blur': { actions: assign({ touched: ({ context, event }) => ({ ...context.touched, [event.field]: true }) }) },
        'password.strength': {
          actions: assign(({ context, event }) => ({
            passwordAcceptable: event.acceptable,
            errors: validateSignUp(context.values, event.acceptable).errors,
          })),
        },
        submit: submission.submit,
      },
    },
    submitting: { invoke: { ...submission.send('signUp'), onDone: 'signedUp' } },
    signedUp: { type: 'final', entry: 'onSignedUp' },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const signUpCoverage: CoverageModel<typeof signUpMachine> = {
  events: [
    { type: 'field.change', field: 'email', value: 'new@example.com' },
    { type: 'field.change', field: 'password', value: 'violet-Tractor-91-lagoon!quill' },
    { type: 'field.blur', field: 'email' },
    { type: 'password.strength', acceptable: true },
    { type: 'submit' },
    { type: 'xstate.done.actor.signUp' },
    { type: 'xstate.error.actor.signUp', error: new Error('User already registered') },
  ],
}
