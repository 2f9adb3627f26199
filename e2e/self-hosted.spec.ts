import { expect, test } from './fixtures'

test('self-hosted: no sign-in, only the default project, platform screens hidden, disabled features honoured', async ({ page, consoleErrors }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/project\/default$/)
  await expect(page.getByRole('heading', { name: 'Default Project' })).toBeVisible()
  await expect(page.getByText('Healthy', { exact: true })).toBeVisible()
  // No organization or project switchers, no account menu; the settings turn the theme menu off.
  await expect(page.getByRole('button', { name: /Switch organization|Select organization/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Theme/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Account|@/ })).toHaveCount(0)

  for (const path of ['/organizations', '/org/default-org-slug', '/new/default-org-slug', '/sign-in']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/project\/default$/)
  }
  expect(consoleErrors).toEqual([])
})

test('self-hosted: fetches no permissions and no overdue invoices', async ({ page }) => {
  const calls: string[] = []
  page.on('request', (request) => calls.push(new URL(request.url()).pathname))
  await page.goto('/project/default')
  await expect(page.getByRole('heading', { name: 'Default Project' })).toBeVisible()
  expect(calls.some((path) => path.endsWith('/platform/profile'))).toBe(true)
  expect(calls.filter((path) => path.includes('/permissions') || path.includes('/invoices/overdue'))).toEqual([])
})
