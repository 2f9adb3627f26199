import { expect, signIn, test } from './fixtures'

test('a project coming up turns healthy on screen without a reload', async ({ page }) => {
  await signIn(page, { returnTo: '/org/acme-corp' })
  await page.getByRole('link', { name: /Coming up/ }).click()
  await expect(page.getByText('Coming up', { exact: true })).toBeVisible()
  await expect(page.getByText('Available once the project is up.')).toBeVisible()
  await expect(page.getByText('Checking status every 5 seconds…')).toBeVisible()
  await expect(page.getByText('Healthy', { exact: true })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible()
  await expect(page.getByText('Checking status every 5 seconds…')).toBeHidden()
})
