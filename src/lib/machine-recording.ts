import * as v from 'valibot'
import { createActor, fromPromise, type AnyActorRef, type AnyStateMachine } from 'xstate'
import { INSPECTOR_RECORDING_FORMAT, INSPECTOR_RECORDING_VERSION } from '../constants'
import { hashString, jsonDifferences, reviveJson, toJsonSafe, type JsonValue } from './inspector-json'

/** A machine snapshot as recorded and compared: JSON only. */
export interface RecordedState {
  value: JsonValue
  context: JsonValue
  status: string
}

export interface RecordedEvent {
  /** Milliseconds since the recording started. */
  t: number
  event: { type: string } & Record<string, JsonValue>
  /** The actor's snapshot after the event. */
  state: RecordedState
}

/** What one actor did while recording. */
export interface RecordingTrack {
  actorId: string
  /** The registry name of its machine (which is its machine id). */
  machine: string
  /** definitionHash of the machine that ran: a replay against another definition is refused. */
  hash: string
  /** The input the actor was created with. */
  input: JsonValue
  /** true: the actor started during the recording (replayed from its input); false: it was already running (replayed from `start`). */
  fromStart: boolean
  /** Its snapshot when the track began. */
  start: RecordedState
  events: RecordedEvent[]
}

export interface MachineRecording {
  format: typeof INSPECTOR_RECORDING_FORMAT
  version: typeof INSPECTOR_RECORDING_VERSION
  recordedAt: string
  durationMs: number
  /** The recording hit its event limit and stopped appending. */
  truncated: boolean
  tracks: RecordingTrack[]
}

const hashes = new WeakMap<AnyStateMachine, string>()

/**
 * A version hash of a machine's definition: its states, transitions, guards and actions by name, as
 * JSON (implementations are functions and drop out, so `provide` does not change it).
 */
export function definitionHash(machine: AnyStateMachine): string {
  let hash = hashes.get(machine)
  if (hash === undefined) {
    hash = hashString(JSON.stringify(machine.definition))
    hashes.set(machine, hash)
  }
  return hash
}

export function recordedState(snapshot: { value: unknown; context: unknown; status: string }): RecordedState {
  return { value: toJsonSafe(snapshot.value), context: toJsonSafe(snapshot.context), status: snapshot.status }
}

const jsonSchema = v.custom<JsonValue>(() => true)
const stateSchema = v.object({ value: jsonSchema, context: jsonSchema, status: v.string() })
const recordingSchema = v.object({
  format: v.literal(INSPECTOR_RECORDING_FORMAT),
  version: v.literal(INSPECTOR_RECORDING_VERSION),
  recordedAt: v.string(),
  durationMs: v.number(),
  truncated: v.boolean(),
  tracks: v.array(
    v.object({
      actorId: v.string(),
      machine: v.string(),
      hash: v.string(),
      input: jsonSchema,
      fromStart: v.boolean(),
      start: stateSchema,
      events: v.array(v.object({ t: v.number(), event: v.looseObject({ type: v.string() }) as v.GenericSchema<RecordedEvent['event']>, state: stateSchema })),
    }),
  ),
})

/** Reads an exported recording; anything else is an error with a reason, never a crash. */
export function parseRecording(text: string): { ok: true; recording: MachineRecording } | { ok: false; error: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, error: 'The file is not JSON.' }
  }
  const result = v.safeParse(recordingSchema, json)
  if (!result.success) return { ok: false, error: `Not a machine recording: ${v.summarize(result.issues).split('\n')[0]}` }
  return { ok: true, recording: result.output as MachineRecording }
}

export interface RegisteredMachine {
  name: string
  machine: AnyStateMachine
}

export type TrackCheck<E extends RegisteredMachine = RegisteredMachine> =
  | { status: 'ok'; entry: E }
  | { status: 'unknown'; machine: string }
  | { status: 'changed'; entry: E; recordedHash: string; currentHash: string }

