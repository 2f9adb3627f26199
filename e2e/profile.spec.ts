import { setMockScenario, signIn } from './fixtures'
import { expect, test } from './kept-world'

test.describe('profile loading', () => {
  test('a missing profile is created, then the dashboard shows', async ({ page }) => {
    const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/platform/profile'))
    await signIn(page, { scenario: 'profile-not-found' })
    await created
    await expect(page.getByRole('list', { name: 'Organizations' })).toBeVisible()
    await page.goto('/organizations?scenario=none')
  })

  test('a 409 on creation is treated as existing (no error toast)', async ({ page }) => {
    await signIn(page, { scenario: 'profile-create-conflict' })
    await expect(page.getByRole('list', { name: 'Organizations' })).toBeVisible()
    await expect(page.getByText('Failed to create your profile. Please refresh to try again.')).toHaveCount(0)
    await page.goto('/organizations?scenario=none')
  })

  test('a failed creation says so and offers a retry', async ({ page }) => {
    await signIn(page, { scenario: 'profile-create-failure' })
    await expect(page.getByText('Failed to create your profile. Please refresh to try again.')).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to create profile: Profile service is unavailable' })).toBeVisible()
    await page.goto('/organizations?scenario=none')
  })

  test('a 401 on the profile signs out and returns after signing in', async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('list', { name: 'Organizations' })).toBeVisible()
    await page.goto('/org/globex?scenario=profile-unauthorized')
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Forg%2Fglobex/)
    await setMockScenario(page, null)
    await page.getByLabel('Email').fill('demo@example.com')
    await page.getByLabel('Password').fill('studio-demo-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/org\/globex/)
  })
})
