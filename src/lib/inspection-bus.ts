import type { AnyActorRef, InspectionEvent } from 'xstate'
import { INSPECTOR_RECORDING_EVENT_LIMIT, INSPECTOR_STOPPED_ACTORS_KEPT } from '../constants'
import { toJsonSafe, type JsonValue } from './inspector-json'
import { definitionHash, makeRecording, recordedState, type MachineRecording, type RecordedState, type RecordingTrack } from './machine-recording'

/** One processed event of an actor, with the state it led to. */
export interface InspectorLogEntry {
  /** Increases across the whole bus: orders entries of different actors. */
  seq: number
  /** Epoch ms. */
  at: number
  type: string
  event: JsonValue
  /** The actor (by id) that sent it, when another actor did (a child's result, a delay…). */
  source: string | null
  state: RecordedState
}

/** A live (or recently stopped) machine actor, as the inspector shows it. */
export interface InspectedActor {
  /** Unique for the page (the actor's session id). */
  sessionId: string
  /** The actor's id: its session id, or the id it was created with (e.g. 'assistant:ref'). */
  id: string
  /** Its machine's id, which is its name in the machine registry. */
  machine: string
  /** The parent actor's session id for an invoked or spawned machine. */
  parent: string | null
  startedAt: number
  state: RecordedState
  log: InspectorLogEntry[]
}

export interface InspectionBusOptions {
  /** Events kept per actor (the oldest are dropped). */
  eventLimit: number
  now?: () => number
}

interface Recording {
  startedAt: number
  tracks: Map<string, RecordingTrack>
  events: number
  truncated: boolean
}

/** What the bus reads of an actor beyond the ActorRef interface (public fields of XState's Actor). */
type InspectedRef = AnyActorRef & { logic: unknown; options?: { input?: unknown }; _parent?: AnyActorRef }

interface Tracked {
  ref: InspectedRef
  parent: string | null
  startedAt: number
  /** Raw entries: made JSON only when read (reading is what the open inspector does). */
  log: { seq: number; at: number; event: { type: string }; source: string | null; snapshot: AnyMachineSnapshot; view?: InspectorLogEntry }[]
  stopped: boolean
}

type AnyMachineSnapshot = { value: unknown; context: unknown; status: string }

/** The events an actor processes by merely living. */
const STARTS_AND_STOPS = new Set(['xstate.init', 'xstate.stop'])

function isMachineActor(ref: InspectedRef): boolean {
  const logic = ref.logic as { root?: unknown; definition?: unknown } | undefined
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'getTransitionData' in logic
}

function machineId(ref: InspectedRef): string {
  return (ref.logic as { id: string }).id
}

/**
 * The in-app inspection bus: pass `bus.inspect` as XState's `inspect` option and it keeps, for every
 * machine actor, its latest snapshot and its last `eventLimit` events — bounded memory whether or not an
 * inspector is open (raw references are kept; JSON is made only when someone reads). Stopped actors stay
 * listed, the newest few only. It also records: every event of every machine actor from startRecording
 * to stopRecording, with the states they led to.
 */
