import { DEMO_CREDENTIALS, OUTAGE_NOTICE_ACK_STORAGE_KEY } from '../src/constants'
import { openHealthyProject, signIn } from './fixtures'
import { expect, test } from './kept-world'

test('toasts: bottom-right, 356 px wide, at most 3 visible, closable, gone after 4 s', async ({ page }) => {
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill('demo@example.com')
  const toasts = page.locator('[data-part="root"][data-scope="toast"]')
  for (let i = 0; i < 4; i++) {
    await page.getByLabel('Password').fill(`wrong-${i}`)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  }
  await expect(toasts).toHaveCount(3)
  const box = (await toasts.first().boundingBox())!
  expect(Math.round(box.width)).toBe(356)
  expect(box.x + box.width).toBeGreaterThan(1280 - 60)
  expect(box.y + box.height).toBeGreaterThan(800 - 120)
  await expect(toasts.first().getByRole('button', { name: 'Close' })).toBeVisible()
  // Untouched, each leaves after its 4 s, and the fourth, queued behind the limit, follows.
  const ids = () => toasts.evaluateAll((elements) => elements.map((e) => e.id))
  const firstThree = await ids()
  await expect.poll(async () => (await ids()).filter((id) => !firstThree.includes(id)).length, { timeout: 8000 }).toBe(1)
  await expect(toasts).toHaveCount(0, { timeout: 8000 })
  // The close button removes a toast at once.
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(toasts).toHaveCount(1)
  await toasts.first().getByRole('button', { name: 'Close' }).click()
  await expect(toasts).toHaveCount(0, { timeout: 1500 })
  // Alt+T moves focus to the toasts region.
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(toasts).toHaveCount(1)
  await page.keyboard.press('Alt+KeyT')
  await expect(page.locator('[data-scope="toast"][data-part="group"]')).toBeFocused()
})

test('a tooltip waits 700 ms before it shows', async ({ page }) => {
  await openHealthyProject(page)
  const copy = page.getByRole('button', { name: 'Copy connection string' })
  const tooltip = page.getByText('Copy the connection string to the clipboard')
  const hoveredAt = Date.now()
  await copy.hover()
  await expect(tooltip).toBeHidden()
  await expect(tooltip).toBeVisible({ timeout: 2000 })
  // Seen no sooner than 700 ms after the pointer arrived (which was after hoveredAt).
  expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(700)
})

test("the copy button says 'Copied' for 2 seconds", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openHealthyProject(page)
  const connection = await page.getByLabel('Connection string', { exact: true }).textContent()
  const copy = page.getByRole('button', { name: /connection string$/ })
  await copy.click()
  await expect(copy).toHaveText('Copied')
  // From when 'Copied' was seen, before the clipboard is read (a read can take a second on a busy machine).
  const shownAt = Date.now()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(connection)
  await expect(copy).toHaveText('Copy', { timeout: 4000 })
  expect(Date.now() - shownAt).toBeGreaterThan(1200)
})

test('a device clock more than 120 s off the server shows the clock-skew banner; in sync it does not', async ({ page }) => {
  await signIn(page, { scenario: 'clock-skew' })
  await expect(page.getByRole('alert', { name: 'Clock skew' })).toContainText("Your device's clock is 10 minutes behind the server's time.")
  await page.screenshot({ path: 'test-results/clock-skew.png' })
  await page.goto('/organizations?scenario=none')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('alert', { name: 'Clock skew' })).toHaveCount(0)
})

test('an ongoing incident shows its banner with the status-page link; none without one', async ({ page }) => {
  await signIn(page, { scenario: 'incident' })
  const banner = page.getByRole('alert', { name: 'Ongoing incident' })
  await expect(banner).toContainText('Increased latency on the dashboard and Management API')
  await expect(banner.getByRole('link', { name: 'Follow the updates on the status page' })).toHaveAttribute('href', /^https:\/\/status\./)
  await page.goto('/organizations?scenario=none')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(banner).toHaveCount(0)
})

test('the past-outage notice, once dismissed, stays dismissed after a reload', async ({ page }) => {
  await signIn(page, { scenario: 'past-outage' })
  const notice = page.getByRole('alert', { name: 'Past outage' })
  await expect(notice).toContainText('The dashboard was briefly unavailable')
  await page.screenshot({ path: 'test-results/past-outage.png' })
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toHaveCount(0)
  expect(await page.evaluate((key) => localStorage.getItem(key), OUTAGE_NOTICE_ACK_STORAGE_KEY)).toBe('outage-2026-11-18')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The answer has come (the scenario still serves the notice), and the notice stays away.
  await expect.poll(() => page.evaluate(() => window.__studioMock !== undefined)).toBe(true)
  await page.waitForLoadState('networkidle')
  await expect(notice).toHaveCount(0)
})

test("once signed in and idle, the page fetches the SQL editor's Monaco ahead into the browser's cache", async ({ page }) => {
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill(DEMO_CREDENTIALS.email)
  await page.getByLabel('Password').fill(DEMO_CREDENTIALS.password)
  // The sign-in page asks for nothing ahead: a visitor may never sign in.
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('list', { name: 'Organizations' })).toBeVisible()
  const prefetched = page.locator('link[rel="prefetch"]')
  await expect(prefetched.and(page.locator('[href*="/assets/monaco-"][href$=".js"]'))).toHaveCount(1)
  const hrefs = await prefetched.evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href))
  const asked = (urls: string[], initiator: 'link' | 'script') =>
    page.evaluate(
      ({ urls, initiator }) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => urls.includes(e.name) && e.initiatorType === initiator && e.responseEnd > 0)
          .map((e) => ({ url: e.name, transferSize: e.transferSize })),
      { urls, initiator },
    )
  await expect.poll(async () => (await asked(hrefs, 'link')).length).toBe(hrefs.length)
  // Then the editor's import of Monaco takes every one of its modules from the cache, none from the network.
  const scripts = hrefs.filter((href) => href.endsWith('.js'))
  await page.evaluate((url) => import(url).then(() => undefined), scripts.find((href) => /\/assets\/monaco-[\w-]+\.js$/.test(href))!)
  expect(await asked(scripts, 'script')).toEqual(expect.arrayContaining(scripts.map((url) => ({ url, transferSize: 0 }))))
  // And the stylesheets are there for a request that may not use the network.
  const styles = hrefs.filter((href) => href.endsWith('.css'))
  expect(styles.length).toBeGreaterThan(0)
  expect(await page.evaluate((urls) => Promise.all(urls.map((url) => fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).then((r) => r.ok, () => false))), styles)).toEqual(styles.map(() => true))
})
