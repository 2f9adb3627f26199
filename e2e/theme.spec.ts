import { THEME_STORAGE_KEY } from '../src/constants'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

test('the theme choice survives a reload, and every theme renders the organizations page', async ({ page }) => {
  await signIn(page)
  await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
  const html = page.locator('html')
  for (const [label, attribute] of [
    ['Dark', 'dark'],
    ['Light', 'light'],
    ['Classic dark', 'classic-dark'],
  ] as const) {
    await page.getByRole('button', { name: 'Theme' }).click()
    await page.getByRole('menuitem', { name: label, exact: true }).click()
    await expect(html).toHaveAttribute('data-theme', attribute)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    await expect(html).toHaveAttribute('data-theme', attribute)
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background, `${label} background`).toBe(attribute === 'light' ? 'rgb(248, 249, 250)' : attribute === 'dark' ? 'rgb(18, 18, 18)' : 'rgb(28, 28, 28)')
    await page.screenshot({ path: `test-results/screens/organizations-${attribute}.png` })
  }
  // System follows the operating system.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.getByRole('button', { name: 'Theme' }).click()
  await page.getByRole('menuitem', { name: 'System', exact: true }).click()
  await expect(html).toHaveAttribute('data-theme', 'dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(html).toHaveAttribute('data-theme', 'light')
  await page.screenshot({ path: 'test-results/screens/organizations-system.png' })
})

test('a corrupt stored theme is discarded for the default, with no crash', async ({ page, consoleErrors }) => {
  await page.goto('/sign-in')
  await page.evaluate((key) => localStorage.setItem(key, '{not json'), THEME_STORAGE_KEY)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBeNull()
  expect(consoleErrors).toEqual([])
})
