import { createPlatformFixtures } from '../fixtures/platform'
import { PROJECT_SETTINGS_MESSAGE, PROJECT_GATE_MESSAGE } from '../src/constants'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

const acme = createPlatformFixtures().projects.filter((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')
const [renamed, deleted] = [acme[0]!, acme[1]!]

// A world of its own (not the kept one): a project is deleted here, its database with it.
test('a project is renamed (kept across a reload), restarted behind the gate, another one deleted with its name typed, and the first moved to another organization', async ({ page, consoleErrors }) => {
  await signIn(page, { returnTo: `/project/${renamed.ref}/settings/general` })
  const name = page.getByRole('textbox', { name: 'Name' })
  await expect(name).toHaveValue(renamed.name, { timeout: 30_000 })
  await name.fill('   ')
  await expect(page.getByText(PROJECT_SETTINGS_MESSAGE.nameRequired)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled()
  await name.fill('Storefront <b>live</b>')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(PROJECT_SETTINGS_MESSAGE.renamed('Storefront <b>live</b>'))).toBeVisible()
  // The breadcrumb's project menu says it at once; a reload keeps it.
  await expect(page.getByRole('banner').getByText('Storefront <b>live</b>')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Storefront <b>live</b>', { timeout: 30_000 })

  await page.getByRole('button', { name: 'Restart project' }).click()
  await expect(page.getByRole('alertdialog')).toContainText(PROJECT_SETTINGS_MESSAGE.restartConfirmBody)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restart project' }).click()
  await expect(page.getByRole('button', { name: 'Restarting…' })).toBeVisible()
  // A screen that needs the database waits at the gate while it restarts, and opens by itself once it is back.
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'SQL editor' }).click()
  await expect(page.getByRole('heading', { name: PROJECT_GATE_MESSAGE.RESTARTING.title })).toBeVisible()
  await expect(page.getByRole('heading', { name: PROJECT_GATE_MESSAGE.RESTARTING.title })).toBeHidden({ timeout: 30_000 })

  await page.goto(`/project/${deleted.ref}/settings/general`)
  await page.getByRole('button', { name: 'Delete project' }).click()
  const dialog = page.getByRole('alertdialog')
  const confirm = dialog.getByRole('button', { name: 'Delete project' })
  await expect(confirm).toBeDisabled()
  await dialog.getByRole('textbox').fill(deleted.name.toUpperCase())
  await expect(confirm).toBeDisabled()
  await dialog.getByRole('textbox').fill(deleted.name)
  await confirm.click()
  await expect(page).toHaveURL(/\/org\/acme-corp$/)
  await expect(page.getByText(PROJECT_SETTINGS_MESSAGE.deleted(deleted.name))).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(`^${deleted.name}`) })).toHaveCount(0)
  // Its database is gone from this browser too.
  expect(await page.evaluate(async (ref) => (await indexedDB.databases()).some((d) => d.name?.includes(ref)), deleted.ref)).toBe(false)
  await page.reload()
  await expect(page.getByRole('link', { name: /Storefront <b>live<\/b>/ })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('link', { name: new RegExp(`^${deleted.name}`) })).toHaveCount(0)

  // Moved to another organization of the demo's: the breadcrumb and that organization's list say so.
  await page.goto(`/project/${renamed.ref}/settings/general`)
  await page.getByLabel('To the organization').selectOption({ label: 'Empty Org (Free plan)' })
  await page.getByRole('button', { name: 'Transfer project' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Transfer project' }).click()
  await expect(page.getByText(PROJECT_SETTINGS_MESSAGE.transferred('Storefront <b>live</b>', 'Empty Org'))).toBeVisible()
  await expect(page.getByRole('banner').getByText('Empty Org')).toBeVisible()
  await page.goto('/org/empty-org')
  await expect(page.getByRole('link', { name: /Storefront <b>live<\/b>/ })).toBeVisible({ timeout: 30_000 })
  expect(consoleErrors).toEqual([])
})

