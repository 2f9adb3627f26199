import { createPlatformFixtures } from '../fixtures/platform'
import { expect, replaceSql, signIn, test } from './fixtures'

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
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/mockServiceWorker.js')
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0)
})
