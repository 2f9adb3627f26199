import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { commandMenuMachine } from './command-menu.machine'

afterEach(() => vi.useRealTimers())

describe('commandMenuMachine', () => {
  it('opens with an empty search, keeps what is typed, and closes on a completed route change', async () => {
    vi.useFakeTimers()
    const actor = createActor(commandMenuMachine).start()
    actor.send({ type: 'menu.toggle' })
    expect(actor.getSnapshot().value).toBe('open')
    actor.send({ type: 'query.change', query: 'sql' })
    // Nothing closes the menu by itself.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(actor.getSnapshot().context.query).toBe('sql')
    actor.send({ type: 'route.changed' })
    expect(actor.getSnapshot().value).toBe('closed')
    actor.send({ type: 'menu.open' })
    expect(actor.getSnapshot().context.query).toBe('')
  })

  it('route changes and typing while closed change nothing; toggle and close shut it', () => {
    const actor = createActor(commandMenuMachine).start()
    actor.send({ type: 'route.changed' })
    actor.send({ type: 'query.change', query: 'x' })
    expect(actor.getSnapshot().value).toBe('closed')
    expect(actor.getSnapshot().context.query).toBe('')
    actor.send({ type: 'menu.open' })
    actor.send({ type: 'menu.toggle' })
    expect(actor.getSnapshot().value).toBe('closed')
    actor.send({ type: 'menu.open' })
    actor.send({ type: 'menu.close' })
    expect(actor.getSnapshot().value).toBe('closed')
  })
})
