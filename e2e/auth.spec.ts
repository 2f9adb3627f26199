import { CONSENT_STORAGE_KEY } from '../src/constants'
import { expect, signIn, test } from './fixtures'

test.describe('sign-in and sign-out', () => {
  test('signing in lands on the organizations list, sorted by name', async ({ page }) => {
    await signIn(page)
    await expect(page).toHaveURL(/\/organizations$/)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    const names = await page.getByRole('list', { name: 'Organizations' }).locator('li strong').allTextContents()
    expect(names.length).toBeGreaterThan(3)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
  })

  test('wrong credentials show the auth error and keep the form', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByLabel('Email').fill('demo@example.com')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue('demo@example.com')
    await expect(page).toHaveURL(/\/sign-in/)
  })

  test('a signed-out visit goes to sign-in with a returnTo, and comes back after', async ({ page }) => {
    await page.goto('/org/acme-corp')
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Forg%2Facme-corp$/)
    await page.getByLabel('Email').fill('demo@example.com')
    await page.getByLabel('Password').fill('studio-demo-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/org\/acme-corp$/)
    await expect(page.getByRole('heading', { name: 'Acme Corp' })).toBeVisible()
  })

  test('returnTo is honoured for a safe path', async ({ page }) => {
    await signIn(page, { returnTo: '/org/globex' })
    await expect(page).toHaveURL(/\/org\/globex$/)
  })

  for (const attempt of ['//evil.example.com', 'https://evil.example.com', '/\\evil.example.com', 'javascript:alert(1)', '/%2F%2Fevil.example.com', '/logout', '/sign-in']) {
    test(`returnTo ${attempt} is rejected for /organizations`, async ({ page, baseURL }) => {
      await signIn(page, { returnTo: attempt })
      // The whole URL: same origin (whichever server the run uses), the default path, nothing after.
      await expect(page).toHaveURL(new RegExp(`^${baseURL!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/organizations$`))
    })
  }

  test('signing out clears the session and local storage, all but the cookie-consent answer', async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    await page.getByRole('button', { name: 'Account' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/sign-in$/)
    // The consent answer belongs to the browser, not the account: it is the one key kept.
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([CONSENT_STORAGE_KEY])
    await page.goto('/org/acme-corp')
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Forg%2Facme-corp$/)
  })

  test('/logout signs out directly', async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    await page.goto('/logout')
    await expect(page).toHaveURL(/\/sign-in$/)
  })
})
