import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { outageBannerMachine } from './outage-banner.machine'

afterEach(() => vi.useRealTimers())

function start(acknowledged: boolean) {
  const remember = vi.fn()
  const actor = createActor(outageBannerMachine.provide({ actions: { remember } }), { input: { acknowledged } }).start()
  return { actor, remember }
}

describe('outageBannerMachine', () => {
  it('shows until acknowledged, then remembers once and stays acknowledged', async () => {
    vi.useFakeTimers()
    const { actor, remember } = start(false)
    expect(actor.getSnapshot().value).toBe('notAcknowledged')
    // Nothing times the notice out: it waits for the person.
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000)
    expect(actor.getSnapshot().value).toBe('notAcknowledged')
    actor.send({ type: 'outage.acknowledge' })
    expect(actor.getSnapshot().value).toBe('acknowledged')
    actor.send({ type: 'outage.acknowledge' })
    expect(remember).toHaveBeenCalledTimes(1)
  })

  it('an acknowledgement read back on load starts acknowledged without storing again', () => {
    const { actor, remember } = start(true)
    expect(actor.getSnapshot().value).toBe('acknowledged')
    expect(remember).not.toHaveBeenCalled()
  })
})
