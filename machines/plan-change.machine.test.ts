import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { PricingTierId } from '../src/constants'
import { planChangeMachine } from './plan-change.machine'

afterEach(() => vi.useRealTimers())

const input = { organizationSlug: 'demo-free' }

/** Each PUT answers after `latency` ms with the next outcome (undefined: success). */
function start(outcomes: (Error | undefined)[], latency = 400) {
  const calls: { organizationSlug: string; tier: PricingTierId }[] = []
  const onChanged = vi.fn()
  const actor = createActor(
    planChangeMachine.provide({
      actors: {
        changePlan: fromPromise<unknown, { organizationSlug: string; tier: PricingTierId }>(({ input: call }) => {
          calls.push(call)
          const outcome = outcomes.shift()
          return new Promise((resolve, reject) => setTimeout(() => (outcome ? reject(outcome) : resolve({})), latency))
        }),
      },
      actions: { onChanged: (_, params) => onChanged(params) },
    }),
    { input },
  ).start()
  return { actor, calls, onChanged }
}

describe('planChangeMachine', () => {
  it('asks first: choosing a plan only opens the confirmation; nothing is sent until confirmed', async () => {
    vi.useFakeTimers()
    const { actor, calls } = start([undefined])
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'plan.select', from: 'free', tier: 'tier_pro' })
    expect(actor.getSnapshot().value).toBe('confirming')
    expect(actor.getSnapshot().context.choice).toEqual({ from: 'free', tier: 'tier_pro' })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toEqual([])
  })

  it('confirming changes the plan once, then reports the change', async () => {
    vi.useFakeTimers()
    const { actor, calls, onChanged } = start([undefined])
    actor.send({ type: 'plan.select', from: 'free', tier: 'tier_pro' })
    actor.send({ type: 'plan.confirm' })
    expect(actor.getSnapshot().value).toBe('changing')
    // A second confirmation while the PUT runs sends nothing more.
    actor.send({ type: 'plan.confirm' })
    await vi.advanceTimersByTimeAsync(399)
    expect(actor.getSnapshot().value).toBe('changing')
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().value).toBe('changed')
    expect(calls).toEqual([{ organizationSlug: 'demo-free', tier: 'tier_pro' }])
    expect(onChanged).toHaveBeenCalledExactlyOnceWith({ organizationSlug: 'demo-free', from: 'free', tier: 'tier_pro' })
  })

  it('cancel closes the confirmation and forgets the choice', () => {
    const { actor, calls } = start([])
    actor.send({ type: 'plan.select', from: 'pro', tier: 'tier_free' })
    actor.send({ type: 'plan.cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.choice).toBeNull()
    expect(calls).toEqual([])
  })

  it('a failure keeps the choice and the message; retry sends the same choice again', async () => {
    vi.useFakeTimers()
    const { actor, calls, onChanged } = start([new Error('The Free plan allows 2 active projects'), undefined])
    actor.send({ type: 'plan.select', from: 'pro', tier: 'tier_free' })
    actor.send({ type: 'plan.confirm' })
    await vi.advanceTimersByTimeAsync(400)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context).toMatchObject({ choice: { from: 'pro', tier: 'tier_free' }, error: 'The Free plan allows 2 active projects' })
    expect(onChanged).not.toHaveBeenCalled()

    actor.send({ type: 'plan.retry' })
    expect(actor.getSnapshot().value).toBe('changing')
    expect(actor.getSnapshot().context.error).toBeNull()
    await vi.advanceTimersByTimeAsync(400)
    expect(actor.getSnapshot().value).toBe('changed')
    expect(calls).toEqual([
      { organizationSlug: 'demo-free', tier: 'tier_free' },
      { organizationSlug: 'demo-free', tier: 'tier_free' },
    ])
    expect(onChanged).toHaveBeenCalledOnce()
  })

  it('after a failure another plan can be chosen, or the dialog cancelled', async () => {
    vi.useFakeTimers()
    const { actor } = start([new Error('offline')])
    actor.send({ type: 'plan.select', from: 'free', tier: 'tier_team' })
    actor.send({ type: 'plan.confirm' })
    await vi.advanceTimersByTimeAsync(400)
    actor.send({ type: 'plan.select', from: 'free', tier: 'tier_pro' })
    expect(actor.getSnapshot().value).toBe('confirming')
    expect(actor.getSnapshot().context).toMatchObject({ choice: { tier: 'tier_pro' }, error: null })
    actor.send({ type: 'plan.cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('a changed organization can change again (upgrade, then downgrade)', async () => {
    vi.useFakeTimers()
    const { actor, calls } = start([undefined, undefined])
    actor.send({ type: 'plan.select', from: 'free', tier: 'tier_pro' })
    actor.send({ type: 'plan.confirm' })
    await vi.advanceTimersByTimeAsync(400)
    actor.send({ type: 'plan.select', from: 'pro', tier: 'tier_free' })
    expect(actor.getSnapshot().value).toBe('confirming')
    actor.send({ type: 'plan.confirm' })
    await vi.advanceTimersByTimeAsync(400)
    expect(actor.getSnapshot().value).toBe('changed')
    expect(calls.map((c) => c.tier)).toEqual(['tier_pro', 'tier_free'])
  })

  it('a rejection that is not an Error still gives a message', async () => {
    const actor = createActor(planChangeMachine.provide({ actors: { changePlan: fromPromise(() => Promise.reject('offline')) } }), { input }).start()
    actor.send({ type: 'plan.select', from: 'free', tier: 'tier_pro' })
    actor.send({ type: 'plan.confirm' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'))
    expect(actor.getSnapshot().context.error).toBe('offline')
  })
})
