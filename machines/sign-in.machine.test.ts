import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { TWO_FACTOR_MESSAGE } from '../src/constants'
import { signInMachine, type FirstFactorOutcome, type ProviderSession, type SecondFactorAsked } from './sign-in.machine'

function start(
  authenticate: (c: { email: string; password: string }) => Promise<FirstFactorOutcome>,
  completeProviderSignIn: (s: ProviderSession) => Promise<FirstFactorOutcome> = async () => null,
  verifyCode: (i: { asked: SecondFactorAsked; code: string }) => Promise<void> = async () => {},
) {
  const notifyError = vi.fn()
  const onSignedIn = vi.fn()
  const redirectToProvider = vi.fn()
  const abandonSecondFactor = vi.fn()
  const actor = createActor(
    signInMachine.provide({
      actors: {
        authenticate: fromPromise(({ input }) => authenticate(input)),
        completeProviderSignIn: fromPromise(({ input }) => completeProviderSignIn(input)),
        verifyCode: fromPromise(({ input }) => verifyCode(input)),
      },
      actions: { notifyError: (_, { message }) => notifyError(message), onSignedIn, redirectToProvider, abandonSecondFactor: (_, { asked }) => abandonSecondFactor(asked) },
    }),
  ).start()
  return { actor, notifyError, onSignedIn, redirectToProvider, abandonSecondFactor }
}
const asked: SecondFactorAsked = { accessToken: 'aal1-token', refreshToken: 'r', expiresIn: 3600, factorId: 'f1', factorName: 'Phone' }
const providerSession: ProviderSession = { accessToken: 'tok', refreshToken: 'ref', expiresIn: 3600 }

describe('signInMachine', () => {
  it('signs in with credentials and ends', async () => {
    const authenticate = vi.fn(async () => null)
    const { actor, onSignedIn } = start(authenticate)
    actor.send({ type: 'submit', credentials: { email: 'a@b.c', password: 'pw' } })
    expect(actor.getSnapshot().value).toBe('submitting')
    await waitFor(actor, (s) => s.status === 'done')
    expect(authenticate).toHaveBeenCalledWith({ email: 'a@b.c', password: 'pw' })
    expect(onSignedIn).toHaveBeenCalledOnce()
  })

  it('keeps the form with the error message and a toast on failure, and clears it on edit', async () => {
    const { actor, notifyError } = start(async () => {
      throw new Error('Invalid login credentials')
    })
    actor.send({ type: 'submit', credentials: { email: 'a@b.c', password: 'bad' } })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(actor.getSnapshot().context.error).toBe('Invalid login credentials')
    expect(notifyError).toHaveBeenCalledWith('Invalid login credentials')
    actor.send({ type: 'edit' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('asks for both fields before calling the server', () => {
    const authenticate = vi.fn(async () => null)
    const { actor } = start(authenticate)
    actor.send({ type: 'submit', credentials: { email: ' ', password: 'x' } })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.error).toBe('Enter your email and password.')
    expect(authenticate).not.toHaveBeenCalled()
  })

  it('continues with the provider: leaves for its page, and a page shown again returns to the form', () => {
    const { actor, redirectToProvider } = start(async () => null)
    actor.send({ type: 'provider.start', provider: 'keycloak' })
    expect(actor.getSnapshot().value).toBe('redirecting')
    expect(redirectToProvider).toHaveBeenCalledOnce()
    expect(redirectToProvider).toHaveBeenCalledWith(expect.anything(), { provider: 'keycloak' })
    actor.send({ type: 'submit', credentials: { email: 'a@b.c', password: 'pw' } })
    expect(actor.getSnapshot().value).toBe('redirecting')
    actor.send({ type: 'reset' })
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('completes a provider sign-in from the session the auth service sent back', async () => {
    const complete = vi.fn(async () => null)
    const { actor, onSignedIn } = start(async () => null, complete)
    actor.send({ type: 'provider.session', session: providerSession })
    expect(actor.getSnapshot().value).toBe('completingProvider')
    await waitFor(actor, (s) => s.status === 'done')
    expect(complete).toHaveBeenCalledWith(providerSession)
    expect(onSignedIn).toHaveBeenCalledOnce()
  })

  it('a provider error, or a session that cannot be completed, is a toast on the form (not a field error)', async () => {
    const { actor, notifyError } = start(
      async () => null,
      async () => {
        throw new Error('Unauthorized: sign in to continue')
      },
    )
    actor.send({ type: 'provider.failed', message: 'Error sending confirmation mail' })
    expect(notifyError).toHaveBeenCalledWith('Error sending confirmation mail')
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'provider.session', session: providerSession })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(notifyError).toHaveBeenLastCalledWith('Unauthorized: sign in to continue')
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  describe('the second factor', () => {
    it('asks for the code after a password the user guards with a factor, and signs in when the code is right', async () => {
      const verifyCode = vi.fn(async () => {})
      const { actor, onSignedIn } = start(async () => asked, undefined, verifyCode)
      actor.send({ type: 'submit', credentials: { email: 'a@b.c', password: 'pw' } })
      await waitFor(actor, (s) => s.matches('secondFactor'))
      expect(onSignedIn).not.toHaveBeenCalled()
      expect(actor.getSnapshot().context.secondFactor).toEqual(asked)
      actor.send({ type: 'code.submit', code: '123 456' })
      await waitFor(actor, (s) => s.status === 'done')
      expect(verifyCode).toHaveBeenCalledWith({ asked, code: '123 456' })
      expect(onSignedIn).toHaveBeenCalledOnce()
    })

    it('asks a provider sign-in too', async () => {
      const { actor } = start(async () => null, async () => asked)
      actor.send({ type: 'provider.session', session: providerSession })
      await waitFor(actor, (s) => s.matches('secondFactor'))
    })

    it('refuses a code of the wrong shape before calling, keeps the step on a wrong code, and goes back on cancel', async () => {
      const verifyCode = vi.fn(async () => {
        throw new Error(TWO_FACTOR_MESSAGE.codeWrong)
      })
      const { actor, abandonSecondFactor } = start(async () => asked, undefined, verifyCode)
      actor.send({ type: 'submit', credentials: { email: 'a@b.c', password: 'pw' } })
      await waitFor(actor, (s) => s.matches('secondFactor'))
      actor.send({ type: 'code.submit', code: '12a' })
      expect(actor.getSnapshot().context.error).toBe(TWO_FACTOR_MESSAGE.codeShape)
      expect(verifyCode).not.toHaveBeenCalled()
      actor.send({ type: 'code.edit' })
      expect(actor.getSnapshot().context.error).toBeNull()
      actor.send({ type: 'code.submit', code: '000000' })
      await waitFor(actor, (s) => s.matches('secondFactor') && s.context.error !== null)
      expect(actor.getSnapshot().context.error).toBe(TWO_FACTOR_MESSAGE.codeWrong)
      actor.send({ type: 'cancel' })
      expect(actor.getSnapshot().value).toBe('idle')
      expect(actor.getSnapshot().context.secondFactor).toBeNull()
      expect(abandonSecondFactor).toHaveBeenCalledWith(asked)
    })
  })
})
