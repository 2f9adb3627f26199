import { readFile } from 'node:fs/promises'
import { createPlatformFixtures } from '../fixtures/platform'
import { DEMO_CREDENTIALS, PROJECT_SETTINGS_MESSAGE } from '../src/constants'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

const project = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

test("what a member changes shows in the organization's audit log — who, what, on what — filtered, kept across a reload and exported as CSV", async ({ page, consoleErrors }) => {
  await signIn(page, { returnTo: `/project/${project.ref}/settings/database` })
  const ssl = page.getByRole('region', { name: 'SSL enforcement' })
  await ssl.getByRole('checkbox', { name: 'Enforce SSL on incoming connections' }).check({ timeout: 30_000 })
  await ssl.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(PROJECT_SETTINGS_MESSAGE.sslSaved(true))).toBeVisible()

  await page.goto('/org/acme-corp')
  await page.getByRole('link', { name: 'Audit log' }).click()
  const log = page.getByRole('table', { name: 'Audit log' })
  const row = log.getByRole('row').filter({ hasText: 'Changed SSL enforcement' })
  await expect(row).toContainText(DEMO_CREDENTIALS.email, { timeout: 30_000 })
  await expect(row).toContainText(`Project ${project.name} (${project.ref})`)
  await expect(row).toContainText('PUT /platform/projects/:ref/ssl-enforcement · 200')
  await expect(page.getByText(/Events are kept for 7 days/)).toBeVisible()

  await page.getByLabel('Action').selectOption('Changed SSL enforcement')
  await expect(log.getByRole('row')).toHaveCount(2)
  await page.reload()
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'Changed SSL enforcement' })).toHaveCount(1, { timeout: 30_000 })

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await readFile((await (await download).path())!, 'utf8')
  expect(csv.split('\n')[0]).toBe('occurred_at,member,action,method,route,status,target,project_ref,address')
  expect(csv).toContain(`${DEMO_CREDENTIALS.email},Changed SSL enforcement,PUT,/platform/projects/:ref/ssl-enforcement,200`)

  // A day with nothing in it: the empty state, not an error.
  await page.getByLabel('To').fill('2020-01-01')
  await expect(page.getByText('No activity in this period')).toBeVisible()
  expect(consoleErrors).toEqual([])
})
