import type { Page } from '@playwright/test'
import { createPlatformFixtures } from '../fixtures/platform'
import { MOCK_CONTENT_STORAGE_KEY } from '../src/constants'
import { replaceSql, setMockScenario, signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
const UUID_PATH = new RegExp(`/project/${healthy.ref}/sql/[0-9a-f-]{36}$`)

async function editorText(page: Page) {
  // Monaco draws spaces as non-breaking ones.
  return (await page.getByTestId('sql-editor').locator('.view-lines').innerText()).replace(/\u00a0/g, ' ')
}


const saveStatus = (page: Page) => page.getByRole('status', { name: 'Save status' })
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'SQL snippets' })

async function snippetAction(page: Page, name: string, action: string) {
  await sidebar(page)
    .getByRole('button', { name: `Actions for ${name}` })
    .click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

test('create, rename, put in a folder, delete and undo a snippet; it survives a reload', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  await expect(sidebar(page).getByRole('region', { name: 'Snippets' }).getByRole('link', { name: 'Recent orders' })).toBeVisible()
  await expect(sidebar(page).getByRole('group', { name: 'Maintenance' }).getByRole('link', { name: 'Table sizes' })).toBeVisible()

  await replaceSql(page, 'select 42 as answer')
  await expect(page).toHaveURL(UUID_PATH)
  await expect(saveStatus(page)).toHaveText('Saved')
  await expect(sidebar(page).getByRole('link', { name: 'Untitled query' })).toHaveAttribute('aria-current', 'page')

  const answerPath = page.url()
  await snippetAction(page, 'Untitled query', 'Rename')
  const rename = page.getByRole('dialog', { name: 'Rename snippet' })
  await rename.getByLabel('Snippet name').fill('The answer')
  await rename.getByRole('button', { name: 'Rename' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The answer')

  await sidebar(page).getByRole('button', { name: 'New folder' }).click()
  const folderDialog = page.getByRole('dialog', { name: 'New folder' })
  await folderDialog.getByLabel('Folder name').fill('Maintenance')
  await folderDialog.getByRole('button', { name: 'Create folder' }).click()
  await expect(folderDialog.getByRole('alert')).toHaveText('A folder named "Maintenance" already exists')
  await folderDialog.getByLabel('Folder name').fill('Reports')
  await folderDialog.getByRole('button', { name: 'Create folder' }).click()
  const reports = sidebar(page).getByRole('group', { name: 'Reports' })
  await expect(reports).toContainText('Empty folder')

  await snippetAction(page, 'The answer', 'Reports')
  await expect(reports.getByRole('link', { name: 'The answer' })).toBeVisible()

  await snippetAction(page, 'The answer', 'Delete')
  await expect(sidebar(page).getByRole('link', { name: 'The answer' })).toHaveCount(0)
  // The open snippet went away: the editor moved on to another one.
  await expect(page).not.toHaveURL(answerPath)
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByText('Restored "The answer"')).toBeVisible()
  await expect(reports.getByRole('link', { name: 'The answer' })).toBeVisible()

  await page.reload()
  await sidebar(page).getByRole('group', { name: 'Reports' }).getByRole('link', { name: 'The answer' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The answer')
  await expect.poll(() => editorText(page)).toContain('select 42 as answer')
})

test('search finds snippets by name and favourites are listed first', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  await expect(sidebar(page).getByRole('region', { name: 'Favorites' }).getByRole('link', { name: 'Recent orders' })).toBeVisible()
  await snippetAction(page, 'Table sizes', 'Add to favorites')
  await expect(sidebar(page).getByRole('region', { name: 'Favorites' }).getByRole('link', { name: 'Table sizes' })).toBeVisible()
  await sidebar(page).getByRole('searchbox', { name: 'Search snippets' }).fill('sizes')
  await expect(sidebar(page).getByRole('link', { name: /Recent orders/ })).toHaveCount(0)
  await sidebar(page).getByRole('searchbox', { name: 'Search snippets' }).fill('nothing like this')
  await expect(sidebar(page)).toContainText('No snippets match "nothing like this".')
})

test('the text survives a reload before it was saved, a server error during save, and a network failure', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  await replaceSql(page, 'select 1 as typed_then_reloaded')
  await expect(page).toHaveURL(UUID_PATH)
  // Reloaded at once, before the autosave had its pause: the draft has it.
  await page.reload()
  await expect.poll(() => editorText(page), { timeout: 45_000 }).toContain('select 1 as typed_then_reloaded')
  await expect(saveStatus(page)).toHaveText('Saved')

  await setMockScenario(page, 'server-error')
  await replaceSql(page, 'select 2 as through_a_500')
  await expect(saveStatus(page)).toContainText('Failed to save: Internal server error')
  await page.reload()
  await expect.poll(() => editorText(page), { timeout: 45_000 }).toContain('select 2 as through_a_500')
  await expect(page.getByRole('note')).toContainText('Restored your unsaved changes')
  await expect(saveStatus(page)).toHaveText('Saved')

  await setMockScenario(page, 'network-error')
  await replaceSql(page, 'select 3 as through_an_outage')
  await expect(saveStatus(page)).toContainText('Failed to save: Unable to reach the server. Please check your network or try again later. Retrying in')
  // The delay grows (1, 2, 4, 8 s…): once it is long, "Retry now" is surely earlier than the automatic retry.
  await expect(saveStatus(page)).toContainText(/Retrying in (8|16|30) s/, { timeout: 45_000 })
  await setMockScenario(page, null)
  await page.getByRole('button', { name: 'Retry now' }).click()
  await expect(saveStatus(page)).toHaveText('Saved')
  await page.reload()
  await expect.poll(() => editorText(page), { timeout: 45_000 }).toContain('select 3 as through_an_outage')
  await expect(page.getByRole('note')).toHaveCount(0)
})

test('a snippet deleted elsewhere opens from its local copy with a notice', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  await replaceSql(page, 'select 7 as kept_locally')
  await expect(saveStatus(page)).toHaveText('Saved')
  const path = new URL(page.url()).pathname
  // Unsaved typing in this browser (saves fail) while another device deletes the snippet on the server.
  await setMockScenario(page, 'server-error')
  await replaceSql(page, 'select 8 as kept_locally')
  await expect(saveStatus(page)).toContainText('Failed to save')
  const id = path.split('/').at(-1)!
  await page.evaluate(
    ({ key, snippetId }) => {
      const stored = JSON.parse(localStorage.getItem(key)!) as { revision: string; snippets: { id: string }[] }
      localStorage.setItem(key, JSON.stringify({ ...stored, revision: 'deleted-elsewhere', snippets: stored.snippets.filter((s) => s.id !== snippetId) }))
    },
    { key: MOCK_CONTENT_STORAGE_KEY(false), snippetId: id },
  )
  await page.goto(path)
  await expect(page.getByRole('alert').filter({ hasText: 'no longer exists on the server' })).toBeVisible({ timeout: 45_000 })
  await expect.poll(() => editorText(page)).toContain('select 8 as kept_locally')
  await page.getByRole('button', { name: 'Save it again' }).click()
  await expect(saveStatus(page)).toHaveText('Saved')
})

