import { setupWorker } from 'msw/browser'
import type { MockScenario } from '../src/constants'
import { browserStorage } from '../src/lib/storage'
import type { ChatCompletionsModel } from './assistant/chat-completions'
import { startLeaderTabCron } from './cron-hosting'
import { startDatabaseOfPage } from './database-start'
import { observeTraffic } from './logs/log-events'
import { fetchLogStoreInitialData } from './logs/log-store-initial-data'
import { warmLogStore } from './logs/log-store-warmup'
import { createMockPlatform } from './platform'
import { createIndexedDbByteStore } from './storage/byte-store-browser'
import { fillStorageFolder, type FillFolderOptions } from './storage/fixture'

export interface BrowserMockPlatformOptions {
  latency: number
  scenario: MockScenario | null
  /** Where the app is served from, so the service worker script is found under a base path. */
  basePath: string
  selfHosted: boolean
  /** Self-hosted only: the chat-completions service the assistant forwards to. */
  assistantModel: ChatCompletionsModel | null
}

/** The mock platform in a service worker: the default for dev and preview, nothing else to start. */
export async function startBrowserMockPlatform(options: BrowserMockPlatformOptions) {
  const platform = await createMockPlatform({
    databases: async (seeding) =>
      (await import('./postgres/pglite-browser')).createBrowserDatabaseProvider({
        ...seeding,
        persisted: (ref) => !seeding.largeTables(ref),
        basePath: options.basePath,
      }),
    latency: options.latency,
    scenario: options.scenario,
    selfHosted: options.selfHosted,
    contentStorage: browserStorage('local'),
    assistantModel: options.assistantModel,
    // Every tab has its own mock over one shared database: one tab on the project runs its jobs.
    cron: { mode: 'leader-tab' },
    storageBytes: createIndexedDbByteStore(),
    logDatabase: async () => (await import('./logs/log-store-browser')).openBrowserLogDatabase(await fetchLogStoreInitialData(options.basePath)),
  })
  startLeaderTabCron(platform.ctx)
  startDatabaseOfPage(platform.ctx, window.location.pathname)
  const worker = setupWorker(...platform.handlers())
  observeTraffic(platform.ctx, worker.events)
  warmLogStore(platform.ctx, worker.events, window.location, options.basePath)
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${options.basePath}/mockServiceWorker.js` },
  })
  return {
    platform,
    setScenario(scenario: MockScenario | null) {
      platform.ctx.scenario = scenario
      worker.resetHandlers(...platform.handlers())
    },
    setClockOffset(milliseconds: number) {
      platform.ctx.clockOffset = milliseconds
    },
    /** e2e and bench: fills one storage folder with `count` tiny objects in one insert (storage/fixture.ts). */
    fillStorageFolder(ref: string, options: FillFolderOptions) {
      return fillStorageFolder(platform.ctx, ref, options)
    },
  }
}
export type BrowserMockPlatform = Awaited<ReturnType<typeof startBrowserMockPlatform>>
