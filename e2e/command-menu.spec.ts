import { openHealthyProject, signIn } from './fixtures'
import { expect, test } from './kept-world'

test('⌘/Ctrl+K: keyboard-only navigation to an organization, a project and the SQL editor; the menu closes after each route change', async ({ page }) => {
  await signIn(page)
  await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
  const menu = page.getByRole('dialog', { name: 'Command menu' })
  const search = menu.getByRole('combobox', { name: 'Search commands' })

  await page.keyboard.press('Control+k')
  await expect(search).toBeFocused()
  // SPEC §9: the option list scrolls past 15 rem.
  const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))
  await expect(menu.getByRole('listbox', { name: 'Commands' })).toHaveCSS('max-height', `${15 * rem}px`)
  await expect(menu.getByRole('group', { name: 'Switch organization' }).getByRole('option')).not.toHaveCount(0)
  // Fuzzy: letters in order.
  await search.fill('acm crp')
  await expect(menu.getByRole('option').first()).toHaveText(/Acme Corp/)
  await expect(menu.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/org\/acme-corp$/)
  await expect(menu).toHaveCount(0)

  // The organization's projects are listed; arrows move, Enter runs.
  await page.keyboard.press('Control+k')
  await search.fill('switch project')
  const projects = menu.getByRole('group', { name: 'Switch project' }).getByRole('option')
  await expect(projects).not.toHaveCount(0)
  const second = (await projects.nth(1).textContent())!
  // Names, not addresses.
  expect(second).not.toContain('/project/')
  await page.keyboard.press('ArrowDown')
  await expect(projects.nth(1)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/project\/[a-z0-9]+$/)
  await expect(menu).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Switch project' })).toContainText(second.trim())

  await page.keyboard.press('Control+k')
  await search.fill('sql')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sql\/new$/)
  await expect(menu).toHaveCount(0)
})

test('the menu opens over the code editor, closes on Escape, and runs commands that stay on the page', async ({ page }) => {
  await openHealthyProject(page)
  const ref = new URL(page.url()).pathname.split('/')[2]!
  await page.goto(`/project/${ref}/sql/new`)
  const editor = page.locator('.monaco-editor').first()
  await editor.click()
  const menu = page.getByRole('dialog', { name: 'Command menu' })
  await page.keyboard.press('Control+k')
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)

  // Ctrl/⌘+I from inside the code editor toggles the assistant, as everywhere else (Monaco's own use of it gives way).
  await editor.click()
  await page.keyboard.press('ControlOrMeta+i')
  await expect(page).toHaveURL(/aiAssistantPanelOpen=true/)
  await expect(page.locator('.monaco-editor .suggest-widget.visible')).toHaveCount(0)
  await editor.click()
  await page.keyboard.press('ControlOrMeta+i')
  await expect(page).not.toHaveURL(/aiAssistantPanelOpen=true/)

  // A command a screen registers: the project's assistant.
  await page.keyboard.press('Control+k')
  await menu.getByRole('combobox').fill('toggle ai')
  await page.keyboard.press('Enter')
  await expect(menu).toHaveCount(0)
  await expect(page).toHaveURL(/aiAssistantPanelOpen=true/)

  // Theme, then the feature previews.
  await page.keyboard.press('Control+k')
  await menu.getByRole('combobox').fill('dark theme')
  await expect(menu.getByRole('option').first()).toHaveText(/Use the dark theme/)
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(menu).toHaveCount(0)
  await page.keyboard.press('Control+k')
  await menu.getByRole('combobox').fill('previews')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Dashboard feature previews' })).toBeVisible()
  await expect(menu).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Dashboard feature previews' })).toHaveCount(0)

  // The project's tables and snippets, by name.
  await page.keyboard.press('Control+k')
  await menu.getByRole('combobox').fill('customers')
  await expect(menu.getByRole('group', { name: 'Tables' }).getByRole('option').first()).toHaveText('public.customers')
  await menu.getByRole('group', { name: 'Tables' }).getByRole('option').first().click()
  await expect(page).toHaveURL(/\/editor\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.customers')
  await page.keyboard.press('Control+k')
  await menu.getByRole('combobox').fill('table sizes')
  const snippet = menu.getByRole('group', { name: 'SQL snippets' }).getByRole('option', { name: 'Table sizes' })
  await expect(snippet).toBeVisible()
  await snippet.click()
  await expect(page).toHaveURL(/\/sql\/[0-9a-f-]{36}$/)
  await expect(menu).toHaveCount(0)
  await page.screenshot({ path: 'test-results/command-menu-after.png' })
})
