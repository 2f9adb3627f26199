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

test('a missing organization redirects with the error and a toast', async ({ page }) => {
  await signIn(page, { returnTo: '/org/globex' })
  await expect(page.getByRole('heading', { name: 'Globex Team' })).toBeVisible()
  await page.goto('/org/no-such-org')
  await expect(page).toHaveURL(/\/org\/globex\?error=org_not_found&org=no-such-org$/)
  await expect(page.getByText("We couldn't find that organization")).toBeVisible()
})

test('a missing project redirects with the error and a toast', async ({ page }) => {
  await signIn(page)
  await expect(page.getByRole('list', { name: 'Organizations' })).toBeVisible()
  await page.goto('/project/nosuchprojectref')
  await expect(page).toHaveURL(/\/organizations\?error=project_not_found&project=nosuchprojectref$/)
  await expect(page.getByText('This project does not exist')).toBeVisible()
})
