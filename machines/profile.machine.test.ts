import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { PROFILE_MESSAGE } from '../src/constants'
import { profileMachine } from './profile.machine'

type Answer = { ok: unknown } | { error: { message: string; code?: number } }

function start(fetches: Answer[], creations: Answer[] = []) {
  const next = (list: Answer[]) => async () => {
    const answer = list.shift()
    if (!answer) throw new Error('unexpected call')
    if ('error' in answer) throw answer.error
    return answer.ok
  }
  const spies = {
    fetchProfile: vi.fn(next(fetches)),
    createProfile: vi.fn(next(creations)),
    refreshAfterCreation: vi.fn(),
    reportConflict: vi.fn(),
    reportCreationFailure: vi.fn(),
    signOut: vi.fn(),
  }
  const actor = createActor(
    profileMachine.provide({
      actors: { fetchProfile: fromPromise(spies.fetchProfile), createProfile: fromPromise(spies.createProfile) },
      actions: {
        refreshAfterCreation: spies.refreshAfterCreation,
        reportConflict: spies.reportConflict,
        reportCreationFailure: (_, params) => spies.reportCreationFailure(params.message),
        signOut: spies.signOut,
      },
    }),
  ).start()
  return { actor, spies }
}

const missing = { error: { message: PROFILE_MESSAGE.notFound, code: 404 } }

describe('profileMachine', () => {
  it('loads the profile', async () => {
    const { actor } = start([{ ok: { id: 1 } }])
    await waitFor(actor, (s) => s.matches('loaded'))
  })

  it("creates a missing profile, refreshes, and fetches it again", async () => {
    const { actor, spies } = start([missing, { ok: { id: 1 } }], [{ ok: { id: 1 } }])
    await waitFor(actor, (s) => s.matches('loaded'))
    expect(spies.createProfile).toHaveBeenCalledOnce()
    expect(spies.refreshAfterCreation).toHaveBeenCalledOnce()
    expect(spies.fetchProfile).toHaveBeenCalledTimes(2)
  })

  it('treats a 409 on creation as already existing and fetches again', async () => {
    const { actor, spies } = start([missing, { ok: { id: 1 } }], [{ error: { message: 'exists', code: 409 } }])
    await waitFor(actor, (s) => s.matches('loaded'))
    expect(spies.reportConflict).toHaveBeenCalledOnce()
    expect(spies.reportCreationFailure).not.toHaveBeenCalled()
  })

  it("reports any other creation failure as 'Failed to create profile: {message}'", async () => {
    const { actor, spies } = start([missing], [{ error: { message: 'database down', code: 500 } }])
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.error).toBe('Failed to create profile: database down')
    expect(spies.reportCreationFailure).toHaveBeenCalledWith('Failed to create profile: database down')
  })

  it('signs out on a 401', async () => {
    const { actor, spies } = start([{ error: { message: 'Unauthorized', code: 401 } }])
    await waitFor(actor, (s) => s.status === 'done')
    expect(spies.signOut).toHaveBeenCalledOnce()
  })

  it('shows other fetch failures and retries on request', async () => {
    const { actor } = start([{ error: { message: 'boom', code: 500 } }, { ok: {} }])
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.error).toBe('boom')
    actor.send({ type: 'retry' })
    await waitFor(actor, (s) => s.matches('loaded'))
  })
})
