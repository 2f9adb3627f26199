import { createPlatformFixtures } from '../fixtures/platform'
import { PREVIEW } from '../src/constants'
import { runSql, signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

test('revoke SELECT on one column from anon, past the table-level grant, and see it with has_column_privilege', async ({ page }) => {
  // SPEC §4: a preview flag is the text true in local storage under its key.
  await page.addInitScript((key) => localStorage.setItem(key, 'true'), PREVIEW.columnPrivileges)
  await signIn(page, { returnTo: `/project/${healthy.ref}` })
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Database' }).click()
  await page.getByRole('navigation', { name: 'Database' }).getByRole('link', { name: 'Column privileges' }).click()

  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('anon', { timeout: 60_000 })
  await expect(page.getByRole('combobox', { name: 'Table' })).toHaveValue('customers')
  const email = page.getByRole('checkbox', { name: 'SELECT on email' })
  await expect(email).toBeChecked()
  await email.uncheck()
  const warning = page.getByRole('alert', { name: 'SELECT on email is still granted by the table' })
  await warning.getByRole('button', { name: 'Revoke table-level SELECT and grant it on every other column' }).click()

  const review = page.getByRole('dialog', { name: 'Review 2 changes' })
  const sql = review.getByRole('region', { name: 'SQL to run' })
  await expect(sql).toContainText('revoke select on table "public"."customers" from "anon";')
  await expect(sql).toContainText('grant select ("id", "full_name", ')
  await expect(sql).not.toContainText('"email"')
  await review.getByRole('button', { name: 'Apply 2 changes' }).click()
  await expect(review).toBeHidden()
  await expect(page.getByRole('checkbox', { name: 'SELECT on the whole table' })).not.toBeChecked()
  await expect(email).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'SELECT on full_name' })).toBeChecked()

  await page.getByRole('link', { name: 'SQL editor' }).click()
  await runSql(page, "select has_column_privilege('anon', 'public.customers', 'email', 'select') as email, has_column_privilege('anon', 'public.customers', 'full_name', 'select') as name")
  const results = page.getByRole('region', { name: 'Results' })
  await expect(results.getByRole('gridcell', { name: 'false' })).toBeVisible()
  await expect(results.getByRole('gridcell', { name: 'true' })).toBeVisible()
})
