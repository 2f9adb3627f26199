import { SESSION_STORAGE_KEY } from '../src/constants'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

/** Calls the platform from inside the page, as the dashboard would, with the signed-in token. */
async function pgMeta(page: import('@playwright/test').Page, ref: string, connection: string | null, query: string) {
  return page.evaluate(
    async ({ ref, connection, query, sessionKey }) => {
      const session = JSON.parse(localStorage.getItem(sessionKey)!) as { accessToken: string }
      const headers: Record<string, string> = { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' }
      if (connection) headers['x-connection-encrypted'] = connection
      const answer = await fetch(`/api/platform/pg-meta/${ref}/query`, { method: 'POST', headers, body: JSON.stringify({ query }) })
      return { status: answer.status, body: await answer.json() }
    },
    { ref, connection, query, sessionKey: SESSION_STORAGE_KEY },
  )
}

async function firstHealthyProject(page: import('@playwright/test').Page) {
  return page.evaluate(async (sessionKey) => {
    const session = JSON.parse(localStorage.getItem(sessionKey)!) as { accessToken: string }
    const headers = { authorization: `Bearer ${session.accessToken}` }
    const page = await (await fetch('/api/platform/organizations/acme-corp/projects', { headers })).json()
    const ref = page.projects.find((p: { status: string }) => p.status === 'ACTIVE_HEALTHY').ref as string
    const detail = await (await fetch(`/api/platform/projects/${ref}`, { headers })).json()
    return { ref, connection: detail.connectionString as string }
  }, SESSION_STORAGE_KEY)
}

test.describe('mock platform in the browser', () => {
  test('each project has a real Postgres that survives a reload', async ({ page }) => {
    test.setTimeout(300_000)
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    const { ref, connection } = await firstHealthyProject(page)

    const seeded = await pgMeta(page, ref, connection, "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')")
    expect(seeded.status).toBe(200)
    expect(seeded.body[0].n).toBeGreaterThan(3)

    const marker = `kept_${Date.now()}`
    expect((await pgMeta(page, ref, connection, `create table ${marker} (id int primary key, note text); insert into ${marker} values (1, 'still here')`)).status).toBe(200)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    const after = await pgMeta(page, ref, connection, `select note from ${marker}`)
    expect(after).toEqual({ status: 200, body: [{ note: 'still here' }] })

    const error = await pgMeta(page, ref, connection, 'select * from missing_table')
    expect(error.status).toBe(400)
    expect(error.body).toMatchObject({ code: '42P01', position: '15' })

    const refused = await pgMeta(page, ref, null, 'select 1')
    expect(refused).toEqual({ status: 400, body: { message: 'API Error: happened while trying to acquire connection to the database' } })
  })

  test('?scenario=server-error shows the failure with a retry, and ?scenario=none clears it', async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    // Retries take 1 + 2 + 4 s before the error shows; the profile is the first call to fail.
    await page.goto('/organizations?scenario=server-error')
    // Meanwhile the page says what is failing and when the next try is.
    await expect(page.getByText(/^The server is failing: Internal server error\. Trying again in [1-4] s\.$/)).toBeVisible()
    const failure = page.getByRole('alert').filter({ hasText: 'Your profile could not be loaded' })
    await expect(failure).toBeVisible({ timeout: 45_000 })
    await expect(failure).toContainText('Internal server error')
    await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible()
    // Remembered for the tab.
    await page.goto('/organizations')
    await expect(failure).toBeVisible({ timeout: 45_000 })
    await page.goto('/organizations?scenario=none')
    await expect(page.getByRole('list', { name: 'Organizations' })).toBeVisible()
  })

  test('rate-limited: the list arrives after the Retry-After wait', async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    await page.goto('/organizations?scenario=rate-limited')
    await expect(page.getByText('Loading your profile…')).toBeVisible()
    // Profile and organizations are each refused once and served after Retry-After (1 s).
    await expect(page.getByRole('list', { name: 'Organizations' })).toBeVisible({ timeout: 15_000 })
    await page.goto('/organizations?scenario=none')
  })

  test('network-error says the server cannot be reached', async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    await page.goto('/organizations?scenario=network-error')
    // While it retries and once it gives up (the alert, with Try again).
    await expect(page.getByText(/^Unable to reach the server\. Please check your network or try again later\. Trying again in [1-4] s\.$/)).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Unable to reach the server. Please check your network or try again later.' })).toBeVisible({ timeout: 45_000 })
    await page.goto('/organizations?scenario=none')
  })
})

test("the app's own files never reach the mock's service worker, while its API still goes through it", async ({ page }) => {
  await page.goto('/sign-in')
  await page.waitForFunction(() => !!window.__studioMock)
  // Controlled by the worker from this load on, whichever page of the context installed it.
  await page.reload()
  await page.waitForFunction(() => !!window.__studioMock)
  // Chromium's static routing: the browser sent the build's scripts to the network itself, without a fetch event.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
      .map((entry) => (entry as PerformanceResourceTiming & { workerMatchedSourceType: string }).workerMatchedSourceType),
  )
  expect(scripts.length).toBeGreaterThan(10)
  expect(new Set(scripts)).toEqual(new Set(['network']))
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/platform/profile'))
  await page.evaluate(() => fetch('/api/platform/profile'))
  const answer = await answered
  expect(answer.fromServiceWorker()).toBe(true)
  expect(answer.status()).toBe(401)
})

test('the top bar switches organization and project', async ({ page }) => {
  await signIn(page)
  await page.getByRole('button', { name: 'Switch organization' }).click()
  await page.getByRole('menuitem', { name: /Globex Team/ }).click()
  await expect(page).toHaveURL(/\/org\/globex$/)
  await expect(page.getByRole('heading', { name: 'Globex Team' })).toBeVisible()
  await page.getByRole('button', { name: 'Switch project' }).click()
  const first = page.getByRole('menuitem').first()
  const name = (await first.textContent())!.trim()
  await first.click()
  await expect(page).toHaveURL(/\/project\/[a-z]{20}$/)
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Switch project' })).toContainText(name)
  await page.screenshot({ path: 'test-results/screens/project-home.png' })
})