test("the API settings give the project's keys as JWTs signed for it; a new JWT secret changes them, and the schemas the API serves are chosen and kept", async ({ page, consoleErrors }) => {
  await signIn(page, { returnTo: `/project/${renamed.ref}/settings/api` })
  const anon = page.getByLabel('anon key', { exact: true })
  await expect(anon).toHaveText(/^eyJ/, { timeout: 30_000 })
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { role: string; ref: string; exp: number }
  const before = (await anon.textContent())!
  expect(JSON.parse(Buffer.from(before.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' })
  expect(claimsOf(before)).toMatchObject({ role: 'anon', ref: renamed.ref })
  expect(claimsOf(before).exp * 1000).toBeGreaterThan(Date.now() + 5 * 365 * 24 * 3600 * 1000)
  await expect(page.getByLabel('service_role key', { exact: true })).not.toContainText('eyJ')
  await page.getByRole('button', { name: 'Reveal' }).click()
  await expect(page.getByLabel('service_role key', { exact: true })).toContainText('eyJ')

  await page.getByRole('button', { name: 'Generate a new JWT secret' }).click()
  await expect(page.getByRole('alertdialog')).toContainText(PROJECT_SETTINGS_MESSAGE.rotateConfirmBody)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Generate a new secret' }).click()
  await expect(page.getByText(PROJECT_SETTINGS_MESSAGE.rotated)).toBeVisible()
  await expect(anon).not.toHaveText(before)
  expect(claimsOf((await anon.textContent())!)).toMatchObject({ role: 'anon', ref: renamed.ref })

  const exposed = page.getByRole('region', { name: 'Exposed schemas' })
  await exposed.getByRole('checkbox', { name: 'storage' }).check()
  await exposed.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(PROJECT_SETTINGS_MESSAGE.exposedSchemasSaved)).toBeVisible()
  await page.reload()
  await expect(page.getByRole('region', { name: 'Exposed schemas' }).getByRole('checkbox', { name: 'storage' })).toBeChecked({ timeout: 30_000 })
  await expect(page.getByRole('region', { name: 'Exposed schemas' }).getByRole('checkbox', { name: 'studio_meta' })).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})

test('the database settings show how to connect, reset the password (shown once, in the connection string), enforce SSL and restrict the network, kept across a reload', async ({ page, consoleErrors }) => {
  const project = renamed
  await signIn(page, { returnTo: `/project/${project.ref}/settings/database` })
  await expect(page.getByRole('region', { name: 'Connect to your database' }).getByLabel('Connection string', { exact: true })).toContainText('postgresql://', { timeout: 30_000 })

  await page.getByRole('button', { name: 'Reset the database password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reset the database password' })
  await dialog.getByRole('button', { name: 'Generate a password' }).click()
  await expect(dialog.getByRole('button', { name: 'Reset the password' })).toBeEnabled({ timeout: 15_000 })
  const chosen = await dialog.getByLabel('New database password').inputValue()
  await dialog.getByRole('button', { name: 'Reset the password' }).click()
  const shown = page.getByRole('dialog', { name: 'The new database password' })
  await expect(shown.getByLabel('New database password')).toHaveText(chosen)
  await expect(shown.getByLabel('Connection string with the password')).toContainText(`:${encodeURIComponent(chosen)}@`)
  await expect(shown).toContainText(PROJECT_SETTINGS_MESSAGE.passwordShownOnce)
  await shown.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByText(chosen)).toHaveCount(0)

  const ssl = page.getByRole('region', { name: 'SSL enforcement' })
  await ssl.getByRole('checkbox', { name: 'Enforce SSL on incoming connections' }).check()
  await ssl.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(PROJECT_SETTINGS_MESSAGE.sslSaved(true))).toBeVisible()

  const network = page.getByRole('region', { name: 'Network restrictions' })
  await network.getByRole('button', { name: 'Only the addresses listed' }).click()
  const block = network.getByRole('textbox', { name: 'Address block (CIDR)' })
  await block.fill('10.1.2.3/8')
  await block.press('Enter')
  await expect(network.getByText('did you mean 10.0.0.0/8?')).toBeVisible()
  await block.fill('203.0.113.0/24')
  await block.press('Enter')
  await block.fill('2001:DB8::/32')
  await network.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(network.getByRole('list', { name: 'Allowed address blocks' }).getByRole('listitem')).toHaveText([/203\.0\.113\.0\/24/, /2001:db8::\/32/])
  await network.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText(PROJECT_SETTINGS_MESSAGE.networkSaved)).toBeVisible()

  await page.reload()
  await expect(page.getByRole('region', { name: 'SSL enforcement' }).getByRole('checkbox')).toBeChecked({ timeout: 30_000 })
  await expect(page.getByRole('region', { name: 'Network restrictions' }).getByRole('listitem')).toHaveText([/203\.0\.113\.0\/24/, /2001:db8::\/32/])
  expect(consoleErrors).toEqual([])
})

test('the compute size changes: the project restarts on it behind the gate, and the page says the new size', async ({ page, consoleErrors }) => {
  const globex = createPlatformFixtures().projects.find((p) => p.organization_slug === 'globex' && p.status === 'ACTIVE_HEALTHY')!
  await signIn(page, { returnTo: `/project/${globex.ref}/settings/compute` })
  await expect(page.getByText('Runs on Micro')).toBeVisible({ timeout: 30_000 })
  const change = page.getByRole('button', { name: 'Change compute size' })
  await expect(change).toBeDisabled()
  await page.getByRole('radio', { name: /Nano/ }).check()
  await change.click()
  await expect(page.getByRole('alertdialog')).toContainText(PROJECT_SETTINGS_MESSAGE.computeConfirmBody)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Move to Nano' }).click()
  await expect(page.getByText(PROJECT_SETTINGS_MESSAGE.computeChanged('Nano'))).toBeVisible()
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'SQL editor' }).click()
  await expect(page.getByRole('heading', { name: PROJECT_GATE_MESSAGE.RESIZING.title })).toBeVisible()
  await expect(page.getByRole('heading', { name: PROJECT_GATE_MESSAGE.RESIZING.title })).toBeHidden({ timeout: 30_000 })
  await page.goto(`/project/${globex.ref}/settings/compute`)
  await expect(page.getByText('Runs on Nano.')).toBeVisible({ timeout: 30_000 })
  expect(consoleErrors).toEqual([])
})
