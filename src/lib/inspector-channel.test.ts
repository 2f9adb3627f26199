import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { commandMenuMachine } from '../../machines/command-menu.machine'
import { INSPECTOR_HEARTBEAT_TIMEOUT, INSPECTOR_PUBLISH_THROTTLE } from '../constants'
import { createInspectionBus } from './inspection-bus'
import { startInspectorPublisher, type AppTabMessage, type InspectorMessage, type MessageChannelLike } from './inspector-channel'

/** A channel and a clock the test drives: scheduled publications run when time passes. */
function setup() {
  let time = 0
  const timers: { at: number; run: () => void }[] = []
  const sent: AppTabMessage[] = []
  const listeners = new Set<(event: MessageEvent) => void>()
  const channel: MessageChannelLike = {
    postMessage: (message) => sent.push(message as AppTabMessage),
    addEventListener: (_, listener) => listeners.add(listener),
    removeEventListener: (_, listener) => listeners.delete(listener),
  }
  const bus = createInspectionBus({ eventLimit: 10, now: () => time })
  const stop = startInspectorPublisher({
    bus,
    channel,
    tabId: 'tab-1',
    describe: () => ({ title: 'Studio', path: '/org/acme' }),
    now: () => time,
    schedule: (run, ms) => {
      const timer = { at: time + ms, run }
      timers.push(timer)
      return timer
    },
    cancel: (timer) => timers.splice(timers.indexOf(timer as never), 1),
  })
  const advance = (ms: number) => {
    time += ms
    for (const timer of timers.filter((t) => t.at <= time)) {
      timers.splice(timers.indexOf(timer), 1)
      timer.run()
    }
  }
  const say = (message: InspectorMessage) => listeners.forEach((listener) => listener({ data: message } as MessageEvent))
  const menu = createActor(commandMenuMachine, { inspect: bus.inspect }).start()
  return { bus, sent, advance, say, menu, stop, listeners, timers }
}

describe('inspector publisher', () => {
  it('publishes nothing while no inspector has said hello', () => {
    const { sent, advance, menu } = setup()
    menu.send({ type: 'menu.open' })
    advance(10_000)
    expect(sent).toEqual([])
  })

  it('after a hello, publishes the actors (batched) until the heartbeat times out', () => {
    const { sent, advance, say, menu } = setup()
    say({ kind: 'hello' })
    advance(INSPECTOR_PUBLISH_THROTTLE)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ kind: 'state', tabId: 'tab-1', title: 'Studio', path: '/org/acme', recording: false })
    const [actor] = (sent[0] as Extract<AppTabMessage, { kind: 'state' }>).actors
    expect(actor).toMatchObject({ machine: 'commandMenu', state: { value: 'closed', context: { query: '' } } })
    // Log entries carry the state value only; the context is sent once, for the current state.
    expect(actor!.log[0]!.state).toEqual({ value: 'closed', status: 'active' })

    menu.send({ type: 'menu.open' })
    menu.send({ type: 'query.change', query: 'a' })
    menu.send({ type: 'query.change', query: 'ab' })
    advance(INSPECTOR_PUBLISH_THROTTLE)
    expect(sent).toHaveLength(2)
    expect((sent[1] as Extract<AppTabMessage, { kind: 'state' }>).actors[0]!.log.map((e) => e.type)).toEqual([
      'xstate.init',
      'menu.open',
      'query.change',
      'query.change',
    ])

    advance(INSPECTOR_HEARTBEAT_TIMEOUT)
    menu.send({ type: 'menu.close' })
    advance(INSPECTOR_PUBLISH_THROTTLE)
    expect(sent).toHaveLength(2)
  })

  it('starts and stops recording on commands for this tab only, and sends the recording back', () => {
    const { bus, sent, advance, say, menu } = setup()
    say({ kind: 'record.start', tabId: 'another-tab' })
    expect(bus.recording).toBe(false)
    say({ kind: 'record.start', tabId: 'tab-1' })
    expect(bus.recording).toBe(true)
    menu.send({ type: 'menu.toggle' })
    advance(INSPECTOR_PUBLISH_THROTTLE)
    expect(sent.at(-1)).toMatchObject({ kind: 'state', recording: true })
    say({ kind: 'record.stop', tabId: 'tab-1' })
    const message = sent.find((m) => m.kind === 'recording') as Extract<AppTabMessage, { kind: 'recording' }>
    expect(message.tabId).toBe('tab-1')
    expect(message.recording.tracks.map((t) => [t.machine, t.events.map((e) => e.event.type)])).toEqual([['commandMenu', ['menu.toggle']]])
  })

  it('stops listening and publishing when stopped', () => {
    const { say, stop, listeners, timers, menu } = setup()
    say({ kind: 'hello' })
    menu.send({ type: 'menu.open' })
    stop()
    expect(listeners.size).toBe(0)
    expect(timers).toHaveLength(0)
  })
})
