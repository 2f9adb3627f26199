import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createPlatformFixtures } from '../fixtures/platform'
import { DEFAULT_DIST_DIR } from '../mock-platform/serve/config'
import { startStudioServer, type StudioServer } from '../mock-platform/serve/server'
import { PAGE_CONTENT_SECURITY_POLICY } from '../mock-platform/serve/constants'
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  DEMO_CREDENTIALS,
  MOCK_SERVICE_WORKER_SCRIPT,
  PERMISSION_MESSAGE,
  PG_META_HEADERS,
  RUNTIME_CONFIG_ELEMENT_ID,
} from '../src/constants'
import { expect, replaceSql, runSql, signIn, test } from './fixtures'

/**
 * The ring of `npm run serve`: the production build served by its own platform process on a real
 * PostgreSQL server (playwright.config.ts starts it when DATABASE_URL is set; `.ci/run` sets it).
 */
const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

test.skip(!process.env.DATABASE_URL, 'npm run serve needs a PostgreSQL server: set DATABASE_URL (bash .ci/run starts one) to run the serve ring')
test.skip(process.env.E2E_TARGET === 'dev', 'the serve ring serves the production build (dist/), not the development servers')

test('the served build signs in against its server and runs SQL on the real database, no embedded mock', async ({ page, consoleErrors }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}` })
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'SQL editor' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/sql/new$`))
  const answered = page.waitForResponse((response) => response.url().includes(`/api/platform/pg-meta/${healthy.ref}/query`) && response.request().method() === 'POST')
  await replaceSql(page, 'select 1 as one')
  await page.keyboard.press('ControlOrMeta+Enter')
  // The answer came over the network from the server, not from a service worker.
  expect((await answered).fromServiceWorker()).toBe(false)
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toContainText('1 row')
  await expect(page.getByRole('columnheader', { name: 'one' })).toBeVisible()
  await expect(page.getByRole('gridcell', { name: '1', exact: true })).toBeVisible()
  expect(await page.evaluate(() => window.__studioMock === undefined && navigator.serviceWorker.controller === null)).toBe(true)
  expect(consoleErrors).toEqual([])
})

test("a mock service worker left on the origin by an embedded visit is unregistered by the served app", async ({ page }) => {
  await page.goto('/sign-in')
  await expect(page.getByLabel('Email')).toBeVisible()
  // As an embedded build on this origin would have left it.
  await page.evaluate(async (script) => {
    await navigator.serviceWorker.register(`/${script}`)
    await navigator.serviceWorker.ready
  }, MOCK_SERVICE_WORKER_SCRIPT)
  await page.reload()
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0)
})