/** Whether a track can be replayed: its machine is registered and its definition is unchanged. */
export function checkTrack<E extends RegisteredMachine>(track: RecordingTrack, registry: readonly E[]): TrackCheck<E> {
  const entry = registry.find((e) => e.name === track.machine || e.machine.id === track.machine)
  if (!entry) return { status: 'unknown', machine: track.machine }
  const currentHash = definitionHash(entry.machine)
  if (currentHash !== track.hash) return { status: 'changed', entry, recordedHash: track.hash, currentHash }
  return { status: 'ok', entry }
}

/** A clock whose timers never fire: in a replay every delayed event comes from the recording. */
const stoppedClock = { setTimeout: () => 0, clearTimeout: () => {} }

/**
 * The machine with nothing of the outside world: every named actor is a stub that never settles (its
 * results are the recorded `xstate.done.actor.*` / `xstate.error.actor.*` events) and every named
 * side-effect action does nothing. Built-in actions (assign, raise, sendTo…) keep working.
 */
export function replayableMachine(machine: AnyStateMachine): AnyStateMachine {
  const never = fromPromise(() => new Promise<never>(() => {}))
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, never]))
  const actions = Object.fromEntries(
    Object.entries(machine.implementations.actions)
      .filter(([, action]) => typeof action === 'function' && !('resolve' in action))
      .map(([name]) => [name, () => {}]),
  )
  return machine.provide({ actors, actions } as never)
}

export interface ReplayStep {
  /** 0 is the start state; n is after the n-th recorded event. */
  index: number
  eventType: string | null
  t: number
  expected: RecordedState
  actual: RecordedState
  differences: string[]
}

export interface Replay {
  readonly total: number
  /** How many recorded events were sent so far. */
  readonly position: number
  /** The start state and every step so far, each compared with the recording. */
  readonly steps: readonly ReplayStep[]
  /** Sends the next recorded event; null when all were sent. */
  step(): ReplayStep | null
  /** Sends every remaining event. */
  runAll(): readonly ReplayStep[]
  stop(): void
}

function compare(index: number, eventType: string | null, t: number, expected: RecordedState, actor: AnyActorRef): ReplayStep {
  const actual = recordedState(actor.getSnapshot())
  const differences = jsonDifferences({ value: expected.value, context: expected.context }, { value: actual.value, context: actual.context })
  if (expected.status !== actual.status) differences.push(`status: expected ${expected.status}, got ${actual.status}`)
  return { index, eventType, t, expected, actual, differences }
}

/**
 * Replays a track against a fresh actor of the machine: from the recorded input when the actor started
 * during the recording, else from the recorded start state. Each recorded event (the actors' results
 * and delayed events included) is sent in turn and the state compared with the recorded one.
 * Check the track first (checkTrack): a changed definition must not be replayed.
 */
export function createReplay(machine: AnyStateMachine, track: RecordingTrack): Replay {
  const logic = replayableMachine(machine)
  const input = reviveJson(track.input)
  const actor = track.fromStart
    ? createActor(logic, { input, clock: stoppedClock } as never)
    : createActor(logic, {
        input,
        clock: stoppedClock,
        snapshot: logic.resolveState({ value: track.start.value as never, context: reviveJson(track.start.context) as never }),
      } as never)
  actor.start()
  const steps: ReplayStep[] = [compare(0, null, 0, track.start, actor)]
  let position = 0
  const replay: Replay = {
    total: track.events.length,
    get position() {
      return position
    },
    steps,
    step() {
      const recorded = track.events[position]
      if (!recorded) return null
      position += 1
      actor.send(reviveJson(recorded.event) as never)
      const result = compare(position, recorded.event.type, recorded.t, recorded.state, actor)
      steps.push(result)
      return result
    },
    runAll() {
      while (replay.step()) {
        /* every remaining event */
      }
      return steps
    },
    stop: () => actor.stop(),
  }
  return replay
}

export function makeRecording(recordedAt: Date, durationMs: number, tracks: RecordingTrack[], truncated: boolean): MachineRecording {
  return { format: INSPECTOR_RECORDING_FORMAT, version: INSPECTOR_RECORDING_VERSION, recordedAt: recordedAt.toISOString(), durationMs, truncated, tracks }
}
