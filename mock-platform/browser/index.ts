import { setupWorker } from 'msw/browser'
import { MOCK_SERVICE_WORKER_SCRIPT, MOCK_WORKER_CONTROL_WAIT, type MockScenario } from '../../src/constants'
import { browserStorage } from '../../src/lib/storage'
import type { ChatCompletionsModel } from '../assistant/chat-completions'
import { startLeaderTabCron } from '../cron/cron-hosting'
import { startDatabaseOfPage } from '../projects/database-start'
import { observeTraffic } from '../logs/log-events'
import { indexedDbWaitingLogEvents } from '../logs/log-waiting-browser'
import { warmLogStore } from '../logs/log-store-warmup'
import { isGoneMockWorkerUpdate } from './mock-worker-update'
import { createMockPlatform } from '../platform'
import { createIndexedDbByteStore } from '../storage/byte-store-browser'
import { fillStorageFolder, type FillFolderOptions } from '../storage/fixture'
import { fillAuthUsers } from '../projects/auth-users-fixture'

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
      (await import('../postgres/pglite-browser')).createBrowserDatabaseProvider({
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
    // Kept in IndexedDB with the project databases; opened on the first read of logs or when the page is idle (log-store-warmup.ts).
    logDatabase: async () => (await import('../logs/log-store-browser')).openBrowserLogDatabase(options.basePath),
    durableLogs: true,
    waitingLogEvents: indexedDbWaitingLogEvents(),
  })
  startLeaderTabCron(platform.ctx)
  const worker = setupWorker(...platform.handlers())
  observeTraffic(platform.ctx, worker.events)
  const logsOpening = warmLogStore(platform.ctx, worker.events, window.location, options.basePath)
  // A page opened on a project's logs starts the project's database once the log store is open.
  if (logsOpening) void logsOpening.then(() => startDatabaseOfPage(platform.ctx, window.location.pathname))
  else startDatabaseOfPage(platform.ctx, window.location.pathname)
  const workerUrl = `${options.basePath}/${MOCK_SERVICE_WORKER_SCRIPT}`
  const absoluteWorkerUrl = new URL(workerUrl, window.location.href).href
  window.addEventListener('unhandledrejection', (event) => {
    if (isGoneMockWorkerUpdate(event.reason, absoluteWorkerUrl)) event.preventDefault()
  })
  const registration = await worker.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: workerUrl } })
  await untilControlledBy(registration)
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
    /** Bench: `count` auth users in one insert (projects/auth-users-fixture.ts). */
    fillAuthUsers(ref: string, count: number) {
      return fillAuthUsers(platform.ctx, ref, count)
    },
  }
}
export type BrowserMockPlatform = Awaited<ReturnType<typeof startBrowserMockPlatform>>

/**
 * The page's requests reach the mock only through the worker that controls the page. msw's worker
 * unregisters itself when the last page it knows closes, and a same-tab navigation can race that
 * (the new page not yet its client): the new page then registers a fresh worker and turns mocking on
 * there, while the old one, unregistered, still controls the page and passes every request on to
 * the server (404s from the dev or preview server; seen once in 40 navigations). The fresh worker
 * claims the page as it activates: the app's first request waits for that, a short while at most.
 */
async function untilControlledBy(registration: ServiceWorkerRegistration | undefined): Promise<void> {
  const container = navigator.serviceWorker
  const active = registration?.active
  if (!active || container.controller === active) return
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      container.removeEventListener('controllerchange', check)
      resolve()
    }
    const check = () => {
      if (container.controller === active) done()
    }
    const timer = setTimeout(done, MOCK_WORKER_CONTROL_WAIT)
    container.addEventListener('controllerchange', check)
  })
}
