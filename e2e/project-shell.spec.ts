import type { Page } from '@playwright/test'
import { createPlatformFixtures } from '../fixtures/platform'
import { BILLING_BANNER } from '../src/constants'
import { replaceSql, signIn } from './fixtures'
import { expect, test } from './kept-world'

const projects = createPlatformFixtures().projects
const healthy = projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
const free = projects.find((p) => p.organization_slug === 'demo-free')!
const comingUp = projects.find((p) => p.status === 'COMING_UP')!

const rail = (page: Page) => page.getByRole('navigation', { name: 'Project' })
const gate = (page: Page) => page.locator('[data-project-state]')


/** Neither the page nor anything wider than the window scrolls: one scroll bar per part at most. */
async function expectNoPageScroll(page: Page) {
  const sizes = await page.evaluate(() => ({
    width: innerWidth,
    height: innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
  }))
  expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.width)
  expect(sizes.scrollHeight).toBeLessThanOrEqual(sizes.height)
}

test('every rail item opens its screen; the table and SQL editors reopen the last table and snippet; the rail stays expanded', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}` })
  await expect(page.getByRole('heading', { level: 1, name: healthy.name })).toBeVisible()
  await expect(rail(page).getByRole('link')).toHaveText(['Project overview', 'Table editor', 'SQL editor', 'Database', 'Authentication', 'Integrations', 'Storage', 'Logs', 'Advisors', 'Settings'])
  await expect(rail(page).getByRole('link', { name: 'Project overview' })).toHaveAttribute('aria-current', 'page')

  await rail(page).getByRole('link', { name: 'Table editor' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/editor$`))
  await page.getByRole('navigation', { name: 'Tables' }).getByRole('region', { name: 'Schema public' }).getByRole('link', { name: 'customers', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.customers')
  const tablePath = new URL(page.url()).pathname
  expect(tablePath).toMatch(/\/editor\/\d+$/)
  await expect(rail(page).getByRole('link', { name: 'Table editor' })).toHaveAttribute('aria-current', 'page')

  await rail(page).getByRole('link', { name: 'SQL editor' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/sql/new$`))
  await page.getByRole('navigation', { name: 'SQL snippets' }).getByRole('region', { name: 'Snippets' }).getByRole('link', { name: 'Recent orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Recent orders' })).toBeVisible()
  const snippetPath = new URL(page.url()).pathname

  await rail(page).getByRole('link', { name: 'Project overview' }).click()
  await expect(page.getByRole('heading', { level: 1, name: healthy.name })).toBeVisible()
  await rail(page).getByRole('link', { name: 'Table editor' }).click()
  await expect(page).toHaveURL(new RegExp(`${tablePath}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.customers')
  await rail(page).getByRole('link', { name: 'SQL editor' }).click()
  await expect(page).toHaveURL(new RegExp(`${snippetPath}$`))

  // An area with several screens opens its first, and its own menu lists them all.
  await rail(page).getByRole('link', { name: 'Database' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/database/schemas$`))
  await expect(rail(page).getByRole('link', { name: 'Database' })).toHaveAttribute('aria-current', 'page')
  const areaMenu = page.getByRole('navigation', { name: 'Database' })
  await expect(areaMenu.getByRole('link')).toHaveText(['Schema diagram', 'Tables', 'Functions', 'Triggers', 'Enumerated types', 'Indexes', 'Roles', 'Publications', 'Migrations', 'Extensions', 'Database webhooks', 'Wrappers'])
  await areaMenu.getByRole('link', { name: 'Database webhooks' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Database webhooks' })).toBeVisible()

  // Authentication opens the users; its menu has the policies.
  await rail(page).getByRole('link', { name: 'Authentication' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/auth/users$`))
  await expect(page.getByRole('navigation', { name: 'Authentication' }).getByRole('link')).toHaveText(['Users', 'Policies'])

  // Integrations opens cron; its menu reaches the GraphQL explorer too (at its /api address).
  await rail(page).getByRole('link', { name: 'Integrations' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/integrations/cron$`))
  const integrationsMenu = page.getByRole('navigation', { name: 'Integrations' })
  await expect(integrationsMenu.getByRole('link')).toHaveText(['Cron', 'GraphiQL'])
  await integrationsMenu.getByRole('link', { name: 'GraphiQL' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/api/graphiql$`))
  await expect(page.getByRole('heading', { level: 1, name: 'GraphiQL' })).toBeVisible()
  await expect(rail(page).getByRole('link', { name: 'Integrations' })).toHaveAttribute('aria-current', 'page')

  // Storage opens its files (…/storage/buckets without the new Storage preview); its menu has the policies.
  await rail(page).getByRole('link', { name: 'Storage' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/storage/buckets$`))
  await expect(page.getByRole('navigation', { name: 'Storage' }).getByRole('link')).toHaveText(['Files', 'Policies'])

  // Settings holds the project's general, API, database and compute settings, the vault and the storage settings: it opens the first, its menu lists them all.
  await rail(page).getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/settings/general$`))
  await expect(rail(page).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link')).toHaveText(['General', 'API', 'Database', 'Compute', 'Vault', 'Storage settings'])
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Vault' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/settings/vault/secrets$`))
  await expect(rail(page).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')

  // An area with one screen opens it, with no menu of its own.
  await rail(page).getByRole('link', { name: 'Logs' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/logs`))
  await expect(rail(page).getByRole('link', { name: 'Logs' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('navigation', { name: 'Logs' })).toHaveCount(0)

  // The command menu lists the same destinations by name, leading to the same places.
  await page.keyboard.press('ControlOrMeta+k')
  await page.getByRole('option', { name: 'Table editor', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`${tablePath}$`))

  // Collapsed, the labels show on hover only; expanded, beside the icons, and it stays so.
  await expect(rail(page).getByText('SQL editor')).toHaveCSS('position', 'absolute')
  await rail(page).getByRole('button', { name: 'Expand navigation' }).click()
  await expect(rail(page).getByText('SQL editor')).not.toHaveCSS('position', 'absolute')
  await page.reload()
  await expect(rail(page).getByRole('button', { name: 'Collapse navigation' })).toBeVisible()
  await expect(rail(page).getByText('SQL editor')).not.toHaveCSS('position', 'absolute')
})

test('a paused project shows the gate, and restores to a working SQL editor without a reload, keeping what was typed', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${free.ref}/sql/new` })
  await replaceSql(page, 'select 7 as seven')
  await expect(page).toHaveURL(/\/sql\/[0-9a-f-]{36}$/)
  const snippetUrl = page.url()

  await rail(page).getByRole('link', { name: 'Project overview' }).click()
  await page.getByRole('button', { name: 'Pause project' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('does not count toward the Free plan’s active projects')
  await confirm.getByRole('button', { name: 'Pause project' }).click()
  await expect(page.getByRole('heading', { name: 'This project is paused' })).toBeVisible()
  await expect(page.getByText('Paused', { exact: true })).toBeVisible()

  // The SQL editor does not open on a paused database: the gate stands in front of it.
  await rail(page).getByRole('link', { name: 'SQL editor' }).click()
  await expect(page).toHaveURL(snippetUrl)
  await expect(gate(page)).toHaveAttribute('data-project-state', 'paused')
  await expect(page.getByTestId('sql-editor')).toHaveCount(0)

  await gate(page).getByRole('button', { name: 'Restore project' }).click()
  await expect(page.getByRole('heading', { name: 'The project is being restored' })).toBeVisible()
  await expect(page.getByText('Checking status every 5 seconds…')).toBeVisible()
  // Healthy after a few polls: the editor opens by itself, with the text typed before the pause.
  await expect(page.getByTestId('sql-editor').locator('.view-lines')).toContainText('select 7 as seven', { timeout: 60_000 })
  await page.getByTestId('sql-editor').click()
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('gridcell', { name: '7' })).toBeVisible()
})

test('a project coming up opens its screen by itself once healthy', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${comingUp.ref}/editor` })
  await expect(gate(page)).toHaveAttribute('data-project-state', 'waiting')
  await expect(page.getByRole('heading', { name: 'The project is coming up' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Tables' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Tables' }).getByRole('region', { name: 'Schema public' })).toBeVisible({ timeout: 60_000 })
  await expect(gate(page)).toHaveCount(0)
})

test('the rail, the top bar and the banners share the page without a second scroll bar, wide and narrow', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await signIn(page, { returnTo: `/project/${healthy.ref}` })
  await expect(page.getByRole('heading', { level: 1, name: healthy.name })).toBeVisible()
  await expectNoPageScroll(page)
  await rail(page).getByRole('link', { name: 'SQL editor' }).click()
  await expect(page.getByTestId('sql-editor').locator('.monaco-editor')).toBeVisible()
  await expectNoPageScroll(page)

  // Narrow, the rail becomes a menu button.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(rail(page)).toBeHidden()
  await expectNoPageScroll(page)
  await page.getByRole('button', { name: 'Project menu' }).click()
  await page.getByRole('menuitem', { name: 'Project overview' }).click()
  await expect(page.getByRole('heading', { level: 1, name: healthy.name })).toBeVisible()
  await expectNoPageScroll(page)
})

test('a banner arriving after the page never moves the rail or the screen under the pointer', async ({ page }) => {
  // Every layout shift of the page, and whether it moved the project's rail or the screen holding it.
  await page.addInitScript(() => {
    const moved: boolean[] = []
    Object.assign(window, { __railMoves: moved })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node | null }[] })[]) {
        const railNow = document.querySelector('nav[aria-label="Project"]')
        moved.push(Boolean(railNow && entry.sources?.some(({ node }) => node && (node.contains(railNow) || railNow.contains(node)))))
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await signIn(page, { returnTo: `/project/${healthy.ref}` })
  // The demo user manages another organization with unpaid invoices: its banner comes from its own answers.
  await expect(page.getByRole('alert', { name: BILLING_BANNER.overdueInvoicesElsewhere.title })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: healthy.name })).toBeVisible()
  await expect(rail(page).getByRole('link', { name: 'SQL editor' })).toBeVisible()
  const moves = await page.evaluate(() => (window as unknown as { __railMoves: boolean[] }).__railMoves)
  expect(moves.filter(Boolean)).toEqual([])
})
