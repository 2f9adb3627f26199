import { INSPECTOR_HEARTBEAT_TIMEOUT, INSPECTOR_PUBLISH_THROTTLE } from '../constants'
import type { InspectedActor, InspectionBus, InspectorLogEntry } from './inspection-bus'
import type { JsonValue } from './inspector-json'
import type { MachineRecording } from './machine-recording'

/** A log entry as sent to the inspector window: the state it led to without its context (the current context is sent once). */
export type PublishedLogEntry = Omit<InspectorLogEntry, 'state'> & { state: { value: JsonValue; status: string } }
export type PublishedActor = Omit<InspectedActor, 'log'> & { log: PublishedLogEntry[] }

/** What an app tab publishes. */
export type AppTabMessage =
  | { kind: 'state'; tabId: string; title: string; path: string; recording: boolean; actors: PublishedActor[] }
  | { kind: 'recording'; tabId: string; recording: MachineRecording }

/** What an inspector window says: `hello` (repeated as a heartbeat) and recording commands for one tab. */
export type InspectorMessage = { kind: 'hello' } | { kind: 'record.start'; tabId: string } | { kind: 'record.stop'; tabId: string }

/** The part of BroadcastChannel the link uses (a fake in tests). */
export interface MessageChannelLike {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export function publishedActor(actor: InspectedActor): PublishedActor {
  return { ...actor, log: actor.log.map((entry) => ({ ...entry, state: { value: entry.state.value, status: entry.state.status } })) }
}

export interface PublisherOptions {
  bus: InspectionBus
  channel: MessageChannelLike
  tabId: string
  /** The tab's title and path, read at each publication. */
  describe: () => { title: string; path: string }
  now?: () => number
  schedule?: (run: () => void, ms: number) => unknown
  cancel?: (handle: unknown) => void
}

/**
 * The app tab's side of the inspector link: while an inspector window has said hello within the
 * heartbeat timeout, every change of the bus is published (batched, at most one message per throttle
 * period); with no inspector listening it does nothing but compare a time. Recording commands
 * addressed to this tab start and stop the bus's recording; the recording is sent back when it stops.
 */
export function startInspectorPublisher({
  bus,
  channel,
  tabId,
  describe,
  now = Date.now,
  schedule = (run, ms) => setTimeout(run, ms),
  cancel = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: PublisherOptions): () => void {
  let lastHeard = Number.NEGATIVE_INFINITY
  let pending: unknown = null

  const publish = () => {
    pending = null
    const message: AppTabMessage = { kind: 'state', tabId, ...describe(), recording: bus.recording, actors: bus.actors().map(publishedActor) }
    channel.postMessage(message)
  }
  const publishSoon = () => {
    if (pending === null) pending = schedule(publish, INSPECTOR_PUBLISH_THROTTLE)
  }
  const listening = () => now() - lastHeard < INSPECTOR_HEARTBEAT_TIMEOUT

  const onMessage = (event: MessageEvent) => {
    const message = event.data as InspectorMessage | null
    if (!message || typeof message !== 'object') return
    if (message.kind === 'hello') {
      lastHeard = now()
      publishSoon()
    } else if (message.kind === 'record.start' && message.tabId === tabId) {
      lastHeard = now()
      bus.startRecording()
    } else if (message.kind === 'record.stop' && message.tabId === tabId) {
      lastHeard = now()
      const recording = bus.stopRecording()
      if (recording) channel.postMessage({ kind: 'recording', tabId, recording } satisfies AppTabMessage)
    }
  }
  channel.addEventListener('message', onMessage)
  const unsubscribe = bus.subscribe(() => {
    if (listening()) publishSoon()
  })
  return () => {
    unsubscribe()
    channel.removeEventListener('message', onMessage)
    if (pending !== null) cancel(pending)
  }
}
