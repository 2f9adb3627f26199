import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { signOutMachine } from './sign-out.machine'

function run(endSession: () => Promise<void>) {
  const calls: string[] = []
  const actor = createActor(
    signOutMachine.provide({
      actors: { endSession: fromPromise(endSession) },
      actions: {
        clearLocalStorage: () => void calls.push('clearLocalStorage'),
        clearCache: () => void calls.push('clearCache'),
        redirect: () => void calls.push('redirect'),
      },
    }),
  ).start()
  return { actor, calls }
}

describe('signOutMachine', () => {
  it('ends the session, clears storage and cache, then redirects', async () => {
    const endSession = vi.fn(async () => {})
    const { actor, calls } = run(endSession)
    await waitFor(actor, (s) => s.status === 'done')
    expect(endSession).toHaveBeenCalledOnce()
    expect(calls).toEqual(['clearLocalStorage', 'clearCache', 'redirect'])
  })

  it('still clears everything when the auth service cannot be reached', async () => {
    const { actor, calls } = run(async () => {
      throw new Error('offline')
    })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual(['clearLocalStorage', 'clearCache', 'redirect'])
  })
})
