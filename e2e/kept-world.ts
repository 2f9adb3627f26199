import { isDeepStrictEqual } from 'node:util'
import type { Browser, BrowserContext, ConsoleMessage, Page } from '@playwright/test'
import { createPlatformFixtures } from '../fixtures/platform'
import { keptDataDirDatabase } from '../mock-platform/postgres/kept-data-dir-fs'
import { expect, test as freshWorldTest } from './fixtures'

/**
 * A browser context kept by the Playwright worker across tests, instead of a new one per test, for
 * spec files whose tests need a world that looks new but not a new browser.
 *
 * What it saves: a project's database start. Every new context starts PGlite again (its wasm, the
 * seeded template, IndexedDB) on the first project page, ≈ 3 s of CPU. Here a keeper page, open on
 * the sign-in page for the worker's life, holds the Acme project's database: the tabs of a context
 * share a project's database (PGliteWorker elects the tab that runs it), so each test's page joins
 * the running one, reloads included. Measured on the preview build, sign-in to a result in the SQL
 * editor: 6.5–8.4 s in a new context, 3.0–3.5 s here.
 *
 * What a test still gets new (the reset before each test, `KeptWorld.reset`): no page but its own,
 * no cookie, no permission, empty local and session storage, no IndexedDB database but the kept one
 * (log store, waiting log events, storage bytes, other projects' databases), and the kept database
 * as it started: one that a test wrote to (its next transaction id moved), left in a transaction,
 * or changed the session of (role, settings, prepared statements, LISTEN, temporary tables,
 * advisory locks) is closed, deleted and started again from the template.
 *
 * What carries over, so a file that asserts on it stays in a new context: Postgres's statistics
 * (pg_stat_*: scans counted by reads, pg_stat_statements), the browser's HTTP and code caches and the
 * mock's service worker. Context-wide settings a test might change are not for this world either:
 * `page.clock` (the context's clock), `context.route`/`addInitScript`, `test.use` of context options.
 */

/** The project most tests open (the first healthy one of Acme): the one database the keeper holds. */
export const KEPT_REF = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!.ref

/** Where IndexedDB keeps a project database of the page (pglite-browser.ts, kept-data-dir-fs.ts). */
const keptDatabaseName = (ref: string) => keptDataDirDatabase(`studio-project-${ref}`)

/**
 * Everything a test could leave behind in the database's one session, read without changing it: a
 * write moves the next transaction id; a transaction left open shows as now() before the statement.
 */
const SESSION_FINGERPRINT_SQL = `select txid_snapshot_xmax(txid_current_snapshot())::text as next_xid,
  now() = statement_timestamp() as outside_transaction,
  current_user::text as current_user, session_user::text as session_user,
  (select string_agg(name || '=' || setting, ',' order by name) from pg_settings where source = 'session') as session_settings,
  (select count(*) from pg_prepared_statements)::int as prepared,
  (select count(*) from pg_listening_channels())::int as listening,
  pg_my_temp_schema()::int as temp_schema,
  (select count(*) from pg_locks where locktype = 'advisory')::int as advisory_locks`

/** Longer than any step of a reset takes on a busy machine; past it the kept world is made anew. */
const RESET_STEP_TIMEOUT_MS = 20_000
/**
 * A database's whole start in a new context (the template, IndexedDB's first store) is no reset step:
 * on 2026-11-30's machine (a bare PGlite start 3.4 s alone) it took over 20 s beside two other browsers.
 */
const DATABASE_START_TIMEOUT_MS = 60_000

