import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ALREADY_MEMBER_STATUS, joinOrganizationMachine, type JoinOrganizationInput } from './join-organization.machine'

afterEach(() => vi.useRealTimers())

const input: JoinOrganizationInput = { slug: 'umbrella-labs', token: 'tok_123' }

/** An error shaped like the app's ApiError (message and HTTP status code). */
function apiError(message: string, code?: number) {
  return Object.assign(new Error(message), { code })
}

/** Each call to accept answers after `latency` ms with the next outcome (undefined: success). */
function start(outcomes: (Error | undefined)[], latency = 300) {
  const calls: JoinOrganizationInput[] = []
  const onJoined = vi.fn()
  const actor = createActor(
    joinOrganizationMachine.provide({
      actors: {
        acceptInvitation: fromPromise<void, JoinOrganizationInput>(({ input: call }) => {
          calls.push(call)
          const outcome = outcomes.shift()
          return new Promise((resolve, reject) => setTimeout(() => (outcome ? reject(outcome) : resolve()), latency))
        }),
      },
      actions: { onJoined: (_, params) => onJoined(params) },
    }),
    { input },
  ).start()
  return { actor, calls, onJoined }
}

describe('joinOrganizationMachine', () => {
  it('waits in idle, stays joining while the platform answers, then joins once', async () => {
    vi.useFakeTimers()
    const { actor, calls, onJoined } = start([undefined])
    expect(actor.getSnapshot().value).toBe('idle')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toEqual([])

    actor.send({ type: 'join.accept' })
    expect(actor.getSnapshot().value).toBe('joining')
    await vi.advanceTimersByTimeAsync(299)
    expect(actor.getSnapshot().value).toBe('joining')
    // A second click while joining sends nothing more.
    actor.send({ type: 'join.accept' })
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().value).toBe('joined')
    expect(actor.getSnapshot().status).toBe('done')
    expect(calls).toEqual([input])
    expect(onJoined).toHaveBeenCalledExactlyOnceWith(input)
  })

  it('keeps the message of a failure, and a retry joins without losing the link', async () => {
    vi.useFakeTimers()
    const { actor, calls, onJoined } = start([apiError('An error has occurred: 500', 500), undefined])
    actor.send({ type: 'join.accept' })
    await vi.advanceTimersByTimeAsync(300)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context).toEqual({ ...input, error: 'An error has occurred: 500' })
    expect(onJoined).not.toHaveBeenCalled()

    actor.send({ type: 'join.retry' })
    expect(actor.getSnapshot().value).toBe('joining')
    expect(actor.getSnapshot().context.error).toBeNull()
    await vi.advanceTimersByTimeAsync(300)
    expect(actor.getSnapshot().value).toBe('joined')
    expect(calls).toEqual([input, input])
    expect(onJoined).toHaveBeenCalledOnce()
  })

  it('ends in alreadyMember when the platform answers 409, without onJoined', async () => {
    vi.useFakeTimers()
    const { actor, onJoined } = start([apiError('User is already a member of this organization', ALREADY_MEMBER_STATUS)])
    actor.send({ type: 'join.accept' })
    await vi.advanceTimersByTimeAsync(300)
    expect(actor.getSnapshot().value).toBe('alreadyMember')
    expect(actor.getSnapshot().status).toBe('done')
    expect(onJoined).not.toHaveBeenCalled()
  })

  it('a failure that is not an Error still gives a message', async () => {
    vi.useFakeTimers()
    const actor = createActor(
      joinOrganizationMachine.provide({
        actors: { acceptInvitation: fromPromise(() => Promise.reject('offline')) },
      }),
      { input },
    ).start()
    actor.send({ type: 'join.accept' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('offline')
  })
})
