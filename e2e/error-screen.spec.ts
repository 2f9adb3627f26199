import { signIn } from './fixtures'
import { expect, test } from './kept-world'

async function crash(page: import('@playwright/test').Page, message: string) {
  await page.evaluate((detail) => window.dispatchEvent(new CustomEvent('studio:test-crash', { detail })), message)
}

test.describe('global error screen', () => {
  test('shows the heading, suggestions, copy button and a prefilled support link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    await crash(page, 'Boom: something broke')
    await expect(page.getByRole('heading', { name: 'Sorry! An unexpected error occurred.' })).toBeVisible()
    await expect(page.getByTestId('error-text')).toContainText(
      'Application error: a client-side exception has occurred (see browser console for more information): Boom: something broke',
    )
    for (const text of ['Refresh the page', 'Sign out and sign back in', 'Clear your browser storage', 'Disable browser extensions', 'Contact support if the problem persists']) {
      await expect(page.getByText(text)).toBeVisible()
    }
    const support = page.getByRole('link', { name: 'Contact support' })
    const href = new URL((await support.getAttribute('href'))!, 'http://x')
    expect(href.pathname).toBe('/support/new')
    expect(href.searchParams.get('category')).toBe('dashboard_bug')
    expect(href.searchParams.get('sid')).toMatch(/^[0-9a-f]{32}$/)
    expect(href.searchParams.get('subject')).toContain('/organizations')
    expect(href.searchParams.get('message')).toContain('Boom: something broke')
    // Production build: reload, not reset.
    await expect(page.getByRole('button', { name: 'Reload dashboard' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Return to dashboard' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Copy error' }).click()
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Boom: something broke')
    await expect(page.getByRole('button', { name: 'Copy error' })).toBeVisible({ timeout: 4000 })

    await page.getByRole('button', { name: 'Reload dashboard' }).click()
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
  })

  test('a DOM removal failure warns about translators and extensions', async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    await crash(page, "Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.")
    await expect(page.getByText(/page translator or a browser extension/)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Still stuck?' })).toHaveAttribute('href', /\/support\/new\?category=dashboard_bug/)
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible()
  })
})