function within<T>(promise: Promise<T>, what: string, ms = RESET_STEP_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

type ContextOptions = { baseURL?: string; viewport?: { width: number; height: number } | null }

/**
 * The context options the kept context is made with (beside the project's baseURL and viewport),
 * which are also the values of Playwright's option fixtures when nothing changes them. A test that
 * asks for others (`test.use({ timezoneId })`) cannot have them in a context made before it: it fails
 * at once, saying so, rather than pass or fail in a world other than the one it asked for.
 */
const KEPT_CONTEXT_OPTIONS = {
  locale: 'en-US',
  colorScheme: 'light',
  reducedMotion: 'no-preference',
  offline: false,
  javaScriptEnabled: true,
  hasTouch: false,
  isMobile: false,
  timezoneId: undefined,
  permissions: undefined,
  geolocation: undefined,
  storageState: undefined,
  extraHTTPHeaders: undefined,
  userAgent: undefined,
  httpCredentials: undefined,
  contextOptions: {},
} as const

type AskedContextOptions = Record<keyof typeof KEPT_CONTEXT_OPTIONS, unknown>

/** The options a test asked for that the kept context does not have (empty: the test can run in it). */
export function optionsTheKeptWorldLacks(asked: AskedContextOptions): string[] {
  return Object.entries(KEPT_CONTEXT_OPTIONS)
    .filter(([name, kept]) => !isDeepStrictEqual(asked[name as keyof typeof KEPT_CONTEXT_OPTIONS], kept))
    .map(([name]) => name)
}

export class KeptWorld {
  /** How many times the kept database was started: the proof that reads reuse it and writes renew it. */
  starts = 0
  /** How many times a reset failed and the world was made anew (said on the console: worth a look). */
  rebuilds = 0
  /** The test that used the world last: named when its reset fails, to replay the pair. */
  lastTest = ''
  private fingerprint = ''
  /** The IndexedDB databases the last deletion found still open (named when a reset fails). */
  private readonly stillOpen = new Set<string>()

  private constructor(
    private readonly browser: Browser,
    private readonly options: ContextOptions,
    public context: BrowserContext,
    private keeper: Page,
  ) {}

  static async open(browser: Browser, options: ContextOptions): Promise<KeptWorld> {
    const { context, keeper } = await KeptWorld.openKeeper(browser, options)
    const world = new KeptWorld(browser, options, context, keeper)
    await world.startDatabase()
    return world
  }

  private static async openKeeper(browser: Browser, options: ContextOptions) {
    const { contextOptions, ...kept } = KEPT_CONTEXT_OPTIONS
    const context = await browser.newContext({ ...contextOptions, ...kept, baseURL: options.baseURL, viewport: options.viewport ?? null })
    const keeper = await context.newPage()
    // The sign-in page runs the mock platform and nothing else: no polling, no cron, no log store.
    await keeper.goto('/sign-in')
    await keeper.waitForFunction(() => !!window.__studioMock)
    await KeptWorld.leaveMockWorkerPages(context, keeper)
    return { context, keeper }
  }

  /**
   * The keeper leaves msw's pages: msw's worker hands a request it cannot place (a closing test page's,
   * a worker's) to the first page it knows, and the keeper's mock would then hold that project's
   * database and log events open against the next reset. The keeper's own work never goes through the
   * worker. The worker unregisters when the page leaving is its last window, so another (a static
   * file's) is open meanwhile.
   */
  private static async leaveMockWorkerPages(context: BrowserContext, keeper: Page) {
    const witness = await context.newPage()
    await witness.goto('/favicon.svg')
    await leaveMockWorker(keeper)
    await witness.close()
  }

  /**
   * Before each test: a world that looks new (see above). A step that does not answer (seen twice in
   * 160 tests: the kept database stopped answering its fingerprint after some test) costs a new
   * context and database instead of the test: what a test in a new context pays anyway.
   */
  async reset(): Promise<void> {
    try {
      await this.resetKept()
    } catch (error) {
      this.rebuilds++
      const held = this.stillOpen.size > 0 ? ` (still open: ${[...this.stillOpen].join(', ')})` : ''
      console.warn(`The kept world was made anew after "${this.lastTest}": ${error instanceof Error ? error.message : String(error)}${held}`)
      await this.context.close().catch(() => undefined)
      const { context, keeper } = await KeptWorld.openKeeper(this.browser, this.options)
      this.context = context
      this.keeper = keeper
      await within(this.startDatabase(), 'starting the kept database', DATABASE_START_TIMEOUT_MS)
    }
  }

  private async resetKept(): Promise<void> {
    await within(Promise.all(this.context.pages().filter((page) => page !== this.keeper).map((page) => page.close())), 'closing the pages')
    await this.context.clearCookies()
    await this.context.clearPermissions()
    if ((await within(this.readFingerprint(), 'reading the kept database’s fingerprint')) !== this.fingerprint) {
      await within(
        this.keeper.evaluate(async (ref) => (await (await window.__studioMock!.platform.ctx.databases()).open(ref)).close(), KEPT_REF),
        'closing the kept database',
      )
      await within(this.deleteDatabases([keptDatabaseName(KEPT_REF)]), 'deleting the kept database')
      await within(this.startDatabase(), 'starting the kept database', DATABASE_START_TIMEOUT_MS)
    }
    const others = await this.keeper.evaluate(async (kept) => (await indexedDB.databases()).map((database) => database.name!).filter((name) => name !== kept), keptDatabaseName(KEPT_REF))
    await within(this.deleteDatabases(others), 'deleting the other IndexedDB databases')
    await this.keeper.evaluate(() => {
      localStorage.clear()
      sessionStorage.clear()
    })
  }

  /** For the proof that a broken world is made anew: the keeper leaves, and the kept database with it. */
  async loseKeeperForTest(): Promise<void> {
    await this.keeper.goto('about:blank')
  }

  async close(): Promise<void> {
    await this.context.close()
  }

  private async startDatabase(): Promise<void> {
    await this.keeper.evaluate(async (ref) => void (await (await window.__studioMock!.platform.ctx.databases()).open(ref)), KEPT_REF)
    this.starts++
    this.fingerprint = await this.readFingerprint()
  }

  private readFingerprint(): Promise<string> {
    return this.keeper.evaluate(
      async ({ ref, sql }) => JSON.stringify((await (await (await window.__studioMock!.platform.ctx.databases()).open(ref)).query(sql)).rows),
      { ref: KEPT_REF, sql: SESSION_FINGERPRINT_SQL },
    )
  }

  /**
   * Deletes IndexedDB databases; one still open somewhere (a closing worker) is waited for, not skipped.
   * The ones held open are noted (`stillOpen`), so a wait that never ends says whose it was.
   */
  private async deleteDatabases(names: string[]): Promise<void> {
    this.stillOpen.clear()
    const noteBlocked = (message: ConsoleMessage) => {
      const held = /^kept-world: (.+) is still open$/.exec(message.text())?.[1]
      if (held) this.stillOpen.add(held)
    }
    this.keeper.on('console', noteBlocked)
    try {
      await this.keeper.evaluate(
        (databases) =>
          Promise.all(
            databases.map(
              (name) =>
                new Promise<void>((resolve, reject) => {
                  const deleting = indexedDB.deleteDatabase(name)
                  deleting.onsuccess = () => resolve()
                  deleting.onerror = () => reject(new Error(`IndexedDB ${name} could not be deleted`))
                  deleting.onblocked = () => console.info(`kept-world: ${name} is still open`)
                }),
            ),
          ),
        names,
      )
    } finally {
      this.keeper.off('console', noteBlocked)
    }
  }
}

/** The page leaves msw's pages, as its closing would tell the worker (msw's `CLIENT_CLOSED`), and the worker has taken it in. */
export function leaveMockWorker(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const worker = navigator.serviceWorker.controller!
    worker.postMessage('CLIENT_CLOSED')
    // Messages are taken in order: the answer to this one comes once the leaving is done.
    await new Promise<void>((resolve) => {
      const answered = (event: MessageEvent<{ type?: string }>) => {
        if (event.data?.type !== 'KEEPALIVE_RESPONSE') return
        navigator.serviceWorker.removeEventListener('message', answered)
        resolve()
      }
      navigator.serviceWorker.addEventListener('message', answered)
      worker.postMessage('KEEPALIVE_REQUEST')
    })
  })
}

