import type { Page } from '@playwright/test'
import { createPlatformFixtures } from '../fixtures/platform'
import type { MockScenario } from '../src/constants'
import { expectAccessible } from './accessibility'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

test('open a table from the project home, read its structure and rows, follow a relationship; the project remembers it', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}` })
  // The home's link, not the rail's of the same name (once the rail has drawn, both are there).
  await page.getByRole('main').getByRole('link', { name: 'Table editor' }).and(page.locator(':not([data-rail-item])')).click()
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
  await expect(page.getByRole('grid', { name: 'Rows' }).getByRole('gridcell').first()).toBeVisible()
  await page.getByRole('tab', { name: 'Structure' }).click()
  const columns = page.getByRole('region', { name: 'Columns' })
  await expect(columns.getByRole('row', { name: /^email text/ })).toContainText('unique')
  await expect(columns.getByRole('row', { name: /^id primary key bigint/ })).toContainText('identity')

  await page.getByRole('region', { name: 'Relationships' }).getByRole('link', { name: 'public.orders' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.orders')
  await page.getByRole('tab', { name: 'Structure' }).click()
  await expect(page.getByRole('region', { name: 'Columns' }).getByRole('row', { name: /^status/ })).toContainText(
    'pending · paid · shipped · delivered · cancelled',
  )
  const ordersPath = new URL(page.url()).pathname

  await page.goto(`/project/${healthy.ref}`)
  // Both ways there reopen it: the rail's entry and the home's own button.
  await expect(page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Table editor' })).toHaveAttribute('href', ordersPath)
  // The rail sits inside the main landmark too: the home's own button is the link that is no rail item.
  await expect(page.getByRole('main').getByRole('link', { name: 'Table editor' }).and(page.locator(':not([data-rail-item])'))).toHaveAttribute('href', ordersPath)
})

const grid = (page: import('@playwright/test').Page) => page.getByRole('grid', { name: 'Rows' })
const rowCount = (page: import('@playwright/test').Page) => page.getByRole('status', { name: 'Row count' })
/** The cell of a column in the row with aria-rowindex (header is 1, first data row is 2). */
const cell = (page: import('@playwright/test').Page, rowIndex: number, column: number) =>
  grid(page).locator(`[role=row][aria-rowindex="${rowIndex}"] [role=gridcell][aria-colindex="${column}"]`)

/** Whether a select is drawn narrower than it needs to show its longest option whole. */
function narrowerThanItsChoices(select: HTMLElement): boolean {
  const probe = select.cloneNode(true) as HTMLElement
  probe.style.cssText = 'position: absolute; visibility: hidden; width: max-content; min-width: 0'
  select.parentElement!.append(probe)
  const needed = probe.getBoundingClientRect().width
  probe.remove()
  return select.getBoundingClientRect().width < needed - 0.5
}

async function openTable(page: import('@playwright/test').Page, ref: string, schema: string, name: string) {
  await signIn(page, { returnTo: `/project/${ref}/editor` })
  // The list shows one schema at a time, public first.
  await page.getByRole('navigation', { name: 'Tables' }).getByLabel('Schema', { exact: true }).selectOption(schema)
  await page
    .getByRole('navigation', { name: 'Tables' })
    .getByRole('region', { name: `Schema ${schema}` })
    .getByRole('link', { name, exact: true })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${schema}.${name}`)
}

