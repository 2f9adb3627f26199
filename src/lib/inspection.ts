import { createActor, type Actor, type ActorOptions, type AnyStateMachine, type InspectionEvent } from 'xstate'
import { createInspectionBus, type InspectionBus } from './inspection-bus'
import { settings } from './settings'

/** The page's one inspection bus; null where the inspector is off (hosted production), so nothing is inspected there. */
export const inspectionBus: InspectionBus | null = settings.inspector.enabled ? createInspectionBus({ eventLimit: settings.inspector.eventLimit }) : null

/** Extra observers of every inspected actor (the optional Stately link adds one). */
const extraObservers = new Set<(event: InspectionEvent) => void>()
export function addInspectionObserver(observer: (event: InspectionEvent) => void): () => void {
  extraObservers.add(observer)
  return () => extraObservers.delete(observer)
}

/** Every observer runs guarded: an inspector failing must never break the actor it watches. */
function inspect(event: InspectionEvent): void {
  for (const observer of [inspectionBus!.inspect, ...extraObservers]) {
    try {
      observer(event)
    } catch (error) {
      console.warn('An inspector failed on an inspection event', error)
    }
  }
}

/** XState's `inspect` option for `createActor`, `useMachine` and `useActorRef`: undefined when the inspector is off. */
export const inspectOption: ((event: InspectionEvent) => void) | undefined = inspectionBus ? inspect : undefined

/** `{ inspect }` to spread into `useMachine` / `useActorRef` options of screen-local actors. */
export const inspected = inspectOption ? { inspect: inspectOption } : {}

/**
 * Creates and starts a long-lived actor that the inspector watches: the one way the app makes its
 * page-wide actors (consent, clock skew, previews, assistants, command menu, profile).
 */
export function createInspectedActor<M extends AnyStateMachine>(machine: M, options: ActorOptions<M> = {}): Actor<M> {
  return createActor(machine, { ...options, ...inspected } as never).start() as Actor<M>
}
