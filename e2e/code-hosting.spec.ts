import type { Page } from '@playwright/test'
import { CODE_HOSTING_MESSAGE, OAUTH_STATE_LENGTH, OAUTH_STATE_STORAGE_KEY, POPUP_SIZE, SESSION_STORAGE_KEY, SIGN_IN_MESSAGE, SUPPORT_EMAIL } from '../src/constants'
import { signIn, test as freshWorldTest } from './fixtures'
import { expect, test } from './kept-world'

const MESSAGE = CODE_HOSTING_MESSAGE

async function openOrganization(page: Page) {
  await signIn(page, { returnTo: '/org/acme-corp' })
  await expect(page.getByRole('heading', { name: 'Acme Corp' })).toBeVisible()
  const section = page.getByRole('region', { name: MESSAGE.title })
  await expect(section.getByText(MESSAGE.notConnected)).toBeVisible()
  return section
}

/** An image that actually loaded (not a broken picture). */
async function expectLoaded(image: ReturnType<Page['getByRole']>) {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
}

test.describe('GitHub integration of an organization', () => {
  test('Connect GitHub opens the authorise page in a 600 × 800 popup; authorising connects; the app installs', async ({ page }) => {
    const section = await openOrganization(page)

    const opening = page.waitForEvent('popup')
    await section.getByRole('button', { name: MESSAGE.connect }).click()
    const popup = await opening
    await popup.waitForURL(/\/mock-github\/login\/oauth\/authorize\?/)
    expect(popup.viewportSize()).toEqual(POPUP_SIZE)
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([POPUP_SIZE.width, POPUP_SIZE.height])
    const state = new URL(popup.url()).searchParams.get('state')
    expect(state).toMatch(new RegExp(`^[A-Za-z0-9]{${OAUTH_STATE_LENGTH}}$`))
    // Stored before authorising, for the callback to check.
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), OAUTH_STATE_STORAGE_KEY)).toEqual({
      state,
      purpose: 'authorize',
      organization: 'acme-corp',
    })
    await expect(section.getByText(MESSAGE.waiting, { exact: true })).toBeVisible()

    await popup.getByRole('radio', { name: /octo-demo/ }).check()
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Authorize Studio' }).click()
    await closed
    await expect(section.getByText(MESSAGE.connectedAs('octo-demo'))).toBeVisible()
    const avatar = section.getByRole('img', { name: MESSAGE.avatarAlt('octo-demo') })
    await expect(avatar).toHaveAttribute('src', '/mock-github/octo-demo.png?size=96')
    await expectLoaded(avatar)
    // The callback used the state up.
    expect(await page.evaluate((key) => localStorage.getItem(key), OAUTH_STATE_STORAGE_KEY)).toBeNull()

    const installing = page.waitForEvent('popup')
    await section.getByRole('button', { name: MESSAGE.install }).click()
    const installPopup = await installing
    await installPopup.waitForURL(/\/mock-github\/apps\/studio\/installations\/new\?state=[A-Za-z0-9]{32}$/)
    expect(installPopup.viewportSize()).toEqual(POPUP_SIZE)
    const installClosed = installPopup.waitForEvent('close')
    await installPopup.getByRole('button', { name: 'Install', exact: true }).click()
    await installClosed
    await expect(section.getByText(MESSAGE.installed)).toBeVisible()
    await expect(section.getByRole('list', { name: MESSAGE.repositoriesHeading }).getByRole('listitem')).toHaveText([
      /octo-demo\/storefront/,
      /octo-demo\/edge-functions/,
      /octo-demo\/database-migrations/,
    ])

    // Connected in storage the mock platform shares between tabs: a reload still shows it.
    await page.reload()
    await expect(section.getByText(MESSAGE.connectedAs('octo-demo'))).toBeVisible()
    await section.getByRole('button', { name: MESSAGE.disconnect }).click()
    await expect(section.getByText(MESSAGE.notConnected)).toBeVisible()
  })

  freshWorldTest('a popup left open for 5 minutes times out and closes; Try again opens a new one', async ({ page }) => {
    await page.clock.install()
    const section = await openOrganization(page)
    const opening = page.waitForEvent('popup')
    await section.getByRole('button', { name: MESSAGE.connect }).click()
    const popup = await opening
    await popup.waitForURL(/\/mock-github\/login\/oauth\/authorize\?/)
    await expect(section.getByText(MESSAGE.waiting, { exact: true })).toBeVisible()

    await page.clock.fastForward('04:58')
    await expect(section.getByText(MESSAGE.waiting, { exact: true })).toBeVisible()
    expect(popup.isClosed()).toBe(false)
    const closed = popup.waitForEvent('close')
    // The clock moves in every page of the context, the popup too: when the app closes the popup
    // while the clock is still being moved there, Playwright reports that page gone. Only that is let pass.
    await page.clock.fastForward('00:03').catch(async (error: unknown) => {
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000))])
      if (!popup.isClosed()) throw error
    })
    await expect(section.getByRole('alert', { name: MESSAGE.timedOutTitle })).toBeVisible()
    await closed
    expect(await page.evaluate((key) => localStorage.getItem(key), OAUTH_STATE_STORAGE_KEY)).toBeNull()
    await expect(section.getByText(MESSAGE.notConnected)).toBeVisible()

    const again = page.waitForEvent('popup')
    await section.getByRole('button', { name: MESSAGE.tryAgain }).click()
    const second = await again
    await second.waitForURL(/\/mock-github\/login\/oauth\/authorize\?/)
    await expect(section.getByText(MESSAGE.waiting, { exact: true })).toBeVisible()
    await section.getByRole('button', { name: MESSAGE.cancel }).click()
    await expect(section.getByText(MESSAGE.waiting, { exact: true })).toBeHidden()
  })

  test('a blocked popup says so, and keeps no state', async ({ page }) => {
    // What a popup blocker does: window.open answers null.
    await page.addInitScript(() => {
      window.open = () => null
    })
    const section = await openOrganization(page)
    await section.getByRole('button', { name: MESSAGE.connect }).click()
    await expect(section.getByRole('alert', { name: MESSAGE.blocked })).toBeVisible()
    await expect(section.getByRole('button', { name: MESSAGE.tryAgain })).toBeVisible()
    expect(await page.evaluate((key) => localStorage.getItem(key), OAUTH_STATE_STORAGE_KEY)).toBeNull()
  })
})

