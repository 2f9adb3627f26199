import { writeFile } from 'node:fs/promises'
import { createPlatformFixtures } from '../fixtures/platform'
import { setMockScenario, signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
const MB = 1_048_576

/**
 * The files as a person picks them: from disk. Handed over as bytes instead, Playwright moves them
 * into the page as base64 through its protocol and decodes them there: 24 s for the 33 MB of the first
 * pick on this machine, against well under a second from disk. The browser types them by extension.
 */
async function onDisk(files: [name: string, bytes: Buffer][]): Promise<string[]> {
  return Promise.all(
    files.map(async ([name, bytes]) => {
      const path = test.info().outputPath(name)
      await writeFile(path, bytes)
      return path
    }),
  )
}

test('upload by the picker (one too large refused before sending), cancel a big one mid-way, retry a failed one, then a bucket policy from a template', async ({ page }) => {
  // About 30 s alone: backoffs of 1 + 2 + 4 s and a slow 24 MB upload; room for a busy CI.
  test.setTimeout(300_000)
  await signIn(page, { returnTo: `/project/${healthy.ref}/storage/buckets` })
  await page.getByRole('button', { name: 'New bucket' }).first().click({ timeout: 60_000 })
  const create = page.getByRole('dialog', { name: 'Create a bucket' })
  await create.getByLabel('Name').fill('uploads')
  // Ark's switch input is visually hidden: a person clicks its label.
  await create.getByText('Restrict file size', { exact: true }).click()
  await expect(create.getByRole('switch', { name: 'Restrict file size' })).toBeChecked()
  await create.getByLabel('Size limit').fill('30')
  await create.getByLabel('Unit').selectOption('MB')
  await create.getByRole('button', { name: 'Create bucket' }).click()
  await expect(create).toBeHidden()

  // Three files by the picker: the one over the bucket's 30 MB is refused with the limit, nothing sent for it.
  const sessions: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/objects/uploads')) sessions.push(String(request.postDataJSON()?.path))
  })
  await page.getByLabel('Choose files to upload').setInputFiles(
    await onDisk([
      ['notes.txt', Buffer.from('hello storage')],
      ['pixel.png', Buffer.alloc(2 * MB, 7)],
      ['too-big.bin', Buffer.alloc(31 * MB)],
    ]),
  )
  const uploads = page.getByRole('region', { name: 'Uploads' })
  const row = (path: string) => uploads.getByRole('listitem', { name: path })
  await expect(row('too-big.bin')).toContainText('too-big.bin is 31 MB; this bucket accepts files up to 30 MB.')
  await expect(row('notes.txt')).toContainText('Uploaded')
  await expect(row('pixel.png')).toContainText('Uploaded · 2 MB')
  await expect(uploads.getByRole('progressbar', { name: 'pixel.png uploaded' })).toHaveAttribute('aria-valuenow', '100')
  expect(sessions.sort()).toEqual(['notes.txt', 'pixel.png'])
  await expect(uploads.getByRole('status')).toContainText('2 of 2 uploaded')
  // The listing read again: the new files are in the bucket.
  await expect(page.getByText('pixel.png', { exact: true }).first()).toBeVisible()

  // A big file on a slow platform: cancelled once some bytes are acknowledged, its session deleted.
  await uploads.getByRole('button', { name: 'Clear finished' }).click()
  await setMockScenario(page, 'slow')
  await page.getByLabel('Choose files to upload').setInputFiles(await onDisk([['video.bin', Buffer.alloc(24 * MB, 1)]]))
  await expect(row('video.bin')).toContainText(/MB of 24 MB/, { timeout: 45_000 })
  const deleted = page.waitForRequest((request) => request.method() === 'DELETE' && request.url().includes('/objects/uploads/'))
  await row('video.bin').getByRole('button', { name: 'Cancel video.bin' }).click()
  await deleted
  await expect(row('video.bin')).toContainText('Cancelled', { timeout: 10_000 })

  // The platform failing: retried with backoff (said so), then failed; Retry finishes it once the platform is back.
  await setMockScenario(page, 'server-error')
  await page.getByLabel('Choose files to upload').setInputFiles([{ name: 'retry.txt', mimeType: 'text/plain', buffer: Buffer.from('second time lucky') }])
  await expect(row('retry.txt')).toContainText('Retrying (1 of 3)')
  await expect(row('retry.txt').getByRole('button', { name: 'Retry retry.txt' })).toBeVisible({ timeout: 15_000 })
  await setMockScenario(page, null)
  await row('retry.txt').getByRole('button', { name: 'Retry retry.txt' }).click()
  await expect(row('retry.txt')).toContainText('Uploaded')

  // Bucket policies: a template's CREATE POLICY shown before it runs, then listed.
  await page.getByRole('link', { name: 'Policies' }).click()
  await page.getByRole('button', { name: 'New policy on uploads' }).click({ timeout: 45_000 })
  const dialog = page.getByRole('dialog', { name: 'New policy on uploads' })
  await dialog.getByRole('radio', { name: /Users read and write only their own folder/ }).check()
  await expect(dialog.getByRole('region', { name: 'SQL to run' })).toContainText(`create policy "Own folder in uploads (select)"`)
  await expect(dialog.getByRole('region', { name: 'SQL to run' })).toContainText(`using (bucket_id = 'uploads' and ((storage.foldername(name))[1] = auth.uid()::text))`)
  // Its effect before it is saved, as for a table's policies: anon reaches no file with it.
  await expect(dialog.getByRole('region', { name: 'Effect before saving' }).getByRole('row').filter({ hasText: 'anon (no session)' })).toContainText(/→\s*0 rows/)
  await dialog.getByRole('button', { name: 'Create policy' }).click()
  await expect(dialog).toBeHidden()
  const policies = page.getByRole('region', { name: 'Policies of uploads' })
  await expect(policies.getByRole('row', { name: 'Own folder in uploads (insert)' })).toContainText('INSERT')
  await expect(policies.getByRole('row')).toHaveCount(5)
})
