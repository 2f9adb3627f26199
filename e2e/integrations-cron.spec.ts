import { createPlatformFixtures } from '../fixtures/platform'
import { expectAccessible } from './accessibility'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

test('enable cron, schedule select 1 every 2 seconds (a bad schedule told and kept), see a successful run in its history', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/integrations/cron` })
  await page.getByRole('button', { name: 'Enable cron' }).click({ timeout: 60_000 })
  await expect(page.getByText('No cron jobs yet')).toBeVisible()

  await page.getByRole('button', { name: 'Create a job' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a cron job' })
  await dialog.getByLabel('Name', { exact: true }).fill('heartbeat')
  const schedule = dialog.getByLabel('Schedule', { exact: true })
  await schedule.fill('61 seconds')
  await dialog.getByLabel('SQL', { exact: true }).fill('select 1')
  await expect(dialog.getByText('"61 seconds" is out of range: a seconds schedule runs every 1 to 59 seconds.').first()).toBeVisible()
  // What was typed stays while the schedule is put right.
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('heartbeat')
  await schedule.fill('2 seconds')
  await expect(dialog.getByText('Every 2 seconds')).toBeVisible()
  await expect(dialog.getByRole('region', { name: 'SQL to run' })).toContainText(`select cron.schedule('2 seconds', 'select 1');`)
  await dialog.getByRole('button', { name: 'Create job' }).click()
  await expect(dialog).toBeHidden()

  const row = page.getByRole('row', { name: 'heartbeat' })
  await expect(row).toContainText('Every 2 seconds')
  const runs = page.getByRole('region', { name: 'Runs of heartbeat' })
  const run = runs.getByRole('row').filter({ hasText: 'SELECT 1' }).first()
  await expect(run.getByRole('cell', { name: 'succeeded' })).toBeVisible()
  await expect(row).toContainText('succeeded')
  // The walk of every page sees the screen before cron is on; a job's row and its runs are seen here.
  await expectAccessible(page, 'the cron screen with a job and its runs')
})
