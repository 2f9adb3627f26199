import { expect, test } from '../fixtures'
import { runSql, watchConsole } from './dev-ring'

test('self-hosted, dev server: /project/default opens and SQL runs', async ({ page }) => {
  test.setTimeout(300_000)
  const errors = watchConsole(page)
  await page.goto('/project/default')
  await expect(page.getByRole('heading', { name: 'Default Project' })).toBeVisible({ timeout: 60_000 })
  // This server reads the operator's custom content (e2e/dev/custom-content.json): its name and libraries.
  await expect(page).toHaveTitle('Acme Data Studio')
  await expect(page.getByRole('banner').getByText('Acme Data Studio')).toBeAttached()
  await expect(page.getByRole('list', { name: 'Client libraries' }).getByRole('listitem')).toHaveText([/JavaScript.*Officially supported/, /Go.*beta.*Community/])
  await page.getByRole('link', { name: 'SQL editor' }).first().click()
  await runSql(page, 'select 40 + 2 as answer')
  await expect(page.getByRole('gridcell', { name: '42', exact: true })).toBeVisible({ timeout: 60_000 })
  expect(errors).toEqual([])
})
