import { createPlatformFixtures } from '../fixtures/platform'
import { expect, signIn, test } from './fixtures'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

test('open a table from the project home, read its structure and rows, follow a relationship; the project remembers it', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}` })
  await page.getByRole('link', { name: 'Table editor' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/editor$`))
  await expect(page.getByText('Select a table')).toBeVisible()

  const tables = page.getByRole('navigation', { name: 'Tables' })
  await tables.getByRole('searchbox', { name: 'Search tables' }).fill('stock')
  await expect(tables.getByRole('link')).toHaveText(['stock_levels'])
  await tables.getByRole('searchbox', { name: 'Search tables' }).fill('')
  await expect(tables.getByRole('region', { name: 'Schema public' }).getByRole('link', { name: /customer_order_summary/ })).toContainText('View')

  await tables.getByRole('region', { name: 'Schema public' }).getByRole('link', { name: 'customers', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/editor/\\d+$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.customers')
  const columns = page.getByRole('region', { name: 'Columns' })
  await expect(columns.getByRole('row', { name: /^email text/ })).toContainText('unique')
  await expect(columns.getByRole('row', { name: /^id primary key bigint/ })).toContainText('identity')
  await expect(page.getByRole('region', { name: 'Rows' }).getByRole('gridcell').first()).toBeVisible()

  await page.getByRole('region', { name: 'Relationships' }).getByRole('link', { name: 'public.orders' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.orders')
  await expect(page.getByRole('region', { name: 'Columns' }).getByRole('row', { name: /^status/ })).toContainText('pending · paid · shipped · delivered · cancelled')
  const ordersPath = new URL(page.url()).pathname

  await page.goto(`/project/${healthy.ref}`)
  await expect(page.getByRole('link', { name: 'Table editor' })).toHaveAttribute('href', ordersPath)
})
