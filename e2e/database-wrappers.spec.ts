import { createPlatformFixtures } from '../fixtures/platform'
import { runSql, signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

test('connect Stripe (a missing option told, the form kept), then read its foreign table here and in the SQL editor', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/database/wrappers` })
  await expect(page.getByText('No wrappers yet')).toBeVisible({ timeout: 60_000 })
  await page.getByRole('button', { name: 'Connect a service' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect a service with a wrapper' })
  const key = dialog.getByLabel('Stripe secret key')
  await key.fill('x')
  await key.fill('')
  await expect(dialog.getByText('Stripe secret key is required.').first()).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Create wrapper' })).toBeDisabled()
  await dialog.getByLabel('Wrapper name').fill('stripe_billing')
  await key.fill('sk_test_4eC39HqLyjWDarjtT1zdp7dc')
  await dialog.getByRole('checkbox', { name: /charges/ }).check()
  const sql = dialog.getByRole('region', { name: 'SQL to run' })
  await expect(sql).toContainText('create foreign table "stripe"."customers"')
  await expect(sql).not.toContainText('sk_test_4eC39HqLyjWDarjtT1zdp7dc')
  await expect(dialog.getByLabel('Wrapper name')).toHaveValue('stripe_billing')
  await dialog.getByRole('button', { name: 'Create wrapper' }).click()
  await expect(dialog).toBeHidden()

  const card = page.getByRole('region', { name: 'stripe_billing' })
  await expect(card).toContainText('Sample rows: no handler in this database')
  await expect(card).toContainText('api_key = •••••••• (kept apart)')
  await card.getByRole('button', { name: 'Preview rows of stripe.customers' }).click()
  const preview = page.getByRole('dialog', { name: 'stripe.customers' })
  await expect(preview.getByRole('note', { name: 'Sample rows from the mock platform' })).toBeVisible()
  await expect(preview.getByRole('table', { name: 'Rows of stripe.customers' }).getByRole('row')).toHaveCount(6)
  await preview.getByRole('button', { name: 'Close' }).click()

  await page.getByRole('link', { name: 'SQL editor' }).click()
  await runSql(page, 'select count(*) as n from stripe.customers cross join stripe.charges')
  await expect(page.getByRole('note')).toContainText('Sample rows from the mock platform: stripe.charges, stripe.customers')
  await expect(page.getByRole('gridcell', { name: '25' })).toBeVisible()
})
