import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { COPY_FEEDBACK_DURATION } from '../src/constants'
import { copyFeedbackMachine } from './copy-feedback.machine'

afterEach(() => vi.useRealTimers())

function start(writeText: (text: string) => Promise<void>, notifyFailure = vi.fn()) {
  const actor = createActor(
    copyFeedbackMachine.provide({
      actors: { writeText: fromPromise(({ input }) => writeText(input.text)) },
      actions: { notifyFailure: (_, params) => notifyFailure(params.message) },
    }),
  )
  actor.start()
  return { actor, notifyFailure }
}

describe('copyFeedbackMachine', () => {
  it("shows 'Copied' for exactly 2 seconds", async () => {
    vi.useFakeTimers()
    const written: string[] = []
    const { actor } = start(async (text) => void written.push(text))
    actor.send({ type: 'copy', text: 'hello' })
    await vi.advanceTimersByTimeAsync(0)
    expect(written).toEqual(['hello'])
    expect(actor.getSnapshot().value).toBe('copied')
    await vi.advanceTimersByTimeAsync(COPY_FEEDBACK_DURATION - 1)
    expect(actor.getSnapshot().value).toBe('copied')
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('copying again while copied restarts the 2 seconds', async () => {
    vi.useFakeTimers()
    const { actor } = start(async () => {})
    actor.send({ type: 'copy', text: 'a' })
    await vi.advanceTimersByTimeAsync(1500)
    actor.send({ type: 'copy', text: 'b' })
    await vi.advanceTimersByTimeAsync(1500)
    expect(actor.getSnapshot().value).toBe('copied')
    expect(actor.getSnapshot().context.text).toBe('b')
    await vi.advanceTimersByTimeAsync(500)
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('reports a failed copy and goes back to idle', async () => {
    vi.useFakeTimers()
    const { actor, notifyFailure } = start(async () => {
      throw new Error('Unable to copy to clipboard')
    })
    actor.send({ type: 'copy', text: 'x' })
    await vi.advanceTimersByTimeAsync(0)
    expect(notifyFailure).toHaveBeenCalledWith('Unable to copy to clipboard')
    expect(actor.getSnapshot().value).toBe('idle')
  })
})
