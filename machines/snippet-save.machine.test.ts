import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { SNIPPET_AUTOSAVE_DEBOUNCE } from '../src/constants'
import { snippetRetryDelay, snippetSaveMachine } from './snippet-save.machine'

afterEach(() => vi.useRealTimers())

function start(save: (sql: string) => Promise<unknown>) {
  const saved = vi.fn(save)
  const confirmed = vi.fn<(sql: string) => void>()
  const actor = createActor(
    snippetSaveMachine.provide({
      actors: { save: fromPromise(({ input }) => saved(input.sql)) },
      actions: { confirmed: (_, params) => confirmed(params.sql) },
    }),
  ).start()
  return { actor, saved, confirmed }
}

describe('snippetSaveMachine', () => {
  it('saves once typing pauses, sending the newest text, and confirms it', async () => {
    vi.useFakeTimers()
    const { actor, saved, confirmed } = start(async () => undefined)
    actor.send({ type: 'edit', sql: 'sel' })
    await vi.advanceTimersByTimeAsync(SNIPPET_AUTOSAVE_DEBOUNCE - 1)
    actor.send({ type: 'edit', sql: 'select 1' })
    await vi.advanceTimersByTimeAsync(SNIPPET_AUTOSAVE_DEBOUNCE - 1)
    expect(saved).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toBe('dirty')
    await vi.advanceTimersByTimeAsync(1)
    expect(saved).toHaveBeenCalledExactlyOnceWith('select 1')
    expect(actor.getSnapshot().value).toBe('saved')
    expect(confirmed).toHaveBeenCalledExactlyOnceWith('select 1')
    expect(actor.getSnapshot().context.latest).toBeNull()
  })

  it('saves an edit made during a save right after it', async () => {
    vi.useFakeTimers()
    let finish!: () => void
    const { actor, saved, confirmed } = start((sql) => (sql === 'one' ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve()))
    actor.send({ type: 'edit', sql: 'one' })
    actor.send({ type: 'save.now' })
    expect(actor.getSnapshot().value).toBe('saving')
    actor.send({ type: 'edit', sql: 'one two' })
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(confirmed).toHaveBeenCalledWith('one')
    expect(actor.getSnapshot().value).toBe('dirty')
    await vi.advanceTimersByTimeAsync(SNIPPET_AUTOSAVE_DEBOUNCE)
    expect(saved.mock.calls.map(([sql]) => sql)).toEqual(['one', 'one two'])
    expect(actor.getSnapshot().value).toBe('saved')
  })

  it('retries a failed save with a doubling delay, never dropping the text', async () => {
    vi.useFakeTimers()
    let failing = 3
    const { actor, saved, confirmed } = start(async () => {
      if (failing-- > 0) throw new Error('Internal server error')
    })
    actor.send({ type: 'edit', sql: 'select 1' })
    actor.send({ type: 'save.now' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Internal server error', failures: 1, latest: 'select 1' })
    actor.send({ type: 'edit', sql: 'select 2' })
    await vi.advanceTimersByTimeAsync(snippetRetryDelay(1))
    expect(actor.getSnapshot().context.failures).toBe(2)
    await vi.advanceTimersByTimeAsync(snippetRetryDelay(2))
    expect(actor.getSnapshot().context.failures).toBe(3)
    expect(confirmed).not.toHaveBeenCalled()
    actor.send({ type: 'retry' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('saved')
    expect(saved.mock.calls.map(([sql]) => sql)).toEqual(['select 1', 'select 2', 'select 2', 'select 2'])
    expect(confirmed).toHaveBeenCalledExactlyOnceWith('select 2')
  })

  it('doubles the retry delay from 1 s up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(snippetRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })
})