test('the served page runs under its Content-Security-Policy with no violation: sign-in, the SQL editor and its worker, the table editor', async ({ page, consoleErrors }) => {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`))
  })
  // Chromium says each refusal on the console too (a worker's included, which the page's event does not see).
  const refusals: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) refusals.push(message.text())
  })
  const violations = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.slice())

  const signInPage = await page.goto('/sign-in')
  expect(signInPage!.headers()['content-security-policy']).toBe(PAGE_CONTENT_SECURITY_POLICY)
  expect(signInPage!.headers()['x-frame-options']).toBe('DENY')
  // No script in the page but the build's module files and the run-time config, which is data.
  const scripts = await page.locator('script').evaluateAll((elements) => elements.map((element) => ({ src: element.getAttribute('src'), type: element.getAttribute('type'), id: element.id })))
  expect(scripts.filter((script) => !script.src && !(script.type === 'application/json' && script.id))).toEqual([])
  expect(scripts.map((script) => script.id)).toContain(RUNTIME_CONFIG_ELEMENT_ID)

  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  await runSql(page, 'select 1 as one')
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toContainText('1 row')
  // Monaco's editor worker, started as Monaco starts it: it loads under the policy (its own answer carries it too).
  const workerStarted = page.waitForEvent('worker')
  await page.evaluate(() => void window.MonacoEnvironment!.getWorker('workerMain.js', 'editorWorkerService'))
  expect((await workerStarted).url()).toMatch(/\/assets\/editor\.worker-[\w-]+\.js$/)

  await page.goto(`/project/${healthy.ref}/editor`)
  await page.getByRole('navigation', { name: 'Tables' }).getByRole('region', { name: 'Schema public' }).getByRole('link', { name: 'customers', exact: true }).click()
  await expect(page.getByRole('grid', { name: 'Rows' }).getByRole('gridcell').first()).toBeVisible()
  await page.getByRole('tab', { name: 'Structure' }).click()
  await expect(page.getByRole('region', { name: 'Columns' })).toBeVisible()

  expect(await violations()).toEqual([])
  expect(refusals).toEqual([])
  expect(consoleErrors).toEqual([])
})

test("a project's database that goes away mid-statement: the SQL editor says it cannot be reached and when to try again", async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  await runSql(page, 'select pg_sleep(30) as outage_probe')
  // The server's administrator ends the statement's connection (SQLSTATE 57P01): this statement's only.
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
  try {
    await expect
      .poll(async () => {
        const { rows } = await admin.query<{ ended: boolean }>(
          "select pg_terminate_backend(pid) as ended from pg_stat_activity where query like '%outage_probe%' and pid <> pg_backend_pid()",
        )
        return rows.filter((row) => row.ended).length
      })
      .toBe(1)
  } finally {
    await admin.end()
  }
  const failure = page.getByRole('region', { name: 'Results' }).getByRole('alert')
  await expect(failure).toContainText(DATABASE_UNAVAILABLE_MESSAGE.database)
  await expect(failure).toContainText('SQLSTATE 57P01')
  await expect(failure).toContainText(DATABASE_UNAVAILABLE_MESSAGE.retryHint(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS))
  // Back: the next statement is answered.
  await runSql(page, 'select 2 as two')
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toContainText('1 row')
})

test("someone outside the project's organization is refused its database by the server (403); a member is answered", async ({ request }) => {
  const tokenOf = async (email: string) => {
    const answer = await request.post('/api/auth/v1/token?grant_type=password', { data: { email, password: DEMO_CREDENTIALS.password } })
    expect(answer.status(), email).toBe(200)
    return ((await answer.json()) as { access_token: string }).access_token
  }
  const member = await tokenOf(DEMO_CREDENTIALS.email)
  const project = await request.get(`/api/platform/projects/${healthy.ref}`, { headers: { authorization: `Bearer ${member}` } })
  const connection = ((await project.json()) as { connectionString: string }).connectionString
  const query = (token: string) =>
    request.post(`/api/platform/pg-meta/${healthy.ref}/query`, { headers: { authorization: `Bearer ${token}`, [PG_META_HEADERS.connection]: connection }, data: { query: 'select 1 as one' } })
  // The newcomer belongs to no organization; the dashboard would never offer this project, the server decides anyway.
  const outsider = await query(await tokenOf('newcomer@example.com'))
  expect(outsider.status()).toBe(403)
  expect(await outsider.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.reachProjectData) })
  const answered = await query(member)
  expect(answered.status()).toBe(200)
  expect(await answered.json()).toEqual([{ one: 1 }])
})

test.describe('records on the PostgreSQL server', () => {
  /** A server of this test's own (the ring's stays up): its port, records schema and project databases apart. */
  const RESTART_PORT = 8090 + Number(process.env.E2E_PORT_OFFSET ?? 0)
  const RESTART_URL = `http://127.0.0.1:${RESTART_PORT}`
  const SCHEMA = `studio_platform_e2e_restart_${RESTART_PORT}`
  test.use({ baseURL: RESTART_URL })
  test.describe.configure({ timeout: 450_000 })

  let dataDir: string
  let server: StudioServer | undefined
  const start = async () =>
    (server = await startStudioServer({
      config: { mode: 'platform', databaseUrl: process.env.DATABASE_URL!, host: '127.0.0.1', port: RESTART_PORT, dataDir, distDir: DEFAULT_DIST_DIR, secret: null, allowedOrigin: null, disabledFeatures: [] },
      platformSchema: SCHEMA,
      databasePrefix: 'studio_e2e_restart_',
    }))

  test.beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'studio-serve-restart-'))
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    // A fresh demo world every run.
    await admin.query(`drop schema if exists "${SCHEMA}" cascade`).finally(() => admin.end())
    await start()
  })
  test.afterAll(async () => {
    await server?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  test('a snippet outlives a restart of the server, and a second browser sees it', async ({ page, browser }) => {
    await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
    await replaceSql(page, 'select 4242 as kept')
    await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/sql/[0-9a-f-]{36}$`))
    await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved')
    const snippetPath = new URL(page.url()).pathname

    await server!.close()
    await start()

    // Another browser: nothing of the first one's storage, only what the server kept.
    const other = await browser.newContext({ baseURL: RESTART_URL })
    try {
      const second = await other.newPage()
      await signIn(second, { returnTo: snippetPath })
      await expect(second).toHaveURL(new RegExp(`${snippetPath}$`))
      await expect(second.getByRole('navigation', { name: 'SQL snippets' }).getByRole('link', { name: 'Untitled query' })).toHaveAttribute('aria-current', 'page')
      await expect.poll(async () => (await second.getByTestId('sql-editor').locator('.view-lines').innerText()).replace(/\u00a0/g, ' ')).toContain('select 4242 as kept')
    } finally {
      await other.close()
    }
    // The first browser, still signed in over the restart (its session was kept), finds it too.
    await page.reload()
    await expect(page.getByRole('navigation', { name: 'SQL snippets' }).getByRole('link', { name: 'Untitled query' })).toHaveAttribute('aria-current', 'page')
  })
})
