import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine, fromPromise } from 'xstate'
import { clockSkewMachine } from '../../machines/clock-skew.machine'
import { commandMenuMachine } from '../../machines/command-menu.machine'
import { consentMachine, type ConsentCategory } from '../../machines/consent.machine'
import { machineRegistry } from '../../machines/index'
import { profileMachine } from '../../machines/profile.machine'
import { INSPECTOR_STOPPED_ACTORS_KEPT } from '../constants'
import { createInspectionBus } from './inspection-bus'
import { checkTrack, createReplay, definitionHash, parseRecording } from './machine-recording'

afterEach(() => vi.useRealTimers())

const CATEGORIES: ConsentCategory[] = [
  { slug: 'essential', label: 'Essential', description: 'Sign-in', isEssential: true, services: [] },
  { slug: 'analytics', label: 'Analytics', description: 'Usage', isEssential: false, services: [] },
]

/** A bus with a clock the test moves, and the app's consent actor wired to it. */
function setup(eventLimit = 100) {
  let time = 1_000
  const bus = createInspectionBus({ eventLimit, now: () => time })
  const tick = (ms: number) => (time += ms)
  const load = { result: Promise.resolve(CATEGORIES) as Promise<readonly ConsentCategory[]> }
  const startConsent = () =>
    createActor(consentMachine.provide({ actors: { loadCategories: fromPromise(() => load.result) } }), {
      input: { decision: null },
      inspect: bus.inspect,
    }).start()
  return { bus, tick, load, startConsent }
}

describe('inspection bus', () => {
  it('lists machine actors once started, with machine, state and a log whose events say who sent them', async () => {
    const { bus, startConsent } = setup()
    const neverStarted = createActor(commandMenuMachine, { inspect: bus.inspect })
    const consent = startConsent()
    expect(bus.actors().map((a) => a.machine)).toEqual(['consent'])
    expect(bus.actors()[0]!.state.value).toEqual({ decision: 'showConsentToast', privacySettings: 'closed' })

    consent.send({ type: 'consent.accept' })
    consent.send({ type: 'privacy.open' })
    await vi.waitFor(() => expect(consent.getSnapshot().matches({ privacySettings: 'editing' })).toBe(true))

    const [actor] = bus.actors()
    // The promise child is not listed: its result is an event of its parent.
    expect(bus.actors()).toHaveLength(1)
    expect(actor!.sessionId).toBe(consent.sessionId)
    expect(actor!.log.map((e) => [e.type, e.source])).toEqual([
      ['xstate.init', null],
      ['consent.accept', null],
      ['privacy.open', null],
      ['xstate.done.actor.loadCategories', 'loadCategories'],
    ])
    expect(actor!.log[3]!.event).toMatchObject({ output: CATEGORIES })
    expect(actor!.state.value).toEqual({ decision: 'accepted', privacySettings: 'editing' })
    expect(actor!.state.context).toMatchObject({ decision: 'accepted', categories: CATEGORIES })
    expect(bus.actor(neverStarted.sessionId)).toBeNull()
  })

  it('keeps only the last N events per actor', () => {
    const { bus } = setup(3)
    const menu = createActor(commandMenuMachine, { inspect: bus.inspect }).start()
    for (let i = 0; i < 10; i++) menu.send({ type: 'query.change', query: `q${i}` })
    const log = bus.actor(menu.sessionId)!.log
    expect(log.map((e) => (e.event as { query: string }).query)).toEqual(['q7', 'q8', 'q9'])
    // The state shown is the latest, whatever was dropped.
    expect(bus.actor(menu.sessionId)!.state.context).toEqual({ query: '' })
  })

  it('forgets all but the newest stopped actors; live ones stay', () => {
    const { bus } = setup()
    const live = createActor(commandMenuMachine, { inspect: bus.inspect }).start()
    const stopped = Array.from({ length: INSPECTOR_STOPPED_ACTORS_KEPT + 5 }, () => createActor(commandMenuMachine, { inspect: bus.inspect }).start())
    for (const actor of stopped) {
      actor.send({ type: 'query.change', query: 'x' })
      actor.stop()
    }
    const listed = bus.actors().map((a) => a.sessionId)
    expect(listed).toHaveLength(INSPECTOR_STOPPED_ACTORS_KEPT + 1)
    expect(listed).toContain(live.sessionId)
    expect(listed).not.toContain(stopped[0]!.sessionId)
    expect(listed).toContain(stopped.at(-1)!.sessionId)
    expect(bus.actor(stopped.at(-1)!.sessionId)!.state.status).toBe('stopped')
    expect(bus.liveRefs()).toEqual([live])
  })

  it('an actor stopped without processing an event (a copy button never pressed) is not kept among the stopped', () => {
    const { bus } = setup()
    const used = createActor(commandMenuMachine, { inspect: bus.inspect }).start()
    used.send({ type: 'query.change', query: 'x' })
    const idle = Array.from({ length: INSPECTOR_STOPPED_ACTORS_KEPT + 5 }, () => createActor(commandMenuMachine, { inspect: bus.inspect }).start())
    expect(bus.actors()).toHaveLength(INSPECTOR_STOPPED_ACTORS_KEPT + 6)
    for (const actor of idle) actor.stop()
    used.stop()
    expect(bus.actors().map((a) => a.sessionId)).toEqual([used.sessionId])
  })

  it('an actor that reached its final state counts as stopped', () => {
    const { bus } = setup()
    const profile = createActor(
      profileMachine.provide({ actors: { fetchProfile: fromPromise(() => Promise.reject({ message: 'Unauthorized', code: 401 })) } }),
      { inspect: bus.inspect },
    ).start()
    return vi.waitFor(() => {
      expect(bus.actor(profile.sessionId)!.state).toMatchObject({ value: 'signedOut', status: 'done' })
      expect(bus.liveRefs()).toEqual([])
    })
  })

  it('tells its subscribers about every change until they unsubscribe', () => {
    const { bus } = setup()
    const listener = vi.fn()
    const unsubscribe = bus.subscribe(listener)
    const menu = createActor(commandMenuMachine, { inspect: bus.inspect }).start()
    menu.send({ type: 'menu.open' })
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
    menu.send({ type: 'menu.close' })
    expect(listener).toHaveBeenCalledTimes(2)
  })
})

