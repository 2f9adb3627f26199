// The machine inspector for QA (issue 9): limits and names shared by the app tab and the inspector window.

/** Events kept per actor when VITE_INSPECTOR_EVENT_LIMIT is not set: the inspector shows the last N. */
export const INSPECTOR_DEFAULT_EVENT_LIMIT = 100
/** Bounds of that setting: fewer is useless, more costs memory on every long-lived actor. */
export const INSPECTOR_EVENT_LIMIT_RANGE = { min: 10, max: 5000 } as const
/** Stopped actors (screen-local ones that unmounted) kept listed, newest first; older ones are forgotten. */
export const INSPECTOR_STOPPED_ACTORS_KEPT = 20
/** A recording stops appending past this many events (it is then marked truncated). */
export const INSPECTOR_RECORDING_EVENT_LIMIT = 10_000
/** The BroadcastChannel the app tab publishes on and the inspector window listens to. */
export const INSPECTOR_CHANNEL = 'studio-inspector'
/** The inspector window says it is still there this often; the app tab publishes only while it hears it. */
export const INSPECTOR_HEARTBEAT_INTERVAL = 2_000
/** An app tab stops publishing when no inspector has spoken for this long. */
export const INSPECTOR_HEARTBEAT_TIMEOUT = 6_000
/** The app tab batches its updates: at most one publication per this many ms. */
export const INSPECTOR_PUBLISH_THROTTLE = 100
/** The format tag of an exported recording. */
export const INSPECTOR_RECORDING_FORMAT = 'studio-machine-recording'
export const INSPECTOR_RECORDING_VERSION = 1
/** The inspector's route. */
export const INSPECTOR_PATH = '/inspector'
