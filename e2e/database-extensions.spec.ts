import type { Page } from '@playwright/test'
import { createPlatformFixtures } from '../fixtures/platform'
import { ENABLED_ON_EVERY_PROJECT_MESSAGE } from '../src/constants'
import { runSql, signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!


/** Switches an extension's row by keyboard, as the switch's visible track is drawn over its input. */
async function toggle(page: Page, name: string) {
  await page.getByRole('row', { name }).getByRole('switch').focus()
  await page.keyboard.press('Space')
}

test('enable pg_trgm, use it in the SQL editor, then disable it with its dependents listed', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/database/extensions` })
  const row = page.getByRole('row', { name: 'pg_trgm' })
  await expect(row.getByRole('switch')).not.toBeChecked({ timeout: 60_000 })
  // The platform enables supabase_vault on every project: enabled from the start, and its row says so.
  const vault = page.getByRole('row', { name: 'supabase_vault' })
  await expect(vault.getByRole('switch')).toBeChecked()
  await expect(vault).toContainText(ENABLED_ON_EVERY_PROJECT_MESSAGE.extension)
  // What the database cannot run is said, never offered as a switch that fails.
  await page.getByRole('searchbox', { name: 'Search extensions' }).fill('timescale')
  await expect(page.getByRole('row', { name: 'timescaledb' })).toContainText('Not available on this project')
  await page.getByRole('searchbox', { name: 'Search extensions' }).fill('trigram')

  await toggle(page, 'pg_trgm')
  const enable = page.getByRole('dialog', { name: 'Enable pg_trgm' })
  await expect(enable.getByRole('region', { name: 'SQL to run' })).toContainText('create extension if not exists "pg_trgm" with schema "extensions" cascade;')
  await enable.getByRole('button', { name: 'Enable extension' }).click()
  await expect(enable).toBeHidden()
  await expect(row.getByRole('switch')).toBeChecked()
  await expect(row).toContainText('extensions')

  await page.getByRole('link', { name: 'SQL editor' }).click()
  await runSql(page, "select similarity('abc', 'abd') as sim")
  await expect(page.getByRole('gridcell', { name: '0.33333334' })).toBeVisible()
  await runSql(page, 'create index customers_full_name_trgm on public.customers using gin (full_name gin_trgm_ops)')
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toContainText('Success')

  await page.getByRole('link', { name: 'Database' }).click()
  await page.getByRole('navigation', { name: 'Database' }).getByRole('link', { name: 'Extensions' }).click()
  await page.getByRole('checkbox', { name: 'Enabled only' }).check()
  await toggle(page, 'pg_trgm')
  const disable = page.getByRole('dialog', { name: 'Disable pg_trgm' })
  await expect(disable.getByRole('list', { name: 'Dependent objects' })).toHaveText('index customers_full_name_trgm')
  const confirm = disable.getByRole('button', { name: 'Disable and drop 1 object' })
  await expect(confirm).toBeDisabled()
  await disable.getByRole('checkbox', { name: /I understand/ }).check()
  await expect(disable.getByRole('region', { name: 'SQL to run' })).toContainText('drop extension if exists "pg_trgm" cascade;')
  await confirm.click()
  await expect(disable).toBeHidden()
  await expect(page.getByRole('row', { name: 'pg_trgm' })).toBeHidden()
  await page.getByRole('checkbox', { name: 'Enabled only' }).uncheck()
  await expect(page.getByRole('row', { name: 'pg_trgm' }).getByRole('switch')).not.toBeChecked()
})
