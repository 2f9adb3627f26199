import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { SESSION_RENEWAL_MARGIN, SESSION_RENEWAL_RETRY } from '../src/constants'
import { formatCoverage, modelCoverage } from './testing/model-coverage'
import { sessionRenewalCoverage, sessionRenewalMachine, type RenewedSession } from './session-renewal.machine'

const HOUR = 3600
const nowSeconds = () => Math.floor(Date.now() / 1000)

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'))
})
afterEach(() => vi.useRealTimers())

type Answer = (input: { forced: boolean }) => Promise<RenewedSession>

function start(answers: Answer[]) {
  const spies = {
    refreshSession: vi.fn((input: { forced: boolean }) => (answers.shift() ?? (() => Promise.reject(new Error('unexpected renewal'))))(input)),
    renewed: vi.fn(),
    renewalUnavailable: vi.fn(),
    renewalRefused: vi.fn(),
    signOut: vi.fn(),
  }
  const actor = createActor(
    sessionRenewalMachine.provide({
      actors: { refreshSession: fromPromise(({ input }) => spies.refreshSession(input)) },
      actions: { renewed: spies.renewed, renewalUnavailable: spies.renewalUnavailable, renewalRefused: spies.renewalRefused, signOut: spies.signOut },
    }),
  ).start()
  return { actor, spies }
}
const renewsFor = (seconds: number): Answer => () => Promise.resolve({ expiresAt: nowSeconds() + seconds })
const refused: Answer = () => Promise.reject(Object.assign(new Error('Invalid Refresh Token: Already Used'), { code: 400 }))
const offline: Answer = () => Promise.reject(new Error('Failed to fetch'))

