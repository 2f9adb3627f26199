import type { Page } from '@playwright/test'
import { CONSENT_MESSAGE, CONSENT_MOBILE_BREAKPOINT, CONSENT_STORAGE_KEY, TELEMETRY_COOKIE } from '../src/constants'
import { expect, test } from './fixtures'

test.use({ consent: 'undecided' })

const storedDecision = (page: Page) => page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)
const telemetryCookie = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === TELEMETRY_COOKIE)
const consentToast = (page: Page) => page.getByRole('region', { name: 'Cookie consent' })

/** Opens the privacy settings from the toast of the sign-in page (`path`: with a scenario). */
async function openPrivacySettings(page: Page, path = '/sign-in') {
  await page.goto(path)
  await consentToast(page).getByRole('button', { name: CONSENT_MESSAGE.privacySettings }).click()
  return page.getByRole('dialog', { name: CONSENT_MESSAGE.dialogTitle })
}

/** A decision is for good: after a reload the page is back, and the toast is not. */
async function expectNoToastAfterReload(page: Page) {
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await expect(consentToast(page)).toBeHidden()
}

test('the toast waits bottom-right on the sign-in page; Accept dismisses it for good and sets the telemetry cookie', async ({ page, consoleErrors }) => {
  // The page's clock, to let a long while pass at once.
  await page.clock.install()
  await page.goto('/sign-in')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  const toast = consentToast(page)
  await expect(toast).toContainText(CONSENT_MESSAGE.toast)
  await expect(toast.getByRole('link', { name: CONSENT_MESSAGE.learnMore })).toHaveAttribute('href', /^https:\/\//)
  for (const name of [CONSENT_MESSAGE.accept, CONSENT_MESSAGE.optOut, CONSENT_MESSAGE.privacySettings])
    await expect(toast.getByRole('button', { name })).toBeVisible()
  const box = (await toast.boundingBox())!
  const viewport = page.viewportSize()!
  expect(viewport.width - (box.x + box.width)).toBeGreaterThanOrEqual(8)
  expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(32)
  expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(32)
  expect(box.x).toBeGreaterThan(viewport.width / 2)
  await page.screenshot({ path: 'test-results/screens/consent-toast.png' })

  // Persistent: still there after a while and after a reload until answered.
  await page.clock.fastForward('10:00')
  await expect(toast).toBeVisible()
  await page.reload()
  await expect(toast).toBeVisible()
  expect(await telemetryCookie(page)).toBeUndefined()

  await toast.getByRole('button', { name: CONSENT_MESSAGE.accept }).click()
  await expect(toast).toBeHidden()
  expect(await storedDecision(page)).toBe('true')
  expect((await telemetryCookie(page))?.value).toMatch(/^[0-9a-f-]{36}$/)
  await expectNoToastAfterReload(page)
  expect(consoleErrors).toEqual([])
})

test('Opt out dismisses the toast for good, stores false and deletes the telemetry cookie', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: TELEMETRY_COOKIE, value: 'earlier-anonymous-id', url: baseURL! }])
  await page.goto('/sign-in')
  expect((await telemetryCookie(page))?.value).toBe('earlier-anonymous-id')
  await consentToast(page).getByRole('button', { name: CONSENT_MESSAGE.optOut }).click()
  await expect(consentToast(page)).toBeHidden()
  expect(await storedDecision(page)).toBe('false')
  expect(await telemetryCookie(page)).toBeUndefined()
  await expectNoToastAfterReload(page)
})

test('privacy settings: essential locked on; turning every optional category on and saving accepts', async ({ page }) => {
  const dialog = await openPrivacySettings(page)
  const essential = dialog.getByRole('switch', { name: 'Strictly necessary' })
  await expect(essential).toBeDisabled()
  await expect(essential).toBeChecked()
  await expect(dialog.getByText(CONSENT_MESSAGE.alwaysOn, { exact: true })).toBeVisible()
  // Clicking the locked one changes nothing.
  await dialog.getByText('Strictly necessary', { exact: true }).click({ force: true })
  await expect(essential).toBeChecked()
  const analytics = dialog.getByRole('switch', { name: 'Analytics' })
  const marketing = dialog.getByRole('switch', { name: 'Marketing' })
  await expect(analytics).not.toBeChecked()
  await expect(marketing).not.toBeChecked()
  await dialog.getByText('Analytics', { exact: true }).click()
  await dialog.getByText('Marketing', { exact: true }).click()
  await expect(analytics).toBeChecked()
  await expect(marketing).toBeChecked()
  await page.screenshot({ path: 'test-results/screens/consent-privacy-settings.png' })
  await dialog.getByRole('button', { name: CONSENT_MESSAGE.save }).click()
  await expect(dialog).toBeHidden()
  await expect(consentToast(page)).toBeHidden()
  expect(await storedDecision(page)).toBe('true')
  expect(await telemetryCookie(page)).toBeDefined()
  await expectNoToastAfterReload(page)
})

test('privacy settings: saving with analytics on but marketing off is remembered as opting out', async ({ page }) => {
  const dialog = await openPrivacySettings(page)
  await dialog.getByText('Analytics', { exact: true }).click()
  await expect(dialog.getByRole('switch', { name: 'Analytics' })).toBeChecked()
  await dialog.getByRole('button', { name: CONSENT_MESSAGE.save }).click()
  await expect(dialog).toBeHidden()
  await expect(consentToast(page)).toBeHidden()
  expect(await storedDecision(page)).toBe('false')
  expect(await telemetryCookie(page)).toBeUndefined()
})

test("privacy settings blocked ('consent-unavailable'): the warning, Retry, and the toast still answers", async ({ page }) => {
  const dialog = await openPrivacySettings(page, '/sign-in?scenario=consent-unavailable')
  const warning = dialog.getByRole('alert', { name: CONSENT_MESSAGE.loadFailed })
  await expect(warning).toBeVisible()
  await expect(warning).toContainText('ad blocker')
  await page.screenshot({ path: 'test-results/screens/consent-privacy-settings-unavailable.png' })
  await warning.getByRole('button', { name: CONSENT_MESSAGE.retry }).click()
  await expect(warning).toBeVisible()
  await expect(dialog.getByRole('switch')).toHaveCount(0)
  await dialog.getByRole('button', { name: CONSENT_MESSAGE.cancel }).click()
  await expect(dialog).toBeHidden()
  await consentToast(page).getByRole('button', { name: CONSENT_MESSAGE.accept }).click()
  expect(await storedDecision(page)).toBe('true')
})

test('at 639 px and below the toast spans the full width at the bottom', async ({ page }) => {
  // The last mobile width itself: the layout must change exactly at the SPEC's breakpoint.
  await page.setViewportSize({ width: CONSENT_MOBILE_BREAKPOINT, height: 800 })
  await page.goto('/sign-in')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  const toast = consentToast(page)
  await expect(toast).toBeVisible()
  const box = (await toast.boundingBox())!
  expect(box.x).toBe(0)
  expect(box.width).toBe(CONSENT_MOBILE_BREAKPOINT)
  expect(Math.round(box.y + box.height)).toBe(800)
  await page.screenshot({ path: 'test-results/screens/consent-toast-mobile.png' })
  // One pixel wider it is back in the corner.
  await page.setViewportSize({ width: CONSENT_MOBILE_BREAKPOINT + 1, height: 800 })
  await expect.poll(async () => (await toast.boundingBox())!.width).toBeLessThan(CONSENT_MOBILE_BREAKPOINT + 1)
})
