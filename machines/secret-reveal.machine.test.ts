import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { SECRET_REVEAL_DURATION } from '../src/constants'
import { secretRevealMachine } from './secret-reveal.machine'

afterEach(() => vi.useRealTimers())

function start(readSecret: () => Promise<string>) {
  return createActor(secretRevealMachine.provide({ actors: { readSecret: fromPromise(readSecret) } })).start()
}

describe('secretRevealMachine', () => {
  it('reads the secret only when asked, shows it, and hides it again by itself after 30 s', async () => {
    vi.useFakeTimers()
    const read = vi.fn(async () => 's3cret')
    const actor = start(read)
    expect(read).not.toHaveBeenCalled()
    actor.send({ type: 'reveal' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('shown')
    expect(actor.getSnapshot().context.value).toBe('s3cret')
    await vi.advanceTimersByTimeAsync(SECRET_REVEAL_DURATION - 1)
    expect(actor.getSnapshot().value).toBe('shown')
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().value).toBe('hidden')
    expect(actor.getSnapshot().context.value).toBeNull()
  })

  it('hides at once, forgetting the value', async () => {
    const actor = start(async () => 'v')
    actor.send({ type: 'reveal' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('shown'))
    actor.send({ type: 'hide' })
    expect(actor.getSnapshot().value).toBe('hidden')
    expect(actor.getSnapshot().context.value).toBeNull()
  })

  it('says why a read failed, and reads again on a retry', async () => {
    let attempt = 0
    const actor = start(async () => {
      attempt++
      if (attempt === 1) throw new Error('permission denied for view decrypted_secrets')
      return 'second time'
    })
    actor.send({ type: 'reveal' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'))
    expect(actor.getSnapshot().context.error).toBe('permission denied for view decrypted_secrets')
    actor.send({ type: 'reveal' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('shown'))
    expect(actor.getSnapshot().context).toEqual({ value: 'second time', error: null })
  })
})