test.describe('sign-in with GitHub', () => {
  test('a verified account signs in, back to returnTo, marked as a GitHub account', async ({ page }) => {
    await page.goto('/sign-in?returnTo=%2Forg%2Facme-corp')
    await page.getByRole('button', { name: MESSAGE.continueWith }).click()
    await page.waitForURL(/\/mock-github\/login\/oauth\/authorize\?client_id=studio-auth/)
    await page.getByRole('radio', { name: /octo-demo/ }).check()
    await page.getByRole('button', { name: 'Authorize Studio sign-in' }).click()

    await expect(page).toHaveURL(/\/org\/acme-corp$/)
    await expect(page.getByRole('heading', { name: 'Acme Corp' })).toBeVisible()
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').user?.email, SESSION_STORAGE_KEY)).toBe('octo@example.com')
    await page.getByRole('button', { name: 'Account' }).click()
    await expect(page.getByRole('menu').getByText(MESSAGE.signedInWith)).toBeVisible()
    const avatar = page.getByRole('menu').getByRole('img', { name: MESSAGE.avatarAlt('octo-demo') })
    await expect(avatar).toHaveAttribute('src', '/mock-github/octo-demo.png?size=96')
    await expectLoaded(avatar)
  })

  test('an unverified account gets the verify-your-email message and stays signed out', async ({ page }) => {
    await page.goto('/sign-in?returnTo=%2Forg%2Facme-corp')
    await page.getByRole('button', { name: MESSAGE.continueWith }).click()
    await page.getByRole('radio', { name: /octo-unverified/ }).check()
    await page.getByRole('button', { name: 'Authorize Studio sign-in' }).click()

    await expect(page.getByText(SIGN_IN_MESSAGE.unverifiedProviderToast(SUPPORT_EMAIL))).toBeVisible()
    // Back on the sign-in page with its returnTo, the error wiped from the address.
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Forg%2Facme-corp$/)
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull()
    await expect(page.getByRole('button', { name: MESSAGE.continueWith })).toBeEnabled()
  })

  test('cancelling at GitHub shows its own message', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByRole('button', { name: MESSAGE.continueWith }).click()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByText('The user has denied your application access.')).toBeVisible()
    await expect(page).toHaveURL(/\/sign-in$/)
  })
})