test('at 390 px the snippets open in a drawer: choosing one opens it and closes the drawer; wide, they sit beside the editor', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  await expect(page.getByTestId('sql-editor')).toBeVisible()
  await expect(sidebar(page)).toBeHidden()
  await page.getByRole('button', { name: 'Snippets' }).click()
  const drawer = page.getByRole('dialog', { name: 'SQL snippets' })
  await expect(drawer).toBeInViewport()
  await drawer.getByRole('region', { name: 'Snippets' }).getByRole('link', { name: 'Recent orders' }).click()
  await expect(page).toHaveURL(UUID_PATH)
  await expect(drawer).toHaveCount(0)
  await expect(page.getByTestId('sql-editor')).toContainText('from orders')

  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByRole('button', { name: 'Snippets' })).toBeHidden()
  await expect(sidebar(page)).toBeVisible()
})

test('snippets opened stay open as tabs through a reload; closing the one shown shows its neighbour', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  const tabs = page.getByRole('navigation', { name: 'Open snippets' })
  await sidebar(page).getByRole('region', { name: 'Snippets' }).getByRole('link', { name: 'Recent orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Recent orders' })).toBeVisible()
  await sidebar(page).getByRole('group', { name: 'Maintenance' }).getByRole('link', { name: 'Table sizes' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Table sizes' })).toBeVisible()
  await expect(tabs.getByRole('link')).toHaveText(['Recent orders', 'Table sizes'])
  await expect(tabs.getByRole('link', { name: 'Table sizes' })).toHaveAttribute('aria-current', 'page')

  await page.reload()
  await expect(tabs.getByRole('link')).toHaveText(['Recent orders', 'Table sizes'])
  await tabs.getByRole('link', { name: 'Recent orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Recent orders' })).toBeVisible()
  await tabs.getByRole('button', { name: 'Close Recent orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Table sizes' })).toBeVisible()
  await expect(tabs.getByRole('link')).toHaveText(['Table sizes'])
  await tabs.getByRole('button', { name: 'Close Table sizes' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/sql/new$`))
  await expect(tabs).toHaveCount(0)
})
