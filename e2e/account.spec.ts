import { Secret, TOTP } from 'otpauth'
import { ACCOUNT_MESSAGE, DEFAULT_API_BASE, MFA_MESSAGE, TOTP as TOTP_SETTINGS, TWO_FACTOR_MESSAGE } from '../src/constants'
import { expectAccessible } from './accessibility'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

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

test('two-factor sign-in: an authenticator app is enrolled from its QR code, Secure Bank opens, the next sign-in asks for the code, and the factor is removed', async ({ page, consoleErrors }) => {
  await signIn(page, { returnTo: '/org/secure-bank' })
  await expect(page.getByText(MFA_MESSAGE.requiredTitle).first()).toBeVisible({ timeout: 30_000 })
  await page.getByRole('link', { name: MFA_MESSAGE.enrol }).click()
  await expect(page).toHaveURL(/\/account\/security$/)
  await expect(page.getByText('Two-factor authentication is off')).toBeVisible()
  await page.getByRole('textbox', { name: 'Name of the new factor' }).fill('Phone <i>1</i>')
  await page.getByRole('button', { name: 'Add authenticator app' }).click()
  await expect(page.getByLabel('QR code for Phone <i>1</i>')).toBeVisible()
  const secret = (await page.getByLabel('Setup key', { exact: true }).textContent())!
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await expectAccessible(page, 'enrolling an authenticator app')
  // The authenticator app, here: the same RFC 6238 code from the setup key.
  const code = (offsetMs = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: TOTP_SETTINGS.digits, period: TOTP_SETTINGS.periodSeconds }).generate({ timestamp: Date.now() + offsetMs })
  const codeField = page.getByRole('textbox', { name: 'Authentication code' })
  await codeField.fill('12')
  await page.getByRole('button', { name: 'Verify and turn on' }).click()
  await expect(page.getByText(TWO_FACTOR_MESSAGE.codeShape)).toBeVisible()
  await codeField.fill(code())
  await page.getByRole('button', { name: 'Verify and turn on' }).click()
  await expect(page.getByText(TWO_FACTOR_MESSAGE.enrolled)).toBeVisible()
  await expect(page.getByRole('table', { name: 'Authenticator apps' })).toContainText('Phone <i>1</i>')
  await page.goto('/org/secure-bank')
  await expect(page.getByRole('heading', { name: 'Secure Bank' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(MFA_MESSAGE.requiredTitle)).toHaveCount(0)

  // Signed out and in again: the password alone is not enough.
  await page.goto('/logout')
  await signIn(page, { returnTo: '/account/security' })
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('textbox', { name: 'Authentication code' }).fill('000000' === code(30_000) ? '111111' : '000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText(TWO_FACTOR_MESSAGE.codeWrong)).toBeVisible()
  await expectAccessible(page, "the sign-in's code step")
  // The next step's code (the enrolment used this one), as an app shows it a moment later.
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(code(30_000))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/account\/security$/, { timeout: 30_000 })

  await page.getByRole('table', { name: 'Authenticator apps' }).getByRole('button', { name: 'Remove' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove “Phone <i>1</i>”?' })
  await confirm.getByLabel('Type Phone <i>1</i> to confirm').fill('Phone <i>1</i>')
  await confirm.getByRole('button', { name: 'Remove factor' }).click()
  await expect(page.getByText(TWO_FACTOR_MESSAGE.removed('Phone <i>1</i>'))).toBeVisible()
  await expect(page.getByText('Two-factor authentication is off')).toBeVisible()
  expect(consoleErrors.filter((error) => !error.includes('401'))).toEqual([])
})
