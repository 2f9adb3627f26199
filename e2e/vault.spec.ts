import { createPlatformFixtures } from '../fixtures/platform'
import { ENABLED_ON_EVERY_PROJECT_MESSAGE } from '../src/constants'
import { runSql, signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

test('vault is already enabled: a secret made in the SQL editor is listed; add a secret (a taken name told, the form kept), reveal it, see only ciphertext in the table', async ({ page }) => {
  // The platform enables supabase_vault on every project: the SQL editor can make a secret at once.
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  await runSql(page, "select vault.create_secret('sk_from_the_editor_77', 'editor key', 'made in SQL') as id")
  // Its id: a uuid.
  await expect(page.getByRole('region', { name: 'Results' })).toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, { timeout: 60_000 })

  await page.goto(`/project/${healthy.ref}/settings/vault/secrets`)
  await expect(page.getByText(ENABLED_ON_EVERY_PROJECT_MESSAGE.vault)).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('button', { name: 'Enable Vault' })).toHaveCount(0)
  const made = page.getByRole('row', { name: 'editor key' })
  await expect(made.getByLabel('Value of editor key')).toHaveText('••••••••••')
  await made.getByRole('button', { name: 'Reveal editor key' }).click()
  await expect(made.getByLabel('Value of editor key')).toHaveText('sk_from_the_editor_77')

  const fill = async (name: string, value: string) => {
    await page.getByRole('button', { name: 'Add a secret' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a secret' })
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Value', { exact: true }).fill(value)
    await expect(dialog.getByRole('region', { name: 'SQL to run' })).not.toContainText(value)
    return dialog
  }
  const first = await fill('stripe key', 'sk_test_4eC39HqLyjWDarjtT1zdp7dc')
  await first.getByRole('button', { name: 'Add secret' }).click()
  await expect(first).toBeHidden()
  const row = page.getByRole('row', { name: 'stripe key' })
  await expect(row.getByLabel('Value of stripe key')).toHaveText('••••••••••')
  await row.getByRole('button', { name: 'Reveal stripe key' }).click()
  await expect(row.getByLabel('Value of stripe key')).toHaveText('sk_test_4eC39HqLyjWDarjtT1zdp7dc')
  await row.getByRole('button', { name: 'Hide stripe key' }).click()
  await expect(row.getByLabel('Value of stripe key')).toHaveText('••••••••••')

  // The name is taken: said before anything is sent, and what was typed stays.
  const again = await fill('stripe key', 'sk_second_value')
  await expect(again.getByRole('button', { name: 'Add secret' })).toBeDisabled()
  await expect(again.getByText('A secret named “stripe key” exists already: choose another name, or edit that one.').first()).toBeVisible()
  await expect(again.getByLabel('Value', { exact: true })).toHaveValue('sk_second_value')
  await again.getByRole('button', { name: 'Cancel' }).click()
})
