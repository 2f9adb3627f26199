import { isMockScenario, type MockScenario } from '../constants'
import { browserStorage } from '../lib/storage'
import { settings } from '../lib/settings'

export const SCENARIO_STORAGE_KEY = 'studio.mock.scenario'

/** `?scenario=name` picks a fault for this tab (remembered in session storage); `?scenario=none` clears it. */
export function resolveScenario(search: string, storage: Storage | undefined): MockScenario | null {
  const requested = new URLSearchParams(search).get('scenario')
  if (requested !== null) {
    if (isMockScenario(requested)) {
      storage?.setItem(SCENARIO_STORAGE_KEY, requested)
      return requested
    }
    storage?.removeItem(SCENARIO_STORAGE_KEY)
    return null
  }
  const remembered = storage?.getItem(SCENARIO_STORAGE_KEY) ?? null
  return isMockScenario(remembered) ? remembered : null
}

declare global {
  interface Window {
    /** The running mock platform, for e2e tests and the curious (dev and preview only). */
    __studioMock?: import('../../mock-platform/browser').BrowserMockPlatform
  }
}

/** Starts the embedded mock platform before the app's first request, when the settings ask for it. */
export async function startMockPlatformIfEnabled(): Promise<void> {
  if (!settings.mockPlatform) return
  // eslint-disable-next-line import-x/no-restricted-paths -- start-up seam: the embedded mock platform starts before the app's first request (its own chunk)
  const { startBrowserMockPlatform } = await import('../../mock-platform/browser')
  window.__studioMock = await startBrowserMockPlatform({
    latency: settings.mockLatency,
    scenario: resolveScenario(window.location.search, browserStorage('session')),
    basePath: settings.basePath,
    selfHosted: !settings.isPlatform,
    assistantModel: settings.assistantModel,
  })
}
