import { addInspectionObserver, inspectionBus } from '../lib/inspection'

/**
 * `?inspect=stately`: also sends every inspected actor to Stately's hosted inspector (a window on
 * its website, so it needs the network). Loaded only when asked; any failure, offline included, is
 * a warning and the app and the in-app inspector go on as before.
 */
export function connectStatelyInspectorIfAsked(search: string): void {
  const bus = inspectionBus
  if (!bus || new URLSearchParams(search).get('inspect') !== 'stately') return
  import('@statelyai/inspect')
    .then(({ createBrowserInspector }) => {
      const inspector = createBrowserInspector({ autoStart: true })
      // Actors started before the link are registered with their current state.
      for (const ref of bus.liveRefs()) inspector.actor(ref, ref.getSnapshot())
      addInspectionObserver((event) => inspector.inspect.next?.(event))
    })
    .catch((error: unknown) => console.warn('The Stately inspector could not be connected (offline?)', error))
}
