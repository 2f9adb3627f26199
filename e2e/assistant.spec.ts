import { ASSISTANT_STORAGE_KEY } from '../src/constants'
import { createPlatformFixtures } from '../fixtures/platform'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
type Page = import('@playwright/test').Page

const panel = (page: Page) => page.getByRole('complementary', { name: 'AI assistant' })
const lastAnswer = (page: Page) => panel(page).getByRole('article', { name: 'Assistant answer' }).last()

/** What the assistant saved for the project: each chat's name and who wrote its last message, with its status; sorted. */
const savedChats = (page: Page) =>
  page.evaluate((key) => {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as { chats: Record<string, { name: string; messages: { role: string; status: string }[] }> } | null
    return Object.values(saved?.chats ?? {})
      .map((chat) => {
        const last = chat.messages.at(-1)
        return `${chat.name}: ${last ? `${last.role} ${last.status}` : 'no messages'}`
      })
      .sort()
  }, ASSISTANT_STORAGE_KEY(healthy.ref))

async function ask(page: Page, question: string) {
  await panel(page).getByRole('textbox', { name: 'Ask the assistant' }).fill(question)
  await panel(page).getByRole('textbox', { name: 'Ask the assistant' }).press('Enter')
  // Streamed: busy while it arrives, then done.
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done', { timeout: 45_000 })
}

test('open the panel from the URL, ask for SQL on a real table, run it there, insert it into the editor and run it', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new?aiAssistantPanelOpen=true` })
  await expect(panel(page)).toBeVisible()
  await expect(page.getByRole('button', { name: /Assistant/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('sql-editor').locator('.monaco-editor')).toBeVisible({ timeout: 45_000 })
  await expect(panel(page).getByRole('list', { name: 'Context' })).toContainText('Snippet: ')

  await ask(page, 'Write a select for the customers table, top 5')
  const sql = lastAnswer(page).getByRole('figure', { name: 'SQL' })
  await expect(sql.locator('code')).toContainText('from public.customers')
  await expect(sql.locator('code')).toContainText('limit 5')

  await sql.getByRole('button', { name: 'Run' }).click()
  await expect(sql.getByRole('table', { name: 'Result' }).locator('tbody tr')).toHaveCount(5)
  await expect(sql).toContainText('5 rows')

  await sql.getByRole('button', { name: 'Insert into editor' }).click()
  await expect(page.getByTestId('sql-editor').locator('.view-lines')).toContainText('public.customers')
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toContainText('5 rows')

  // The input keeps its text across close and reopen; the address follows the panel.
  await panel(page).getByRole('textbox', { name: 'Ask the assistant' }).fill('half a question')
  await panel(page).getByRole('button', { name: 'Close assistant' }).click()
  await expect(panel(page)).toBeHidden()
  await expect(page).toHaveURL(/aiAssistantPanelOpen=false/)
  await page.getByRole('button', { name: /Assistant/ }).click()
  await expect(page).toHaveURL(/aiAssistantPanelOpen=true/)
  await expect(panel(page).getByRole('textbox', { name: 'Ask the assistant' })).toHaveValue('half a question')
})

test('rename and delete chats; after a reload the chats are still there', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}?aiAssistantPanelOpen=true` })
  await ask(page, 'list tables')
  await expect(lastAnswer(page)).toContainText('public.customers')
  const chats = panel(page).getByRole('combobox', { name: 'Chat' })
  await expect(chats.locator('option:checked')).toHaveText('list tables')

  await panel(page).getByRole('button', { name: 'Rename chat' }).click()
  await page.getByRole('dialog').getByRole('textbox').fill('Table tour')
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click()
  await expect(chats.locator('option:checked')).toHaveText('Table tour')

  await panel(page).getByRole('button', { name: 'New chat' }).click()
  await ask(page, 'describe orders')
  await expect(lastAnswer(page).getByRole('table')).toContainText('customer_id')
  await expect(chats.locator('option')).toHaveText(['describe orders', 'Table tour'])

  // The save waits 500 ms after the last change, but a page that goes writes at once: reload now.
  await page.reload()
  await expect(panel(page)).toBeVisible()
  await expect(chats.locator('option')).toHaveText(['describe orders', 'Table tour'])
  await expect(lastAnswer(page).getByRole('table')).toContainText('customer_id')
  expect(await savedChats(page)).toEqual(['Table tour: assistant done', 'describe orders: assistant done'])

  await panel(page).getByRole('button', { name: 'Delete chat' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete chat' }).click()
  await expect(chats.locator('option')).toHaveText(['Table tour'])
  await expect(lastAnswer(page)).toContainText('public.customers')
  await expect.poll(() => savedChats(page)).toEqual(['Table tour: assistant done'])
  await page.reload()
  await expect(chats.locator('option')).toHaveText(['Table tour'])
})

test('a corrupted saved state is discarded with a warning; the assistant still works', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}` })
  await expect(page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'SQL editor' })).toBeVisible()
  const key = ASSISTANT_STORAGE_KEY(healthy.ref)
  await page.evaluate((key) => localStorage.setItem(key, '{"chats": "not an object"'), key)
  const warnings: string[] = []
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()))
  await page.goto(`/project/${healthy.ref}?aiAssistantPanelOpen=true`)
  await expect(panel(page)).toBeVisible()
  await expect.poll(() => warnings.some((w) => w.includes(key))).toBe(true)
  await expect(panel(page).getByRole('combobox', { name: 'Chat' }).locator('option:checked')).toHaveText('New chat')
  await ask(page, 'What is the meaning of life?')
  await expect(lastAnswer(page)).toContainText("I'm not sure what you're asking.")
  await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').chats !== undefined, key)).toBe(true)
})

test('a rate-limited answer waits the Retry-After seconds and arrives; the answer can be stopped and retried', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}?aiAssistantPanelOpen=true`, scenario: 'rate-limited' })
  await panel(page).getByRole('textbox', { name: 'Ask the assistant' }).fill('list tables')
  await panel(page).getByRole('textbox', { name: 'Ask the assistant' }).press('Enter')
  await expect(panel(page).getByRole('status')).toContainText('Too many requests: asking again in 1 s')
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done', { timeout: 45_000 })
  await expect(lastAnswer(page)).toContainText('public.customers')
  await page.screenshot({ path: 'test-results/assistant-panel.png' })

  await panel(page).getByRole('textbox', { name: 'Ask the assistant' }).fill('describe the customers table')
  await panel(page).getByRole('textbox', { name: 'Ask the assistant' }).press('Enter')
  await panel(page).getByRole('button', { name: 'Stop' }).click()
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'stopped')
  await expect(lastAnswer(page)).toContainText('Stopped.')
  await lastAnswer(page).getByRole('button', { name: 'Retry' }).click()
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done', { timeout: 45_000 })
  await expect(lastAnswer(page).getByRole('table')).toContainText('email')
})
