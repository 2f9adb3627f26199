import * as v from 'valibot'
import { isMockScenario, MOCK_SCENARIOS, SCENARIO_STORAGE_KEY, type MockScenario } from '../constants'
import { browserStorage, readStoredText, removeStored, writeStoredText } from '../lib/storage'
import { unregisterMockServiceWorker } from '../lib/mock-service-worker'
import { settings } from '../lib/settings'

/** `?scenario=name` picks a fault for this tab (remembered in session storage); `?scenario=none` clears it. */
export function resolveScenario(search: string, storage: Storage | undefined): MockScenario | null {
  const requested = new URLSearchParams(search).get('scenario')
  if (requested !== null) {
    if (isMockScenario(requested)) {
      writeStoredText(storage, SCENARIO_STORAGE_KEY, requested)
      return requested
    }
    removeStored(storage, SCENARIO_STORAGE_KEY)
    return null
  }
  // Kept as plain text; a name that is not a scenario is removed with a warning.
  return readStoredText(storage, SCENARIO_STORAGE_KEY, v.picklist(MOCK_SCENARIOS))
}

declare global {
  interface Window {
    /** The running mock platform, for e2e tests and the curious (dev and preview only). */
    __studioMock?: import('../../mock-platform/browser').BrowserMockPlatform
  }
}

/** Starts the embedded mock platform before the app's first request, when the settings ask for it. */
export async function startMockPlatformIfEnabled(): Promise<void> {
  if (!settings.mockPlatform) return unregisterMockServiceWorker(globalThis.navigator?.serviceWorker)
  // eslint-disable-next-line import/no-restricted-paths -- start-up seam: the embedded mock platform starts before the app's first request (its own chunk)
  const { startBrowserMockPlatform } = await import('../../mock-platform/browser')
  window.__studioMock = await startBrowserMockPlatform({
    latency: settings.mockLatency,
    scenario: resolveScenario(window.location.search, browserStorage('session')),
    basePath: settings.basePath,
    selfHosted: !settings.isPlatform,
    assistantModel: settings.assistantModel,
  })
}

