import { createPlatformFixtures } from '../fixtures/platform'
import { MOCK_ECHO_PATH } from '../src/constants'
import { runSql, signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

test('turn webhooks on, create one (bad input told and kept), insert a row, see the call and its response', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/database/hooks` })
  await page.getByRole('button', { name: 'Enable webhooks' }).click({ timeout: 60_000 })
  await expect(page.getByText('No webhooks yet')).toBeVisible()

  await page.getByRole('button', { name: 'Create a webhook' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a database webhook' })
  await dialog.getByLabel('Name').fill('warehouse added')
  await dialog.getByLabel('Table').selectOption({ label: 'inventory.warehouses' })
  await dialog.getByLabel('URL', { exact: true }).fill('x')
  await dialog.getByLabel('URL', { exact: true }).fill('')
  await expect(dialog.getByText('Enter the URL to call.').first()).toBeVisible()
  await dialog.getByLabel('HTTP headers').fill('Content-Type: application/json\nAuthorization Bearer s3cret')
  await expect(dialog.getByText('Line 2 ("Authorization Bearer s3cret") is not a header: write it as Name: value.').first()).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Create webhook' })).toBeDisabled()
  // What was typed stays while it is put right.
  await expect(dialog.getByLabel('Name')).toHaveValue('warehouse added')
  await dialog.getByLabel('HTTP headers').fill('Content-Type: application/json\nAuthorization: Bearer s3cret')
  await dialog.getByRole('button', { name: 'Use the echo endpoint' }).click()
  await expect(dialog.getByLabel('URL', { exact: true })).toHaveValue(new RegExp(`${MOCK_ECHO_PATH}$`))
  await expect(dialog.getByRole('region', { name: 'SQL to run' })).toContainText(`execute function supabase_functions.http_request(`)
  await dialog.getByRole('button', { name: 'Create webhook' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('row', { name: 'warehouse added' })).toContainText('inventory.warehouses')

  await page.getByRole('link', { name: 'SQL editor' }).click()
  await runSql(page, "insert into inventory.warehouses (code, name, city) values ('LIS', 'Lisbon Dock', 'Lisbon')")
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toContainText('Success')

  await page.goBack()
  const calls = page.getByRole('region', { name: 'Recent calls of warehouse added' })
  await expect(calls.getByText('200', { exact: true })).toBeVisible()
  const body = calls.getByLabel('Response body')
  await expect(body).toContainText('"Lisbon Dock"')
  await expect(body).toContainText('"authorization": "Bearer s3cret"')
})
