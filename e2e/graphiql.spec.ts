import type { Page } from '@playwright/test'
import { createPlatformFixtures } from '../fixtures/platform'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

/**
 * Replaces the query editor's text as a person would, then runs it (Ctrl/⌘+Enter). The text starts
 * with a word: inserted at once, a leading brace would be auto-closed by the editor.
 */
async function runQuery(page: Page, query: string) {
  const editor = page.getByTestId('graphiql-query-editor')
  await expect(editor.locator('.monaco-editor')).toBeVisible({ timeout: 60_000 })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(query)
  await page.keyboard.press('Escape')
  await page.keyboard.press('ControlOrMeta+Enter')
}

test('query a table in the explorer, insert through a mutation, then see the row in the table editor', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/api/graphiql` })
  // The schema is the live catalogue's: the docs list the project's tables.
  const docs = page.getByRole('complementary', { name: 'Schema docs' })
  await docs.getByRole('searchbox', { name: 'Search the schema' }).fill('customersColl')
  await expect(docs.getByRole('button', { name: 'Query.customersCollection' })).toBeVisible({ timeout: 60_000 })

  const result = page.getByTestId('graphiql-result')
  await runQuery(page, 'query FirstCustomers { customersCollection(first: 2, orderBy: [{id: AscNullsLast}]) { totalCount edges { node { id email } } } }')
  await expect(result).toContainText('"totalCount": 30')
  await expect(result).toContainText('"id": "2"')

  await runQuery(page, 'mutation AddCustomer { insertIntoCustomersCollection(objects: [{email: "graphiql.e2e@example.com", fullName: "GraphiQL Person"}]) { affectedCount records { email } } }')
  await expect(result).toContainText('"affectedCount": 1')
  await expect(page.getByRole('region', { name: 'Result' }).getByRole('status')).toContainText('Success')

  await page.getByRole('link', { name: 'Table editor' }).click()
  await page.getByRole('navigation', { name: 'Tables' }).getByRole('region', { name: 'Schema public' }).getByRole('link', { name: 'customers', exact: true }).click()
  const grid = page.getByRole('grid', { name: 'Rows' })
  await expect(page.getByRole('status', { name: 'Row count' })).toHaveText('31 rows')
  await grid.getByRole('button', { name: /^Sort by id/ }).click()
  await grid.getByRole('button', { name: /^Sort by id/ }).click()
  await expect(grid.getByRole('gridcell', { name: 'graphiql.e2e@example.com' })).toBeVisible()
})
