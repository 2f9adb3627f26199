import { createPlatformFixtures } from '../../fixtures/platform'
import { expect, signIn, test } from '../fixtures'

/**
 * The README's first command is `npm run dev`: the development server, with React StrictMode and
 * unbundled modules. These run the paths a newcomer takes first on it, so a failure that only the
 * development build has (the profile's CancelledError) can never pass unseen again.
 */
const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

/**
 * Console errors allowed on the way, each for a reason (everything else fails the test):
 * none today. React's development warnings are errors too and count.
 */
const ALLOWED_CONSOLE_ERRORS: RegExp[] = []

function watchConsole(page: import('@playwright/test').Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = `${message.text()} (${message.location().url})`
    if (!ALLOWED_CONSOLE_ERRORS.some((allowed) => allowed.test(text))) errors.push(text)
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  return errors
}

async function runSql(page: import('@playwright/test').Page, sql: string) {
  const editor = page.getByTestId('sql-editor')
  // Monaco arrives unbundled in development: its first load takes longer than in the build.
  await expect(editor.locator('.monaco-editor')).toBeVisible({ timeout: 45_000 })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(sql)
  await page.keyboard.press('ControlOrMeta+Enter')
}

test('platform, dev server: sign in → organizations → a healthy project → SQL → a table → the assistant', async ({ page }) => {
  test.skip(test.info().project.name !== 'dev', 'the platform path')
  test.setTimeout(120_000)
  const errors = watchConsole(page)
  await signIn(page)
  await expect(page).toHaveURL(/\/organizations$/)
  await expect(page.getByRole('heading', { name: 'Organizations' })).toBeVisible()
  await expect(page.getByText('Your profile could not be loaded')).toHaveCount(0)
  await page.getByRole('link', { name: /Acme Corp/ }).first().click()
  await page.getByRole('link', { name: new RegExp(healthy.name) }).first().click()
  await expect(page.getByRole('heading', { name: healthy.name })).toBeVisible()

  await page.getByRole('link', { name: 'SQL editor' }).first().click()
  await runSql(page, 'select count(*) as n from public.customers')
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toContainText('1 row', { timeout: 30_000 })

  await page.goto(`/project/${healthy.ref}/editor`)
  const tables = page.getByRole('navigation', { name: 'Tables' })
  await tables.getByRole('region', { name: 'Schema public' }).getByRole('link', { name: 'customers', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.customers')
  await expect(page.getByRole('grid', { name: 'Rows' }).getByRole('gridcell').first()).toBeVisible()

  await page.getByRole('button', { name: /Assistant/ }).click()
  const panel = page.getByRole('complementary', { name: 'AI assistant' })
  await panel.getByRole('textbox', { name: 'Ask the assistant' }).fill('list my tables')
  await panel.getByRole('textbox', { name: 'Ask the assistant' }).press('Enter')
  await expect(panel.getByRole('article', { name: 'Assistant answer' }).last()).toContainText('customers', { timeout: 30_000 })
  expect(errors).toEqual([])
})

test('self-hosted, dev server: /project/default opens and SQL runs', async ({ page }) => {
  test.skip(test.info().project.name !== 'dev-self-hosted', 'the self-hosted path')
  test.setTimeout(120_000)
  const errors = watchConsole(page)
  await page.goto('/project/default')
  await expect(page.getByRole('heading', { name: 'Default Project' })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('link', { name: 'SQL editor' }).first().click()
  await runSql(page, 'select 40 + 2 as answer')
  await expect(page.getByRole('gridcell', { name: '42', exact: true })).toBeVisible({ timeout: 30_000 })
  expect(errors).toEqual([])
})
