import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { LOGS_LIVE_POLL_MS } from '../src/constants'
import { formatCoverage, modelCoverage } from './testing/model-coverage'
import { logsLiveTailCoverage, logsLiveTailMachine } from './logs-live-tail.machine'

afterEach(() => vi.useRealTimers())

function start(read: () => Promise<number>) {
  const spy = vi.fn(read)
  const actor = createActor(logsLiveTailMachine.provide({ actors: { readNewer: fromPromise(() => spy()) } })).start()
  return { actor, read: spy }
}

describe('logsLiveTailMachine', () => {
  it('does nothing while off; on, reads at once and then every tick, counting what it added', async () => {
    vi.useFakeTimers()
    const { actor, read } = start(async () => 2)
    await vi.advanceTimersByTimeAsync(LOGS_LIVE_POLL_MS * 3)
    expect(read).not.toHaveBeenCalled()
    actor.send({ type: 'live.start' })
    await vi.advanceTimersByTimeAsync(0)
    expect(read).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(LOGS_LIVE_POLL_MS)
    expect(read).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.added).toBe(4)
    actor.send({ type: 'live.stop' })
    await vi.advanceTimersByTimeAsync(LOGS_LIVE_POLL_MS * 3)
    expect(read).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().value).toBe('off')
  })

  it('pauses while the tab is hidden and reads as soon as it is seen again', async () => {
    vi.useFakeTimers()
    const { actor, read } = start(async () => 0)
    actor.send({ type: 'live.start' })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'page.hidden' })
    await vi.advanceTimersByTimeAsync(LOGS_LIVE_POLL_MS * 5)
    expect(read).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toEqual({ on: 'paused' })
    actor.send({ type: 'page.visible' })
    await vi.advanceTimersByTimeAsync(0)
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('says a failed read and tries again at the next tick', async () => {
    vi.useFakeTimers()
    let fail = true
    const { actor } = start(async () => {
      if (fail) throw new Error('Failed to fetch')
      return 1
    })
    actor.send({ type: 'live.start' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch')
    fail = false
    await vi.advanceTimersByTimeAsync(LOGS_LIVE_POLL_MS)
    expect(actor.getSnapshot().context).toEqual({ added: 1, error: null })
  })

  it('reaches every state and transition', () => {
    const coverage = modelCoverage(logsLiveTailMachine, logsLiveTailCoverage)
    expect(formatCoverage(coverage)).toMatch(/states (\d+)\/\1, transitions (\d+)\/\2/)
  })
})
