import { CONSENT_STORAGE_KEY, SESSION_MESSAGE, SESSION_RENEWAL_MARGIN, SESSION_STORAGE_KEY } from '../src/constants'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

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

  test('a session about to expire renews without the user noticing', async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    const readSession = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { refreshToken: string; expiresAt: number }, SESSION_STORAGE_KEY)
    const signedIn = await readSession()
    // As if the hour had nearly passed: two seconds before the renewal is due.
    await page.evaluate(
      ({ key, expiresAt }) => localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key)!), expiresAt })),
      { key: SESSION_STORAGE_KEY, expiresAt: Math.floor(Date.now() / 1000) + SESSION_RENEWAL_MARGIN / 1000 + 2 },
    )
    await page.goto('/org/acme-corp')
    await expect(page.getByRole('heading', { name: 'Acme Corp' })).toBeVisible()
    await expect.poll(async () => (await readSession()).refreshToken, { timeout: 10_000 }).not.toBe(signedIn.refreshToken)
    expect((await readSession()).expiresAt).toBeGreaterThan(Date.now() / 1000 + 3000)
    await expect(page).toHaveURL(/\/org\/acme-corp$/)
    // The renewed token is the one the platform takes now.
    await page.goto('/organizations')
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
  })

  test('a session ended elsewhere says so and signs out, coming back after the next sign-in', async ({ page }) => {
    await signIn(page, { returnTo: '/org/acme-corp' })
    await expect(page.getByRole('heading', { name: 'Acme Corp' })).toBeVisible()
    // Signed out everywhere from another device: the refresh token is revoked with the session.
    const status = await page.evaluate(async (key) => {
      const { accessToken } = JSON.parse(localStorage.getItem(key)!) as { accessToken: string }
      return (await fetch('/api/auth/v1/logout?scope=global', { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } })).status
    }, SESSION_STORAGE_KEY)
    expect(status).toBe(204)
    await page.reload()
    await expect(page.getByText(SESSION_MESSAGE.endedTitle)).toBeVisible()
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Forg%2Facme-corp$/)
    await page.getByLabel('Email').fill('demo@example.com')
    await page.getByLabel('Password').fill('studio-demo-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'Acme Corp' })).toBeVisible()
  })
})