export function createInspectionBus({ eventLimit, now = Date.now }: InspectionBusOptions) {
  const actors = new Map<string, Tracked>()
  const listeners = new Set<() => void>()
  let seq = 0
  let recording: Recording | null = null

  const notify = () => {
    for (const listener of listeners) listener()
  }

  function forgetOldStopped() {
    const stopped = [...actors.entries()].filter(([, a]) => a.stopped)
    for (const [sessionId] of stopped.slice(0, Math.max(0, stopped.length - INSPECTOR_STOPPED_ACTORS_KEPT))) actors.delete(sessionId)
  }

  function trackOf(sessionId: string, tracked: Tracked, fromStart: boolean, start: AnyMachineSnapshot): RecordingTrack {
    let track = recording!.tracks.get(sessionId)
    if (!track) {
      track = {
        actorId: tracked.ref.id,
        machine: machineId(tracked.ref),
        hash: definitionHash(tracked.ref.logic as never),
        input: toJsonSafe(tracked.ref.options?.input),
        fromStart,
        start: recordedState(start),
        events: [],
      }
      recording!.tracks.set(sessionId, track)
    }
    return track
  }

  function record(sessionId: string, tracked: Tracked, event: { type: string }, snapshot: AnyMachineSnapshot) {
    if (!recording || event.type === 'xstate.stop') return
    if (event.type === 'xstate.init') {
      trackOf(sessionId, tracked, true, snapshot)
      return
    }
    const track = trackOf(sessionId, tracked, false, tracked.log.at(-2)?.snapshot ?? snapshot)
    if (recording.events >= INSPECTOR_RECORDING_EVENT_LIMIT) {
      recording.truncated = true
      return
    }
    recording.events += 1
    track.events.push({ t: now() - recording.startedAt, event: toJsonSafe(event) as RecordingTrack['events'][number]['event'], state: recordedState(snapshot) })
  }

  /** Who sent the event an actor is processing: XState reports it before the snapshot that follows. */
  const sources = new Map<string, string | null>()

  function inspect(inspection: InspectionEvent): void {
    const ref = inspection.actorRef as InspectedRef
    if (inspection.type === '@xstate.event' && isMachineActor(ref)) {
      const source = inspection.sourceRef as AnyActorRef | undefined
      sources.set(ref.sessionId, source && source !== ref ? source.id : null)
      return
    }
    if (inspection.type !== '@xstate.snapshot' || !isMachineActor(ref)) return
    const snapshot = inspection.snapshot as unknown as AnyMachineSnapshot
    // Listed from its start (an actor created but never started, as React may do, never shows).
    const tracked: Tracked = actors.get(ref.sessionId) ?? {
      ref,
      parent: ref._parent ? ref._parent.sessionId : null,
      startedAt: now(),
      log: [],
      stopped: false,
    }
    actors.set(ref.sessionId, tracked)
    const event = inspection.event as { type: string }
    tracked.log.push({ seq: ++seq, at: now(), event, source: sources.get(ref.sessionId) ?? null, snapshot })
    sources.delete(ref.sessionId)
    if (tracked.log.length > eventLimit) tracked.log.splice(0, tracked.log.length - eventLimit)
    record(ref.sessionId, tracked, event, snapshot)
    // Done, failed or stopped: it will process nothing more, so it counts among the stopped ones,
    // unless it never processed an event (a copy button mounted and never pressed): nothing to see.
    if (snapshot.status !== 'active' && !tracked.stopped) {
      tracked.stopped = true
      if (tracked.log.every((entry) => STARTS_AND_STOPS.has(entry.event.type))) actors.delete(ref.sessionId)
      else forgetOldStopped()
    }
    notify()
  }

  function entryView(sessionId: string): InspectedActor | null {
    const tracked = actors.get(sessionId)
    if (!tracked) return null
    const log = tracked.log.map(
      (entry) =>
        (entry.view ??= {
          seq: entry.seq,
          at: entry.at,
          type: entry.event.type,
          event: toJsonSafe(entry.event),
          source: entry.source,
          state: recordedState(entry.snapshot),
        }),
    )
    return {
      sessionId,
      id: tracked.ref.id,
      machine: machineId(tracked.ref),
      parent: tracked.parent,
      startedAt: tracked.startedAt,
      state: log.at(-1)?.state ?? recordedState(tracked.ref.getSnapshot()),
      log,
    }
  }

  return {
    inspect,
    /** Called on every change (an event processed, an actor started or stopped, recording toggled). */
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Every listed actor, oldest first, with its state and log as JSON. */
    actors(): InspectedActor[] {
      return [...actors.keys()].map((id) => entryView(id)!)
    },
    actor: entryView,
    /** The running actors themselves (for another inspector that connects late). */
    liveRefs(): AnyActorRef[] {
      return [...actors.values()].filter((tracked) => !tracked.stopped).map((tracked) => tracked.ref)
    },
    get recording(): boolean {
      return recording !== null
    },
    /** Starts recording every machine actor: those running now from their current state, new ones from their start. */
    startRecording(): void {
      recording = { startedAt: now(), tracks: new Map(), events: 0, truncated: false }
      for (const [sessionId, tracked] of actors) {
        if (!tracked.stopped) trackOf(sessionId, tracked, false, tracked.ref.getSnapshot() as AnyMachineSnapshot)
      }
      notify()
    },
    /** Stops recording and returns what was recorded (tracks of actors that processed at least one event). */
    stopRecording(): MachineRecording | null {
      if (!recording) return null
      const done = recording
      recording = null
      notify()
      const tracks = [...done.tracks.values()].filter((track) => track.events.length > 0)
      return makeRecording(new Date(done.startedAt), now() - done.startedAt, tracks, done.truncated)
    },
  }
}

export type InspectionBus = ReturnType<typeof createInspectionBus>
