import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { PASSWORD_CHECK_DEBOUNCE, PASSWORD_RULES } from '../src/constants'
import { passwordStrengthMachine, type PasswordScore } from './password-strength.machine'

afterEach(() => vi.useRealTimers())

function start(check: (password: string) => Promise<PasswordScore>) {
  const spy = vi.fn(check)
  const actor = createActor(
    passwordStrengthMachine.provide({ actors: { check: fromPromise(({ input }) => spy(input.password)) } }),
  ).start()
  return { actor, check: spy }
}

describe('passwordStrengthMachine', () => {
  it('waits for typing to pause, then scores only the latest password', async () => {
    vi.useFakeTimers()
    const { actor, check } = start(async (password) => ({ score: password.length > 3 ? 4 : 1, suggestions: [] }))
    actor.send({ type: 'change', password: 'a' })
    await vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE - 1)
    actor.send({ type: 'change', password: 'abcd' })
    await vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE - 1)
    expect(check).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toBe('debouncing')
    await vi.advanceTimersByTimeAsync(1)
    expect(check).toHaveBeenCalledExactlyOnceWith('abcd')
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('scored')
    expect(actor.getSnapshot().context.result).toEqual({ score: 4, suggestions: [] })
  })

  it('drops the answer of a check that a newer password overtook', async () => {
    vi.useFakeTimers()
    let release: (score: PasswordScore) => void = () => {}
    const { actor } = start(() => new Promise((resolve) => (release = resolve)))
    actor.send({ type: 'change', password: 'first' })
    await vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE)
    expect(actor.getSnapshot().value).toBe('checking')
    const releaseFirst = release
    actor.send({ type: 'change', password: 'second' })
    releaseFirst({ score: 4, suggestions: [] })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('debouncing')
    expect(actor.getSnapshot().context.result).toBeNull()
  })

  it(`judges a password over ${PASSWORD_RULES.maxLength} characters without asking the server`, async () => {
    vi.useFakeTimers()
    const { actor, check } = start(async () => ({ score: 4, suggestions: [] }))
    actor.send({ type: 'change', password: 'x'.repeat(PASSWORD_RULES.maxLength + 1) })
    await vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE * 2)
    expect(actor.getSnapshot().value).toBe('tooLong')
    expect(check).not.toHaveBeenCalled()
    actor.send({ type: 'change', password: 'x'.repeat(PASSWORD_RULES.maxLength) })
    await vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE)
    expect(check).toHaveBeenCalledOnce()
  })

  it('keeps the failure message and recovers on the next change; clearing resets', async () => {
    vi.useFakeTimers()
    let fail = true
    const { actor } = start(async () => {
      if (fail) throw new Error('Service unavailable')
      return { score: 2, suggestions: ['Add another word or two.'] }
    })
    actor.send({ type: 'change', password: 'secret' })
    await vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('Service unavailable')
    fail = false
    actor.send({ type: 'change', password: 'secret2' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE)
    expect(actor.getSnapshot().context.result?.score).toBe(2)
    actor.send({ type: 'change', password: '' })
    expect(actor.getSnapshot().value).toBe('empty')
    expect(actor.getSnapshot().context.result).toBeNull()
  })
})
