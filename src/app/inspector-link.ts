import { INSPECTOR_CHANNEL, INSPECTOR_PATH, INSPECTOR_TAB_ID_KEY } from '../constants'
import { inspectionBus } from '../lib/inspection'
import { startInspectorPublisher } from '../lib/inspector-channel'
import { settings } from '../lib/settings'
import * as v from 'valibot'
import { browserStorage, readStoredText, writeStoredText } from '../lib/storage'
import { connectStatelyInspectorIfAsked } from './stately-link'

/**
 * This tab's id for the inspector: kept in session storage (plain text), so an inspector window
 * follows the tab across reloads. Anything but a UUID there is replaced, with a warning.
 */
export function inspectorTabId(storage: Storage | undefined = browserStorage('session')): string {
  const known = readStoredText(storage, INSPECTOR_TAB_ID_KEY, v.pipe(v.string(), v.uuid()))
  if (known) return known
  let id: string
  try {
    id = crypto.randomUUID()
  } catch {
    // Outside a secure context there is no randomUUID: one id for every tab is still an id.
    return 'tab'
  }
  writeStoredText(storage, INSPECTOR_TAB_ID_KEY, id)
  return id
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