/** What a test of the kept world that asks for `page.clock` is told. */
export const KEPT_CLOCK_MESSAGE = "page.clock is the kept context's, shared with the keeper and later tests: run the test in a new context (test of ./fixtures)"

/** `test` of fixtures.ts, each test's page in the worker's kept world. */
export const test = freshWorldTest.extend<{ keptWorld: KeptWorld; askedContextOptions: AskedContextOptions }, { keptWorldOfWorker: KeptWorld }>({
  /** The context options this test asks for (Playwright's option fixtures, `test.use`): the kept world checks them. */
  keptWorldOfWorker: [
    async ({ browser }, use, workerInfo) => {
      const world = await KeptWorld.open(browser, { baseURL: workerInfo.project.use.baseURL, viewport: workerInfo.project.use.viewport })
      await use(world)
      await world.close()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  askedContextOptions: async ({ locale, colorScheme, reducedMotion, offline, javaScriptEnabled, hasTouch, isMobile, timezoneId, permissions, geolocation, storageState, extraHTTPHeaders, userAgent, httpCredentials, contextOptions }, use) => {
    await use({ locale, colorScheme, reducedMotion, offline, javaScriptEnabled, hasTouch, isMobile, timezoneId, permissions, geolocation, storageState, extraHTTPHeaders, userAgent, httpCredentials, contextOptions })
  },
  keptWorld: async ({ keptWorldOfWorker, askedContextOptions }, use, testInfo) => {
    const lacking = optionsTheKeptWorldLacks(askedContextOptions)
    if (lacking.length > 0) throw new Error(`The kept world's context was made without this test's ${lacking.join(', ')}: run the test in a new context (test of ./fixtures)`)
    await keptWorldOfWorker.reset()
    await use(keptWorldOfWorker)
    keptWorldOfWorker.lastTest = `${testInfo.file.split('/').pop()} › ${testInfo.title}`
  },
  // Playwright still screenshots a failed test's pages (the keeper's too): it watches every context of the worker's browser.
  context: async ({ keptWorld }, use) => {
    await use(keptWorld.context)
  },
  // The clock is the context's: installed, it would move the keeper's and every later test's pages, and cannot be
  // taken back. Asking for it fails at once, saying where such a test belongs.
  page: async ({ page }, use) => {
    Object.defineProperty(page, 'clock', {
      configurable: true,
      get: () => {
        throw new Error(KEPT_CLOCK_MESSAGE)
      },
    })
    await use(page)
  },
})
export { expect }
