import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { CLOCK_SKEW_CHECK_INTERVAL, CLOCK_SKEW_LIMIT } from '../src/constants'
import { clockSkewMachine, type ServerTimeReading } from './clock-skew.machine'

afterEach(() => vi.useRealTimers())

function start(readings: (() => Promise<ServerTimeReading>)[]) {
  const read = vi.fn(() => (readings.shift() ?? (() => Promise.reject(new Error('no more readings'))))())
  const actor = createActor(clockSkewMachine.provide({ actors: { readServerTime: fromPromise(read) } })).start()
  return { actor, read }
}
const reading = (skew: number) => () => Promise.resolve({ serverTime: 1_000_000 + skew, localTime: 1_000_000 })

describe('clockSkewMachine', () => {
  it('reads the server time on start; within 120 s is in sync, beyond is skewed (either way)', async () => {
    for (const [skew, state] of [
      [CLOCK_SKEW_LIMIT, 'inSync'],
      [CLOCK_SKEW_LIMIT + 1, 'skewed'],
      [-(CLOCK_SKEW_LIMIT + 1), 'skewed'],
      [0, 'inSync'],
    ] as const) {
      const { actor } = start([reading(skew)])
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe(state))
      expect(actor.getSnapshot().context.skewMs).toBe(skew)
    }
  })

  it('checks again every 30 minutes, and at once on check', async () => {
    vi.useFakeTimers()
    const { actor, read } = start([reading(0), reading(10 * 60_000), reading(0)])
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('inSync')
    await vi.advanceTimersByTimeAsync(CLOCK_SKEW_CHECK_INTERVAL - 1)
    expect(read).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(read).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().value).toBe('skewed')
    actor.send({ type: 'check' })
    await vi.advanceTimersByTimeAsync(0)
    expect(read).toHaveBeenCalledTimes(3)
    expect(actor.getSnapshot().value).toBe('inSync')
  })

  it('a failed reading keeps the last verdict', async () => {
    vi.useFakeTimers()
    const { actor } = start([reading(5 * 60_000), () => Promise.reject(new Error('offline'))])
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('skewed')
    await vi.advanceTimersByTimeAsync(CLOCK_SKEW_CHECK_INTERVAL)
    expect(actor.getSnapshot().value).toBe('skewed')
    expect(actor.getSnapshot().status).toBe('active')
  })
})