test('sort, filter, edit a cell, keep a failed edit with its error and retry it, insert and delete rows', async ({ page }) => {
  await openTable(page, healthy.ref, 'public', 'customers')
  await expect(rowCount(page)).toHaveText('30 rows')
  // Columns: 1 id, 2 email, 3 full_name.
  await expect(cell(page, 2, 1)).toHaveText('1')

  await grid(page)
    .getByRole('button', { name: /^Sort by id/ })
    .click()
  await expect(page).toHaveURL(/sort=id%3Aasc|sort=id:asc/)
  await grid(page)
    .getByRole('button', { name: /^Sort by id/ })
    .click()
  await expect(cell(page, 2, 1)).toHaveText('30')
  await expect(grid(page).getByRole('columnheader', { name: /id/ }).first()).toHaveAttribute('aria-sort', 'descending')

  await page.getByRole('button', { name: 'Filter' }).click()
  const filters = page.getByRole('form', { name: 'Filters' })
  await filters.getByRole('combobox', { name: 'Filter column' }).selectOption('id')
  await filters.getByRole('combobox', { name: 'Filter operator' }).selectOption('<=')
  await filters.getByRole('textbox', { name: 'Filter value' }).fill('3')
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await expect(rowCount(page)).toHaveText('3 rows')
  await expect(cell(page, 2, 1)).toHaveText('3')
  await page.reload()
  await expect(rowCount(page)).toHaveText('3 rows')

  // Edit in place: row 3 (id 1) full_name; typing replaces the selected value, Enter saves.
  await cell(page, 4, 3).dblclick()
  await grid(page).getByRole('textbox', { name: 'Edit full_name' }).fill('Zoë Renamed')
  await page.keyboard.press('Enter')
  await expect(cell(page, 4, 3)).toHaveText('Zoë Renamed')
  await expect(grid(page)).toBeFocused()

  // A failed edit: id 2's email set to id 1's (unique) stays in the cell with the error.
  const takenEmail = await cell(page, 4, 2).innerText()
  await cell(page, 3, 2).click()
  await page.keyboard.press('Enter')
  await grid(page).getByRole('textbox', { name: 'Edit email' }).fill(takenEmail)
  await page.keyboard.press('Tab')
  await expect(cell(page, 3, 3)).toHaveAttribute('aria-selected', 'true')
  await expect(cell(page, 3, 2)).toHaveAttribute('aria-invalid', 'true')
  await expect(cell(page, 3, 2)).toHaveText(takenEmail)
  await expect(cell(page, 3, 2)).toHaveAttribute('title', /duplicate key value/)
  await cell(page, 3, 2).dblclick()
  const retry = page.getByRole('dialog', { name: 'Edit email' })
  await expect(retry.getByRole('alert')).toContainText('duplicate key value')
  await expect(retry.getByRole('textbox', { name: 'email' })).toHaveValue(takenEmail)
  await retry.getByRole('textbox', { name: 'email' }).fill('fixed.address@example.com')
  await retry.getByRole('button', { name: 'Retry' }).click()
  await expect(cell(page, 3, 2)).toHaveText('fixed.address@example.com')
  await expect(cell(page, 3, 2)).not.toHaveAttribute('aria-invalid', 'true')

  // NULL apart from empty text, in the larger editor the in-place one opens: country_code (col 4) to NULL.
  await cell(page, 2, 4).dblclick()
  await grid(page).getByRole('button', { name: 'Open the larger editor' }).click()
  const country = page.getByRole('dialog', { name: 'Edit country_code' })
  await country.getByRole('checkbox', { name: 'NULL' }).check()
  await country.getByRole('button', { name: 'Save' }).click()
  await expect(cell(page, 2, 4)).toHaveText('NULL')

  // The whole row in its form: two columns changed, saved together.
  await grid(page).getByRole('button', { name: 'Edit row 1', exact: true }).click()
  const rowForm = page.getByRole('dialog', { name: 'Edit row id = 3 of public.customers' })
  await rowForm.getByRole('textbox', { name: 'full_name' }).fill('Row Form Name')
  await rowForm.getByRole('textbox', { name: 'country_code' }).fill('PT')
  await rowForm.getByRole('button', { name: 'Save row' }).click()
  await expect(rowForm).toHaveCount(0)
  await expect(cell(page, 2, 3)).toHaveText('Row Form Name')
  await expect(cell(page, 2, 4)).toHaveText('PT')

  // Insert, then delete it again.
  await filters.getByRole('button', { name: 'Clear filters' }).click()
  await expect(rowCount(page)).toHaveText('30 rows')
  await page.getByRole('button', { name: 'Insert row' }).click()
  const insert = page.getByRole('dialog', { name: /Insert a row/ })
  await insert.getByRole('textbox', { name: 'email' }).fill('new.person@example.com')
  await insert.getByRole('textbox', { name: 'full_name' }).fill('New Person')
  await insert.getByRole('button', { name: 'Insert row' }).click()
  await expect(rowCount(page)).toHaveText('31 rows')
  // Sorted by id descending: the new row is first.
  await expect(cell(page, 2, 3)).toHaveText('New Person')
  await grid(page).getByRole('checkbox', { name: 'Select row 1', exact: true }).check()
  await page.getByRole('button', { name: 'Delete 1 row' }).click()
  await page.getByRole('alertdialog', { name: 'Delete 1 row?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(rowCount(page)).toHaveText('30 rows')
  await expect(cell(page, 2, 3)).not.toHaveText('New Person')
})

const setScenario = (page: Page, scenario: MockScenario | null) => page.evaluate((s) => window.__studioMock?.setScenario(s), scenario)

/** One value straight from the project's database, as the dashboard asks pg-meta for it. */
async function databaseValue(page: Page, ref: string, query: string): Promise<unknown> {
  return page.evaluate(
    async ({ ref, query }) => {
      const { accessToken } = JSON.parse(localStorage.getItem('studio.auth.session')!) as { accessToken: string }
      const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }
      const { connectionString } = (await (await fetch(`/api/platform/projects/${ref}`, { headers })).json()) as { connectionString: string }
      const answer = await fetch(`/api/platform/pg-meta/${ref}/query`, {
        method: 'POST',
        headers: { ...headers, 'x-connection-encrypted': connectionString },
        body: JSON.stringify({ query }),
      })
      const [row] = (await answer.json()) as Record<string, unknown>[]
      return row ? Object.values(row)[0] : undefined
    },
    { ref, query },
  )
}

test('a cell edit that fails is kept through a reload with its error, and Retry saves it to the database', async ({ page }, testInfo) => {
  await openTable(page, healthy.ref, 'public', 'customers')
  await expect(rowCount(page)).toHaveText('30 rows')
  const id = await cell(page, 3, 1).innerText()

  await setScenario(page, 'server-error')
  await cell(page, 3, 3).dblclick()
  await grid(page).getByRole('textbox', { name: 'Edit full_name' }).fill('Kept through a reload')
  await page.keyboard.press('Enter')
  await expect(cell(page, 3, 3)).toHaveAttribute('aria-invalid', 'true')

  await page.reload()
  const unsaved = page.getByRole('region', { name: 'Unsaved changes' })
  const change = unsaved.getByRole('listitem', { name: `full_name of row id = ${id} → “Kept through a reload”` })
  await expect(change).toContainText('Not saved: Internal server error.')
  await expect(cell(page, 3, 3)).toHaveText('Kept through a reload')
  await expect(cell(page, 3, 3)).toHaveAttribute('aria-invalid', 'true')
  await page.screenshot({ path: testInfo.outputPath('kept-edit-after-reload.png') })
  await expectAccessible(page, 'the table editor with a kept failed edit')

  await setScenario(page, null)
  await change.getByRole('button', { name: 'Retry' }).click()
  await expect(unsaved).toHaveCount(0)
  await expect(cell(page, 3, 3)).not.toHaveAttribute('aria-invalid', 'true')
  await expect(cell(page, 3, 3)).toHaveText('Kept through a reload')
  expect(await databaseValue(page, healthy.ref, `select full_name from public.customers where id = ${Number(id)}`)).toBe('Kept through a reload')
})

test('a foreign-key cell opens the referenced row; a view without a key is read-only and says why', async ({ page }) => {
  await openTable(page, healthy.ref, 'public', 'orders')
  // orders: id, customer_id, …
  const reference = cell(page, 2, 2)
  const customerId = (await reference.innerText()).replace('→', '').trim()
  await reference.getByRole('button', { name: 'Open the public.customers row' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.customers')
  await expect(rowCount(page)).toHaveText('1 row')
  await expect(cell(page, 2, 1)).toHaveText(customerId)

  // And back: the customer's row form counts the rows that point at it, and opens them.
  await grid(page).getByRole('button', { name: 'Edit row 1', exact: true }).click()
  const referencedBy = page.getByRole('dialog', { name: `Edit row id = ${customerId} of public.customers` }).getByRole('region', { name: 'Referenced by' })
  const fromOrders = referencedBy.getByRole('listitem').filter({ hasText: 'public.orders (customer_id)' })
  await expect(fromOrders).toContainText(/\d+ rows?/)
  await expect(referencedBy.getByRole('listitem').filter({ hasText: 'analytics.events (customer_id)' })).toContainText(/\d+ rows?|none/)
  const orders = Number((await fromOrders.innerText()).match(/(\d+) rows?/)![1])
  expect(orders).toBeGreaterThan(0)
  await fromOrders.getByRole('link', { name: /^Open (it|them) \(public\.orders\)$/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.orders')
  await expect(rowCount(page)).toHaveText(`${orders} ${orders === 1 ? 'row' : 'rows'}`)
  await expect(cell(page, 2, 2)).toContainText(customerId)

  await page
    .getByRole('navigation', { name: 'Tables' })
    .getByRole('link', { name: /customer_order_summary/ })
    .click()
  await expect(page.getByRole('note')).toContainText('has no primary key')
  await expect(page.getByRole('button', { name: 'Insert row' })).toHaveCount(0)
  await expect(cell(page, 2, 1)).not.toBeEmpty()
})

const warehouse = createPlatformFixtures().projects.find((p) => p.largeTables)!

test('a million rows: an estimate until counted, scroll far, Ctrl+End to the last row', async ({ page }) => {
  // The first use generates the table inside the project's Postgres.
  test.setTimeout(450_000)
  await signIn(page, { returnTo: `/project/${warehouse.ref}/editor` })
  await page.getByRole('navigation', { name: 'Tables' }).getByRole('link', { name: 'page_views', exact: true }).click({ timeout: 240_000 })
  await expect(rowCount(page)).toHaveText('≈ 1,000,000 rows', { timeout: 60_000 })
  await expect(cell(page, 2, 1)).toHaveText('1')

  // Halfway down: the rows there are read from an anchor, and they are the rows the position implies.
  const middle = await grid(page).evaluate((element) => {
    element.scrollTop = (element.scrollHeight - element.clientHeight) / 2
    return true
  })
  expect(middle).toBe(true)
  const firstShown = grid(page).locator('[role=row][aria-rowindex]:not([aria-rowindex="1"])').first()
  // The scroll is handled on the next frame: until then the top rows are still there (their text
  // would pass the check below at once), so wait for the rows to move before reading them.
  await expect.poll(async () => Number(await firstShown.getAttribute('aria-rowindex')), { timeout: 60_000 }).toBeGreaterThan(450_000)
  await expect(firstShown.locator('[role=gridcell][aria-colindex="1"]')).toHaveText(/^\d+$/, { timeout: 60_000 })
  const position = Number(await firstShown.getAttribute('aria-rowindex')) - 1
  expect(position).toBeGreaterThan(450_000)
  expect(position).toBeLessThan(550_000)
  expect(Number(await firstShown.locator('[role=gridcell][aria-colindex="1"]').innerText())).toBe(position)

  await grid(page).focus()
  await page.keyboard.press('Control+End')
  await expect(rowCount(page)).toHaveText('1,000,000 rows')
  await expect(grid(page).locator('[role=row][aria-rowindex="1000001"] [role=gridcell][aria-colindex="1"]')).toHaveText('1000000')
  await page.keyboard.press('Control+Home')
  await expect(cell(page, 2, 1)).toHaveText('1')
})

test('add a column, create a table with a foreign key and follow it, each change shown as SQL first', async ({ page }) => {
  await openTable(page, healthy.ref, 'public', 'customers')
  await page.getByRole('tab', { name: 'Structure' }).click()
  await page.getByRole('button', { name: 'Add column' }).click()
  const addColumn = page.getByRole('dialog', { name: 'Add a column to public.customers' })
  await addColumn.getByRole('textbox', { name: 'Name', exact: true }).fill('nickname')
  await expect(addColumn.getByRole('region', { name: 'SQL to run' })).toContainText('alter table "public"."customers" add column "nickname" text')
  await addColumn.getByRole('button', { name: 'Add column' }).click()
  await expect(page.getByRole('region', { name: 'Columns' }).getByRole('row', { name: /^nickname text/ })).toBeVisible()

  // The dialog opens in its name field and, dismissed, gives the focus back to its button (it fell to the page).
  await page.getByRole('button', { name: 'New table' }).click()
  const create = page.getByRole('dialog', { name: 'Create a table' })
  await expect(create.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused()
  await create.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('button', { name: 'New table' })).toBeFocused()
  await page.getByRole('button', { name: 'New table' }).click()
  // The rows share the dialog's width, and the identity choice once read "Generated by defa".
  await expect(create.getByRole('combobox', { name: 'Column 1 identity' })).toHaveValue('by default')
  expect(await create.getByRole('combobox', { name: 'Column 1 identity' }).evaluate(narrowerThanItsChoices)).toBe(false)
  await create.getByRole('textbox', { name: 'Name', exact: true }).fill('loyalty_cards')
  await create.getByRole('button', { name: 'Add a column' }).click()
  await create.getByRole('textbox', { name: 'Column 3 name' }).fill('customer_id')
  await create.getByLabel('Column 3 type').fill('int8')
  await create.getByRole('button', { name: 'Add a foreign key' }).click()
  await create.getByRole('combobox', { name: 'Foreign key 1 column' }).selectOption('customer_id')
  await create.getByRole('combobox', { name: 'Foreign key 1 referenced table' }).selectOption({ label: 'public.customers' })
  await create.getByRole('combobox', { name: 'Foreign key 1 referenced column' }).selectOption('id')
  await expect(create.getByRole('region', { name: 'SQL to run' })).toContainText('references "public"."customers" ("id")')
  // The API serves public: RLS starts on, in the same run, as the hosted platform makes tables.
  await expect(create.getByRole('switch', { name: 'Enable Row Level Security (RLS)' })).toBeChecked()
  await expect(create.getByRole('region', { name: 'SQL to run' })).toContainText('alter table "public"."loyalty_cards" enable row level security;')
  await create.getByRole('button', { name: 'Create table' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.loyalty_cards')
  // Its header says RLS is on.
  await expect(page.getByText('RLS enabled', { exact: true })).toBeVisible()

  await page.getByRole('tab', { name: 'Data' }).click()
  await expect(rowCount(page)).toHaveText('0 rows')
  await page.getByRole('button', { name: 'Insert row' }).click()
  const insert = page.getByRole('dialog', { name: /Insert a row/ })
  await insert.getByRole('textbox', { name: 'customer_id' }).fill('7')
  await insert.getByRole('button', { name: 'Insert row' }).click()
  await expect(rowCount(page)).toHaveText('1 row')
  await cell(page, 2, 3).getByRole('button', { name: 'Open the public.customers row' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.customers')
  await expect(cell(page, 2, 1)).toHaveText('7')
})

test('import a CSV with a preview and type checks, and export the table as CSV', async ({ page }) => {
  await openTable(page, healthy.ref, 'inventory', 'warehouses')
  await expect(rowCount(page)).toHaveText('3 rows')
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: /Import CSV/ })
  const chooser = dialog.getByLabel('CSV file')
  await chooser.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('code,name,city\nLIS,Lisbon Depot,Lisbon\nOPO,"Porto, Annex",\n') })
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText('Porto, Annex')
  await expect(dialog.getByRole('alert')).toContainText('Line 3, city: NULL in a NOT NULL column')
  await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled()
  await chooser.setInputFiles({
    name: 'good.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('code,name,city\nLIS,Lisbon Depot,Lisbon\nOPO,"Porto, Annex",Porto\n'),
  })
  await expect(dialog.getByText('Every value fits its column')).toBeVisible()
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click()
  await expect(rowCount(page)).toHaveText('5 rows')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^inventory\.warehouses-.*\.csv$/)
  const text = (await import('node:fs')).readFileSync((await file.path())!, 'utf8')
  expect(text.split('\n')[0]).toBe('code,name,city')
  expect(text).toContain('OPO,"Porto, Annex",Porto')
  expect(text.trim().split('\n')).toHaveLength(6)
})
