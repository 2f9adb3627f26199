import { INSPECTOR_CHANNEL, INSPECTOR_PATH } from '../constants'
import { inspectionBus } from '../lib/inspection'
import { startInspectorPublisher } from '../lib/inspector-channel'
import { settings } from '../lib/settings'
import { browserStorage } from '../lib/storage'
import { connectStatelyInspectorIfAsked } from './stately-link'

const TAB_ID_KEY = 'studio.inspector.tab'

/** This tab's id for the inspector: kept in session storage, so an inspector window follows the tab across reloads. */
export function inspectorTabId(): string {
  const storage = browserStorage('session')
  try {
    const known = storage?.getItem(TAB_ID_KEY)
    if (known) return known
    const id = crypto.randomUUID()
    storage?.setItem(TAB_ID_KEY, id)
    return id
  } catch {
    return 'tab'
  }
}

export function isInspectorPage(pathname: string): boolean {
  return pathname === `${settings.basePath}${INSPECTOR_PATH}`
}

/**
 * An app tab publishes its actors to inspector windows over a BroadcastChannel (it stays silent until
 * one says hello), and to Stately's inspector with `?inspect=stately`. Not on the inspector page
 * itself, and not where the inspector is off.
 */
export function startInspectorLink(): void {
  if (!inspectionBus || isInspectorPage(window.location.pathname)) return
  connectStatelyInspectorIfAsked(window.location.search)
  if (typeof BroadcastChannel === 'undefined') return
  startInspectorPublisher({
    bus: inspectionBus,
    channel: new BroadcastChannel(INSPECTOR_CHANNEL),
    tabId: inspectorTabId(),
    describe: () => ({ title: document.title, path: `${window.location.pathname}${window.location.search}` }),
  })
}

/** Opens the inspector in its own window, following this tab. */
export function openInspectorWindow(): void {
  window.open(`${settings.basePath}${INSPECTOR_PATH}?tab=${encodeURIComponent(inspectorTabId())}`, `studio-inspector-${inspectorTabId()}`)
}