describe('sessionRenewalMachine', () => {
  it('renews the margin before expiry, and again before the new token expires', async () => {
    const { actor, spies } = start([renewsFor(HOUR), renewsFor(HOUR)])
    actor.send({ type: 'session.stored', expiresAt: nowSeconds() + HOUR })
    await vi.advanceTimersByTimeAsync(HOUR * 1000 - SESSION_RENEWAL_MARGIN - 1)
    expect(spies.refreshSession).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(spies.refreshSession).toHaveBeenCalledWith({ forced: false })
    expect(spies.renewed).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().value).toBe('waiting')
    await vi.advanceTimersByTimeAsync(HOUR * 1000 - SESSION_RENEWAL_MARGIN)
    expect(spies.refreshSession).toHaveBeenCalledTimes(2)
    expect(spies.signOut).not.toHaveBeenCalled()
  })

  it('renews at once a session stored already expired (a laptop back from sleep)', async () => {
    const { actor, spies } = start([renewsFor(HOUR)])
    actor.send({ type: 'session.stored', expiresAt: nowSeconds() - 10 })
    await vi.advanceTimersByTimeAsync(0)
    expect(spies.refreshSession).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().context.expiresAt).toBe(nowSeconds() + HOUR)
  })

  it('renews at once when a request asks; requests asking meanwhile share the one renewal', async () => {
    let finish: (session: RenewedSession) => void = () => {}
    const { actor, spies } = start([() => new Promise((resolve) => (finish = resolve))])
    actor.send({ type: 'session.stored', expiresAt: nowSeconds() + HOUR })
    actor.send({ type: 'renew' })
    actor.send({ type: 'renew' })
    actor.send({ type: 'renew' })
    expect(spies.refreshSession).toHaveBeenCalledOnce()
    expect(spies.refreshSession).toHaveBeenCalledWith({ forced: true })
    finish({ expiresAt: nowSeconds() + HOUR })
    await vi.advanceTimersByTimeAsync(0)
    expect(spies.renewed).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().value).toBe('waiting')
  })

  it('signs out when the auth service refuses the refresh token', async () => {
    const { actor, spies } = start([refused])
    actor.send({ type: 'session.stored', expiresAt: nowSeconds() + 60 })
    await vi.advanceTimersByTimeAsync(0)
    expect(spies.renewalRefused).toHaveBeenCalledOnce()
    expect(spies.signOut).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().value).toBe('signedOut')
    // Nothing to renew now: a request asking is told so at once.
    actor.send({ type: 'renew' })
    expect(spies.renewalRefused).toHaveBeenCalledTimes(2)
    expect(spies.refreshSession).toHaveBeenCalledOnce()
  })

  it('keeps the session through network faults, retrying with a doubling delay, and a request may hurry it', async () => {
    const { actor, spies } = start([offline, offline, offline, renewsFor(HOUR)])
    actor.send({ type: 'session.stored', expiresAt: nowSeconds() + 30 })
    await vi.advanceTimersByTimeAsync(0)
    expect(spies.renewalUnavailable).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().value).toBe('retrying')
    await vi.advanceTimersByTimeAsync(SESSION_RENEWAL_RETRY.baseDelay)
    expect(spies.refreshSession).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2 * SESSION_RENEWAL_RETRY.baseDelay - 1)
    expect(spies.refreshSession).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(spies.refreshSession).toHaveBeenCalledTimes(3)
    actor.send({ type: 'renew' })
    await vi.advanceTimersByTimeAsync(0)
    expect(spies.refreshSession).toHaveBeenCalledTimes(4)
    expect(actor.getSnapshot().value).toBe('waiting')
    expect(actor.getSnapshot().context.failures).toBe(0)
    expect(spies.signOut).not.toHaveBeenCalled()
  })

  it('caps the retry delay', async () => {
    const { actor, spies } = start(Array.from({ length: 12 }, () => offline))
    actor.send({ type: 'session.stored', expiresAt: nowSeconds() })
    await vi.advanceTimersByTimeAsync(0)
    // 5 s, 10 s, 20 s, 40 s, then the cap (60 s) from there on.
    await vi.advanceTimersByTimeAsync(75_000)
    expect(spies.refreshSession).toHaveBeenCalledTimes(5)
    await vi.advanceTimersByTimeAsync(SESSION_RENEWAL_RETRY.maxDelay - 1)
    expect(spies.refreshSession).toHaveBeenCalledTimes(5)
    await vi.advanceTimersByTimeAsync(1)
    expect(spies.refreshSession).toHaveBeenCalledTimes(6)
    await vi.advanceTimersByTimeAsync(SESSION_RENEWAL_RETRY.maxDelay)
    expect(spies.refreshSession).toHaveBeenCalledTimes(7)
  })

  it('follows sign-in and sign-out: a new session reschedules, a cleared one stops renewing', async () => {
    const { actor, spies } = start([renewsFor(HOUR)])
    actor.send({ type: 'session.stored', expiresAt: nowSeconds() + 120 })
    actor.send({ type: 'session.stored', expiresAt: nowSeconds() + HOUR })
    await vi.advanceTimersByTimeAsync(120_000)
    expect(spies.refreshSession).not.toHaveBeenCalled()
    actor.send({ type: 'session.cleared' })
    await vi.advanceTimersByTimeAsync(2 * HOUR * 1000)
    expect(spies.refreshSession).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toBe('signedOut')
  })

  it('a sign-out during a renewal fails the waiting requests', async () => {
    const { actor, spies } = start([() => new Promise(() => {})])
    actor.send({ type: 'session.stored', expiresAt: nowSeconds() + HOUR })
    actor.send({ type: 'renew' })
    actor.send({ type: 'session.cleared' })
    expect(spies.renewalRefused).toHaveBeenCalledOnce()
    expect(spies.signOut).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toBe('signedOut')
  })

  it('reaches every state and transition', () => {
    const coverage = modelCoverage(sessionRenewalMachine, sessionRenewalCoverage)
    expect(formatCoverage(coverage)).toMatch(/states (\d+)\/\1, transitions (\d+)\/\2/)
  })
})