describe('recording and replay', () => {
  it('records running actors from their current state and new ones from their input, with relative times', async () => {
    const { bus, tick, startConsent } = setup()
    const menu = createActor(commandMenuMachine, { inspect: bus.inspect }).start()
    menu.send({ type: 'menu.open' })
    menu.send({ type: 'query.change', query: 'before' })
    const idle = createActor(commandMenuMachine, { inspect: bus.inspect }).start()

    bus.startRecording()
    expect(bus.recording).toBe(true)
    tick(50)
    menu.send({ type: 'query.change', query: 'sql' })
    const consent = startConsent()
    tick(25)
    consent.send({ type: 'privacy.open' })
    await vi.waitFor(() => expect(consent.getSnapshot().matches({ privacySettings: 'editing' })).toBe(true))
    tick(25)
    const recording = bus.stopRecording()!
    menu.send({ type: 'menu.close' })

    expect(bus.recording).toBe(false)
    expect(recording.durationMs).toBe(100)
    // The idle actor did nothing while recording: no track.
    expect(recording.tracks.map((t) => t.actorId)).toEqual([menu.id, consent.id])
    expect(recording.tracks.some((t) => t.actorId === idle.id)).toBe(false)
    const [menuTrack, consentTrack] = recording.tracks
    expect(menuTrack).toMatchObject({ machine: 'commandMenu', hash: definitionHash(commandMenuMachine), fromStart: false })
    expect(menuTrack!.start).toEqual({ value: 'open', context: { query: 'before' }, status: 'active' })
    expect(menuTrack!.events).toEqual([
      { t: 50, event: { type: 'query.change', query: 'sql' }, state: { value: 'open', context: { query: 'sql' }, status: 'active' } },
    ])
    expect(consentTrack).toMatchObject({ machine: 'consent', fromStart: true, input: { decision: null } })
    expect(consentTrack!.events.map((e) => [e.t, e.event.type])).toEqual([
      [75, 'privacy.open'],
      [75, 'xstate.done.actor.loadCategories'],
    ])
    // What is exported reads back as it was.
    expect(parseRecording(JSON.stringify(recording))).toEqual({ ok: true, recording })
  })

  it('replays a recording to the same states, the actors’ results and errors coming from the recording', async () => {
    const { bus, load, startConsent } = setup()
    bus.startRecording()
    const consent = startConsent()
    load.result = Promise.reject(new Error('blocked'))
    consent.send({ type: 'privacy.open' })
    await vi.waitFor(() => expect(consent.getSnapshot().matches({ privacySettings: 'failed' })).toBe(true))
    load.result = Promise.resolve(CATEGORIES)
    consent.send({ type: 'privacy.retry' })
    await vi.waitFor(() => expect(consent.getSnapshot().matches({ privacySettings: 'editing' })).toBe(true))
    consent.send({ type: 'consent.save', choices: { analytics: true } })
    const [track] = bus.stopRecording()!.tracks
    expect(track!.events.map((e) => e.event.type)).toEqual([
      'privacy.open',
      'xstate.error.actor.loadCategories',
      'privacy.retry',
      'xstate.done.actor.loadCategories',
      'consent.save',
    ])

    const check = checkTrack(track!, machineRegistry)
    expect(check.status).toBe('ok')
    const replay = createReplay(consentMachine, track!)
    expect(replay.steps[0]!.differences).toEqual([])
    // Step by step: the error event's Error is an Error again, so the machine keeps its message.
    const second = (replay.step(), replay.step())!
    expect(second.actual.context).toMatchObject({ loadError: 'blocked' })
    expect(second.differences).toEqual([])
    const steps = replay.runAll()
    expect(steps).toHaveLength(6)
    expect(steps.every((s) => s.differences.length === 0)).toBe(true)
    expect(steps.at(-1)!.actual.value).toEqual({ decision: 'accepted', privacySettings: 'closed' })
    expect(replay.step()).toBeNull()
    replay.stop()
  })

  it('delayed events come from the recording, never from the replay’s own timers', async () => {
    vi.useFakeTimers()
    const bus = createInspectionBus({ eventLimit: 100 })
    const readings = [0, 10 * 60_000]
    const clock = createActor(
      clockSkewMachine.provide({ actors: { readServerTime: fromPromise(async () => ({ serverTime: readings.shift() ?? 0, localTime: 0 })) } }),
      { inspect: bus.inspect },
    )
    bus.startRecording()
    clock.start()
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(30 * 60_000)
    expect(clock.getSnapshot().value).toBe('skewed')
    const [track] = bus.stopRecording()!.tracks
    expect(track!.events.map((e) => e.event.type)).toEqual([
      'xstate.done.actor.readServerTime',
      'xstate.after.checkInterval.clockSkew.inSync',
      'xstate.done.actor.readServerTime',
    ])
    const replay = createReplay(clockSkewMachine, track!)
    replay.step()
    // Far past the interval: the replay stays where the recording says.
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(replay.steps.at(-1)!.actual.value).toBe('inSync')
    expect(replay.runAll().map((s) => [s.actual.value, s.differences.length])).toEqual([
      ['checking', 0],
      ['inSync', 0],
      ['checking', 0],
      ['skewed', 0],
    ])
  })

  it('shows where a replayed state differs from a recorded one', () => {
    const { bus } = setup()
    bus.startRecording()
    const menu = createActor(commandMenuMachine, { inspect: bus.inspect }).start()
    menu.send({ type: 'menu.open' })
    menu.send({ type: 'query.change', query: 'sql' })
    const [track] = bus.stopRecording()!.tracks
    track!.events[1]!.state = { value: 'closed', context: { query: 'tables' }, status: 'active' }
    const steps = createReplay(commandMenuMachine, track!).runAll()
    expect(steps.map((s) => s.differences)).toEqual([[], [], ['value: expected "closed", got "open"', 'context.query: expected "tables", got "sql"']])
  })

  it('flags a recording whose machine definition changed or is not registered, and refuses what is not a recording', () => {
    const { bus } = setup()
    bus.startRecording()
    createActor(commandMenuMachine, { inspect: bus.inspect }).start().send({ type: 'menu.open' })
    const [track] = bus.stopRecording()!.tracks
    expect(checkTrack({ ...track!, hash: 'feedface' }, machineRegistry)).toMatchObject({
      status: 'changed',
      recordedHash: 'feedface',
      currentHash: definitionHash(commandMenuMachine),
    })
    expect(checkTrack({ ...track!, machine: 'gone' }, machineRegistry)).toEqual({ status: 'unknown', machine: 'gone' })
    expect(parseRecording('not json')).toEqual({ ok: false, error: 'The file is not JSON.' })
    expect(parseRecording(JSON.stringify({ format: 'other' }))).toMatchObject({ ok: false })
  })

  it('the version hash ignores implementations and changes with the definition', () => {
    expect(definitionHash(commandMenuMachine.provide({}))).toBe(definitionHash(commandMenuMachine))
    const { config } = commandMenuMachine
    const withAnotherState = createMachine({ ...config, states: { ...config.states, extra: {} } } as typeof config)
    expect(definitionHash(withAnotherState)).not.toBe(definitionHash(commandMenuMachine))
  })
})
