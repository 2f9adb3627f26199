import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { PASSWORD_MESSAGE, PASSWORD_RULES, SIGN_UP_MESSAGE } from '../src/constants'
import type { SignUpCredentials } from '../src/lib/sign-up'
import { signUpMachine, visibleSignUpError } from './sign-up.machine'

afterEach(() => vi.useRealTimers())

const STRONG = 'violet-Tractor-91-lagoon!quill'
const slowly = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

function start(signUp: (credentials: SignUpCredentials) => Promise<void>, onSignedUp = vi.fn()) {
  return createActor(signUpMachine.provide({ actors: { signUp: fromPromise(({ input }) => signUp(input)) }, actions: { onSignedUp } })).start()
}

/** The form filled with `email` and a strong password the strength check accepted, then sent. */
function sendFilledForm(actor: ReturnType<typeof start>, email: string) {
  actor.send({ type: 'field.change', field: 'email', value: email })
  actor.send({ type: 'field.change', field: 'password', value: STRONG })
  actor.send({ type: 'password.strength', acceptable: true })
  actor.send({ type: 'submit' })
}

describe('signUpMachine', () => {
  it('signs up once with the trimmed email when the password is scored strong enough, then goes on', async () => {
    vi.useFakeTimers()
    const signUp = vi.fn(() => slowly(400, undefined))
    const onSignedUp = vi.fn()
    const actor = start(signUp, onSignedUp)
    sendFilledForm(actor, '  new@example.com ')
    expect(actor.getSnapshot().value).toBe('submitting')
    actor.send({ type: 'submit' })
    await vi.advanceTimersByTimeAsync(400)
    expect(actor.getSnapshot().status).toBe('done')
    expect(signUp).toHaveBeenCalledOnce()
    expect(signUp).toHaveBeenCalledWith({ email: 'new@example.com', password: STRONG })
    expect(onSignedUp).toHaveBeenCalledOnce()
  })

  it('does not send a password the strength check has not accepted (SPEC §5: score 4)', () => {
    const signUp = vi.fn(async () => {})
    const actor = start(signUp)
    actor.send({ type: 'field.change', field: 'email', value: 'new@example.com' })
    actor.send({ type: 'field.change', field: 'password', value: 'password1' })
    actor.send({ type: 'password.strength', acceptable: false })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(visibleSignUpError(actor.getSnapshot().context, 'password')).toBe(PASSWORD_MESSAGE.needStronger)
    // An accepted password that changes waits for its own score.
    actor.send({ type: 'field.change', field: 'password', value: STRONG })
    actor.send({ type: 'password.strength', acceptable: true })
    actor.send({ type: 'field.change', field: 'password', value: `${STRONG}x` })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    // Typing the same text again (no change) keeps the score.
    actor.send({ type: 'password.strength', acceptable: true })
    actor.send({ type: 'field.change', field: 'password', value: `${STRONG}x` })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('submitting')
  })

  it('says what is missing: messages once a field is left or a submit was tried', () => {
    const actor = start(async () => {})
    expect(visibleSignUpError(actor.getSnapshot().context, 'email')).toBeNull()
    actor.send({ type: 'field.change', field: 'email', value: 'not-an-email' })
    actor.send({ type: 'field.blur', field: 'email' })
    expect(visibleSignUpError(actor.getSnapshot().context, 'email')).toBe(SIGN_UP_MESSAGE.emailInvalid)
    expect(visibleSignUpError(actor.getSnapshot().context, 'password')).toBeNull()
    actor.send({ type: 'submit' })
    expect(visibleSignUpError(actor.getSnapshot().context, 'password')).toBe(SIGN_UP_MESSAGE.passwordRequired)
    actor.send({ type: 'field.change', field: 'email', value: '' })
    expect(visibleSignUpError(actor.getSnapshot().context, 'email')).toBe(SIGN_UP_MESSAGE.emailRequired)
    actor.send({ type: 'field.change', field: 'password', value: 'x'.repeat(PASSWORD_RULES.maxLength + 1) })
    actor.send({ type: 'password.strength', acceptable: true })
    expect(visibleSignUpError(actor.getSnapshot().context, 'password')).toBe(PASSWORD_MESSAGE.tooLong)
  })

  it('a taken address returns to the form with its values and the message, until the next submit', async () => {
    let taken = true
    const signUp = vi.fn(async () => {
      if (taken) throw new Error(SIGN_UP_MESSAGE.accountExists)
    })
    const onSignedUp = vi.fn()
    const actor = start(signUp, onSignedUp)
    sendFilledForm(actor, 'newcomer@example.com')
    await vi.waitFor(() => expect(actor.getSnapshot().context.sendError).toBe(SIGN_UP_MESSAGE.accountExists))
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.values).toEqual({ email: 'newcomer@example.com', password: STRONG })
    taken = false
    actor.send({ type: 'field.change', field: 'email', value: 'other@example.com' })
    expect(actor.getSnapshot().context.sendError).toBe(SIGN_UP_MESSAGE.accountExists)
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().context.sendError).toBeNull()
    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalledOnce())
  })
})
