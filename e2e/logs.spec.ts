import type { Page } from '@playwright/test'
import { createPlatformFixtures } from '../fixtures/platform'
import { LOGS_UI_MESSAGE, PREVIEW } from '../src/constants'
import { expectAccessible } from './accessibility'
import { runSql, setMockScenario, signIn } from './fixtures'
import { expect, test } from './kept-world'

const projects = createPlatformFixtures().projects
const healthy = projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
const team = projects.find((p) => p.organization_slug === 'globex' && p.status === 'ACTIVE_HEALTHY')!
const free = projects.find((p) => p.organization_slug === 'demo-free')!

const rail = (page: Page) => page.getByRole('navigation', { name: 'Project' })
const sources = (page: Page) => page.getByRole('navigation', { name: 'Log sources' })

test('a failing query of the SQL editor is in Logs → Postgres with its error, and its request traces it from the gateway', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  await runSql(page, 'select * from no_such_table')
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('alert')).toContainText('relation "no_such_table" does not exist')

  await rail(page).getByRole('link', { name: 'Logs' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/logs`))
  await sources(page).getByRole('button', { name: 'Postgres', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search event messages' }).fill('no_such_table')
  const list = page.getByRole('grid', { name: 'Postgres events' })
  const event = list.getByRole('row').filter({ hasText: 'ERROR' }).filter({ hasText: '42P01' }).first()
  await expect(event).toBeVisible()
  await event.click()
  const panel = page.getByRole('complementary', { name: 'Event details' })
  await expect(panel.getByRole('list', { name: 'Event fields' })).toContainText('"sqlstate": "42P01"')
  // The statement ran for one request of the dashboard: its gateway event (logged as the answer left) is in the trace too.
  const trace = panel.getByRole('list', { name: 'Events of this request' })
  await expect(trace.getByRole('button').filter({ hasText: 'API Gateway' })).toHaveCount(1)
  await expect(trace.locator('button[aria-current="true"]')).toContainText('relation "no_such_table" does not exist')
  await trace.getByRole('button').filter({ hasText: 'API Gateway' }).click()
  await expect(panel.getByRole('heading', { name: 'API Gateway event' })).toBeVisible()
  await expect(panel.getByRole('list', { name: 'Event fields' })).toContainText('"status_code": 400')
  await expectAccessible(page, 'the logs explorer with an event open')
})

test('a statement of the SQL editor is still in Logs → Postgres after the page is reloaded, listed once', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  await runSql(page, "select 'kept across a reload' as log_store_marker")
  await expect(page.getByRole('region', { name: 'Results' })).toContainText('kept across a reload')

  // The log store is kept with the project databases (IndexedDB), not in the page's memory.
  await page.reload()
  await rail(page).getByRole('link', { name: 'Logs' }).click()
  await sources(page).getByRole('button', { name: 'Postgres', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search event messages' }).fill('log_store_marker')
  const list = page.getByRole('grid', { name: 'Postgres events' })
  await expect(list.getByRole('row').filter({ hasText: 'kept across a reload' })).toHaveCount(1)
})

test('under the server-error scenario the API Gateway logs the 500s, and the 5xx filter finds them', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}` })
  await expect(page.getByRole('heading', { level: 1, name: healthy.name })).toBeVisible()
  await setMockScenario(page, 'server-error')
  // The project's own screens ask the platform, which answers 500 now.
  const refused = page.waitForResponse((response) => response.status() === 500 && response.url().includes(healthy.ref))
  await rail(page).getByRole('link', { name: 'Table editor' }).click()
  await refused
  await setMockScenario(page, null)

  await rail(page).getByRole('link', { name: 'Logs' }).click()
  const list = page.getByRole('grid', { name: 'API Gateway events' })
  await expect(list).toBeVisible()
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: '5xx' }).click()
  const rows = list.getByRole('row').filter({ hasText: '500' })
  await expect(rows.first()).toBeVisible()
  // Every event left is a server error.
  const statuses = await list.getByRole('row').evaluateAll((all) => all.slice(1).map((row) => row.querySelectorAll('[role=gridcell]')[2]?.textContent ?? ''))
  expect(statuses.length).toBeGreaterThan(0)
  expect(statuses.every((status) => /^5\d\d$/.test(status))).toBe(true)
  // Counted once the histogram settles: one 500 or more, said in the singular or the plural.
  await expect(page.getByRole('region', { name: 'Events over time' })).toContainText(/[\d,]+ events? over time/)
})

test.describe('with the New Logs interface preview on', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'true'), PREVIEW.unifiedLogs)
  })

  test('a Team organization sees every source in one timeline, with facets and a request traced across services', async ({ page }) => {
    await signIn(page, { returnTo: `/project/${team.ref}/logs` })
    const timeline = page.getByRole('grid', { name: 'Events of every source' })
    await expect(timeline.getByRole('row').nth(1)).toBeVisible()
    const level = page.getByRole('region', { name: 'Level' })
    await expect(level.getByRole('button').first()).toHaveText(/^(info|warning|error|debug) [\d,]+$/)
    // Statuses count by group, as the platform's facet does.
    await expect(page.getByRole('region', { name: 'Status' }).getByRole('button').first()).toHaveText(/^[2-5]xx [a-z ]+ [\d,]+$/)
    await page.getByRole('region', { name: 'Source' }).getByRole('button', { name: /^API Gateway / }).click()
    const gateway = timeline.getByRole('row').filter({ hasText: 'API Gateway' }).first()
    await expect(gateway).toBeVisible()
    await expect(timeline.getByRole('row').filter({ hasText: 'Postgres' })).toHaveCount(0)
    await gateway.click()
    await expect(page.getByRole('complementary', { name: 'Event details' }).getByRole('list', { name: 'Events of this request' })).toContainText('API Gateway')
    await expect(page.getByText(LOGS_UI_MESSAGE.unifiedPlan)).toHaveCount(0)
    // The facets are busy while their counts are read again: checked once every one has settled.
    await expect(page.getByRole('navigation', { name: 'Facets' }).locator('section[aria-busy]')).toHaveCount(0)
    await expectAccessible(page, 'the unified logs')
  })

  test('a Free organization is told the new interface is for Team and above, with the upgrade link', async ({ page }) => {
    await signIn(page, { returnTo: `/project/${free.ref}/logs` })
    const notice = page.getByRole('note', { name: LOGS_UI_MESSAGE.unifiedPlan })
    await expect(notice).toBeVisible()
    await expect(page.getByRole('grid', { name: 'Events of every source' })).toHaveCount(0)
    await notice.getByRole('link', { name: LOGS_UI_MESSAGE.upgrade }).click()
    await expect(page).toHaveURL(/\/org\/demo-free\/billing$/)
  })
})
