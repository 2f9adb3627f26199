import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { signInMachine } from './sign-in.machine'
import { formatCoverage, modelCoverage } from './testing/model-coverage'

function start(authenticate: (c: { email: string; password: string }) => Promise<void>) {
  const notifyError = vi.fn()
  const onSignedIn = vi.fn()
  const actor = createActor(
    signInMachine.provide({
      actors: { authenticate: fromPromise(({ input }) => authenticate(input)) },
      actions: { notifyError: (_, { message }) => notifyError(message), onSignedIn },
    }),
  ).start()
  return { actor, notifyError, onSignedIn }
}

describe('signInMachine', () => {
  it('signs in with credentials and ends', async () => {
    const authenticate = vi.fn(async () => {})
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
    const authenticate = vi.fn(async () => {})
    const { actor } = start(authenticate)
    actor.send({ type: 'submit', credentials: { email: ' ', password: 'x' } })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.error).toBe('Enter your email and password.')
    expect(authenticate).not.toHaveBeenCalled()
  })

  it('reaches every state and transition on the paths xstate/graph generates', () => {
    const coverage = modelCoverage(signInMachine, [
      { type: 'submit', credentials: { email: 'a@b.c', password: 'pw' } },
      { type: 'submit', credentials: { email: '', password: '' } },
      { type: 'edit' },
      { type: 'xstate.done.actor.authenticate' },
      { type: 'xstate.error.actor.authenticate', error: new Error('no') },
    ])
    console.log(formatCoverage(coverage))
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing).toEqual([])
  })
})
