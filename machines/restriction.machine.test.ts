import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { MAX_TIMER_DELAY, RESTRICTION_BANNER_BY_STATE, restrictionMachine, type RestrictionFacts } from './restriction.machine'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 10, 1, 12, 0, 0)
const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Each actor runs on a clock of its own, moved with Date (only Date is faked): advancing the
 * worker's fake timers by days would also run every timer loop another file left in this shared
 * worker (isolate: false) once per period — a loop of seconds run for forty days, which timed out.
 */
const clocks: SimulatedClock[] = []
afterEach(() => {
  vi.useRealTimers()
  clocks.length = 0
})

function start(facts: RestrictionFacts) {
  const clock = new SimulatedClock()
  clock.set(Date.now())
  clocks.push(clock)
  return createActor(restrictionMachine, { input: facts, clock }).start()
}

/** Time passes: Date first (the machine reads it when a timer fires), then every actor's clock, firing what is due. */
function advance(ms: number) {
  const to = Date.now() + ms
  vi.setSystemTime(to)
  for (const clock of clocks) clock.set(to)
}
const banner = (actor: ReturnType<typeof start>) => RESTRICTION_BANNER_BY_STATE[actor.getSnapshot().value as keyof typeof RESTRICTION_BANNER_BY_STATE]

describe('restrictionMachine', () => {
  it('starts in the state the organization record names, each with its banner', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    expect(start({ status: null, gracePeriodEnd: null }).getSnapshot().value).toBe('unrestricted')
    expect(banner(start({ status: undefined, gracePeriodEnd: undefined }))).toBeNull()
    expect(banner(start({ status: 'grace_period', gracePeriodEnd: iso(NOW + 14 * DAY) }))).toBe('gracePeriod')
    expect(banner(start({ status: 'grace_period_over', gracePeriodEnd: iso(NOW - 3 * DAY) }))).toBe('gracePeriodOver')
    expect(banner(start({ status: 'restricted', gracePeriodEnd: iso(NOW - 3 * DAY) }))).toBe('restricted')
  })

  it('the grace period ends at its date while the page is open', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    const actor = start({ status: 'grace_period', gracePeriodEnd: iso(NOW + 14 * DAY) })
    advance(14 * DAY - 1)
    expect(actor.getSnapshot().value).toBe('gracePeriod')
    advance(1)
    expect(actor.getSnapshot().value).toBe('gracePeriodOver')
    expect(actor.getSnapshot().context.status).toBe('grace_period_over')
  })

  it('a grace period longer than one timer is waited out in steps, not ended early', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    const actor = start({ status: 'grace_period', gracePeriodEnd: iso(NOW + 40 * DAY) })
    advance(MAX_TIMER_DELAY)
    expect(actor.getSnapshot().value).toBe('gracePeriod')
    advance(40 * DAY - MAX_TIMER_DELAY - 1)
    expect(actor.getSnapshot().value).toBe('gracePeriod')
    advance(1)
    expect(actor.getSnapshot().value).toBe('gracePeriodOver')
  })

  it('a grace period whose date has passed is over at once; without a date it waits for the platform', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    expect(start({ status: 'grace_period', gracePeriodEnd: iso(NOW - DAY) }).getSnapshot().value).toBe('gracePeriodOver')
    const undated = start({ status: 'grace_period', gracePeriodEnd: 'not a date' })
    advance(2 * MAX_TIMER_DELAY)
    expect(undated.getSnapshot().value).toBe('gracePeriod')
  })

  it('follows the platform: grace period → grace period over → restricted → lifted; a new end date restarts the wait', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    const actor = start({ status: 'grace_period', gracePeriodEnd: iso(NOW + 2 * DAY) })
    actor.send({ type: 'restriction.update', status: 'grace_period', gracePeriodEnd: iso(NOW + 10 * DAY) })
    advance(5 * DAY)
    expect(actor.getSnapshot().value).toBe('gracePeriod')
    actor.send({ type: 'restriction.update', status: 'grace_period_over', gracePeriodEnd: iso(NOW + 10 * DAY) })
    expect(actor.getSnapshot().value).toBe('gracePeriodOver')
    actor.send({ type: 'restriction.update', status: 'restricted', gracePeriodEnd: null })
    expect(actor.getSnapshot().value).toBe('restricted')
    actor.send({ type: 'restriction.update', status: null, gracePeriodEnd: null })
    expect(actor.getSnapshot().value).toBe('unrestricted')
    // The old timer is gone with the state it belonged to.
    advance(10 * DAY)
    expect(actor.getSnapshot().value).toBe('unrestricted')
  })
})
