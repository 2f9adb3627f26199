import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ConsentDecision } from '../src/lib/consent-decision'
import { choicesFromDecision, consentMachine, decisionFromChoices, type ConsentCategory } from './consent.machine'

afterEach(() => vi.useRealTimers())

const CATEGORIES: ConsentCategory[] = [
  { slug: 'essential', label: 'Essential', description: 'Sign-in', isEssential: true, services: [{ id: 'session', consent: true }] },
  { slug: 'analytics', label: 'Analytics', description: 'Usage', isEssential: false, services: [{ id: 'telemetry', consent: false }] },
  { slug: 'marketing', label: 'Marketing', description: 'Ads', isEssential: false, services: [{ id: 'ads', consent: false }] },
]

function start(decision: ConsentDecision | null, loads: (() => Promise<readonly ConsentCategory[]>)[] = []) {
  const remember = vi.fn<(decision: ConsentDecision) => void>()
  const load = vi.fn(() => (loads.shift() ?? (() => Promise.resolve(CATEGORIES)))())
  const actor = createActor(
    consentMachine.provide({
      actors: { loadCategories: fromPromise(load) },
      actions: { remember: (_, params) => remember(params.decision) },
    }),
    { input: { decision } },
  ).start()
  return { actor, remember, load }
}
const delayed =
  <T>(ms: number, value: T) =>
  () =>
    new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))
const failing = (ms: number, message: string) => () => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms))

describe('consentMachine', () => {
  it('shows the toast while undecided; a stored decision skips it without remembering again', () => {
    expect(start(null).actor.getSnapshot().value).toEqual({ decision: 'showConsentToast', privacySettings: 'closed' })
    for (const decision of ['accepted', 'denied'] as const) {
      const { actor, remember } = start(decision)
      expect(actor.getSnapshot().value).toEqual({ decision, privacySettings: 'closed' })
      expect(remember).not.toHaveBeenCalled()
    }
  })

  it('accept all and deny all dismiss the toast and are remembered', () => {
    const accepting = start(null)
    accepting.actor.send({ type: 'consent.accept' })
    expect(accepting.actor.getSnapshot().matches({ decision: 'accepted' })).toBe(true)
    expect(accepting.actor.getSnapshot().context.decision).toBe('accepted')
    expect(accepting.remember).toHaveBeenCalledExactlyOnceWith('accepted')

    const denying = start(null)
    denying.actor.send({ type: 'consent.deny' })
    expect(denying.actor.getSnapshot().matches({ decision: 'denied' })).toBe(true)
    expect(denying.remember).toHaveBeenCalledExactlyOnceWith('denied')
  })

  it('the privacy settings dialog loads the categories, then saves: all optional on is accepted, otherwise denied', async () => {
    vi.useFakeTimers()
    const { actor, remember, load } = start(null, [delayed(300, CATEGORIES)])
    actor.send({ type: 'privacy.open' })
    expect(actor.getSnapshot().value).toEqual({ decision: 'showConsentToast', privacySettings: 'loading' })
    await vi.advanceTimersByTimeAsync(299)
    expect(actor.getSnapshot().matches({ privacySettings: 'loading' })).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().matches({ privacySettings: 'editing' })).toBe(true)
    expect(actor.getSnapshot().context.categories).toEqual(CATEGORIES)

    // Analytics on, marketing off: partial consent is no consent.
    actor.send({ type: 'consent.save', choices: { essential: true, analytics: true, marketing: false } })
    expect(actor.getSnapshot().value).toEqual({ decision: 'denied', privacySettings: 'closed' })
    expect(remember).toHaveBeenLastCalledWith('denied')

    // Opened again after deciding (cached in the app; here loaded again): both optional on, essential left out.
    actor.send({ type: 'privacy.open' })
    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(2)
    actor.send({ type: 'consent.save', choices: { analytics: true, marketing: true } })
    expect(actor.getSnapshot().value).toEqual({ decision: 'accepted', privacySettings: 'closed' })
    expect(remember).toHaveBeenLastCalledWith('accepted')
    expect(remember).toHaveBeenCalledTimes(2)
  })

  it('a failed load keeps the failure until retry; retry loads again; close leaves the decision alone', async () => {
    vi.useFakeTimers()
    const { actor, remember, load } = start('accepted', [failing(100, 'Failed to fetch'), delayed(100, CATEGORIES)])
    actor.send({ type: 'privacy.open' })
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().value).toEqual({ decision: 'accepted', privacySettings: 'failed' })
    expect(actor.getSnapshot().context.loadError).toBe('Failed to fetch')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(load).toHaveBeenCalledTimes(1)

    actor.send({ type: 'privacy.retry' })
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().matches({ privacySettings: 'editing' })).toBe(true)
    expect(actor.getSnapshot().context.loadError).toBeNull()
    actor.send({ type: 'privacy.close' })
    expect(actor.getSnapshot().value).toEqual({ decision: 'accepted', privacySettings: 'closed' })
    expect(remember).not.toHaveBeenCalled()
  })

  it('closing while loading drops the answer; closing the failure clears it', async () => {
    vi.useFakeTimers()
    const { actor } = start(null, [delayed(500, CATEGORIES), failing(10, 'blocked')])
    actor.send({ type: 'privacy.open' })
    actor.send({ type: 'privacy.close' })
    await vi.advanceTimersByTimeAsync(500)
    expect(actor.getSnapshot().value).toEqual({ decision: 'showConsentToast', privacySettings: 'closed' })
    expect(actor.getSnapshot().context.categories).toEqual([])

    actor.send({ type: 'privacy.open' })
    await vi.advanceTimersByTimeAsync(10)
    expect(actor.getSnapshot().matches({ privacySettings: 'failed' })).toBe(true)
    actor.send({ type: 'privacy.close' })
    expect(actor.getSnapshot().context.loadError).toBeNull()
  })

  it('an answer from the toast changes an earlier one too', () => {
    const { actor, remember } = start('denied')
    actor.send({ type: 'consent.accept' })
    expect(actor.getSnapshot().matches({ decision: 'accepted' })).toBe(true)
    actor.send({ type: 'consent.deny' })
    expect(actor.getSnapshot().matches({ decision: 'denied' })).toBe(true)
    expect(remember.mock.calls).toEqual([['accepted'], ['denied']])
  })

  it('maps choices to a decision and a decision to the starting switches', () => {
    expect(decisionFromChoices(CATEGORIES, { analytics: true, marketing: true })).toBe('accepted')
    expect(decisionFromChoices(CATEGORIES, { analytics: true })).toBe('denied')
    expect(decisionFromChoices(CATEGORIES, { essential: false, analytics: true, marketing: true })).toBe('accepted')
    expect(choicesFromDecision(CATEGORIES, null)).toEqual({ essential: true, analytics: false, marketing: false })
    expect(choicesFromDecision(CATEGORIES, 'denied')).toEqual({ essential: true, analytics: false, marketing: false })
    expect(choicesFromDecision(CATEGORIES, 'accepted')).toEqual({ essential: true, analytics: true, marketing: true })
  })
})
