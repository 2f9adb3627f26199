import { ACCOUNT_MESSAGE, DEFAULT_API_BASE } from '../src/constants'
import { expect, signIn, test } from './fixtures'

test('an access token is made (shown once), lists the organizations through the API as its member, and stops working once revoked; the profile is changed and kept', async ({ page, consoleErrors }) => {
  await signIn(page, { returnTo: '/organizations' })
  await page.getByRole('button', { name: 'Account' }).click({ timeout: 30_000 })
  await page.getByRole('menuitem', { name: 'Access tokens' }).click()
  await expect(page).toHaveURL(/\/account\/tokens$/)
  await page.getByRole('button', { name: 'Generate new token' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Name' }).fill('CI <b>deploys</b>')
  await dialog.getByRole('button', { name: 'Generate token' }).click()
  const token = (await dialog.getByLabel('New access token', { exact: true }).textContent())!
  expect(token).toMatch(/^sbp_[0-9a-f]{40}$/)
  await dialog.getByRole('button', { name: 'Done' }).click()
  const row = page.getByRole('table', { name: 'Access tokens' }).getByRole('row').filter({ hasText: 'CI <b>deploys</b>' })
  await expect(row).toContainText(`${token.slice(0, 8)}…${token.slice(-4)}`)
  await expect(page.getByText(token)).toHaveCount(0)

  // The platform API, called from the page as a script would, with the token alone.
  const call = (bearer: string) =>
    page.evaluate(async ({ base, bearer }) => {
      const answer = await fetch(`${base}/platform/organizations`, { headers: { authorization: `Bearer ${bearer}` } })
      return { status: answer.status, names: answer.ok ? ((await answer.json()) as { name: string }[]).map((o) => o.name) : [] }
    }, { base: DEFAULT_API_BASE, bearer })
  const listed = await call(token)
  expect(listed.status).toBe(200)
  expect(listed.names).toContain('Acme Corp')
  await page.reload()
  await expect(page.getByRole('table', { name: 'Access tokens' }).getByRole('row').filter({ hasText: 'CI <b>deploys</b>' })).not.toContainText('Never used', { timeout: 30_000 })

  await page.getByRole('table', { name: 'Access tokens' }).getByRole('row').filter({ hasText: 'CI <b>deploys</b>' }).getByRole('button', { name: 'Revoke' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click()
  await expect(page.getByText(ACCOUNT_MESSAGE.tokenRevoked('CI <b>deploys</b>'))).toBeVisible()
  expect((await call(token)).status).toBe(401)

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click()
  const username = page.getByRole('textbox', { name: 'Username' })
  await expect(username).toHaveValue(/.+/, { timeout: 30_000 })
  await username.fill('a b')
  await expect(page.getByText(ACCOUNT_MESSAGE.usernameInvalid)).toBeVisible()
  await username.fill('demo-renamed')
  await page.getByRole('textbox', { name: 'First name' }).fill('Dee')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(ACCOUNT_MESSAGE.profileSaved)).toBeVisible()
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('demo-renamed', { timeout: 30_000 })
  expect(consoleErrors.filter((error) => !error.includes('401'))).toEqual([])
})
