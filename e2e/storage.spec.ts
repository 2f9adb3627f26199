import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { createPlatformFixtures } from '../fixtures/platform'
import { PREVIEW, SESSION_STORAGE_KEY } from '../src/constants'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!

// A 2×2 PNG (red, green / blue, white): small, and its pixels check that it really decoded.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC'

/** Puts an object through the platform's upload endpoints from inside the page, with the session's token (until the explorer's uploads exist). */
async function putObject(page: Page, bucket: string, path: string, mimetype: string, base64: string) {
  const status = await page.evaluate(
    async ({ ref, bucket, path, mimetype, base64, sessionKey }) => {
      const session = JSON.parse(localStorage.getItem(sessionKey)!) as { accessToken: string }
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const base = `/api/platform/storage/${ref}/buckets/${encodeURIComponent(bucket)}/objects/uploads`
      const auth = { authorization: `Bearer ${session.accessToken}` }
      const start = await fetch(base, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ path, size: bytes.length, mimetype }) })
      if (!start.ok) return start.status
      const { uploadId } = (await start.json()) as { uploadId: string }
      const chunk = await fetch(`${base}/${uploadId}`, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }, body: bytes })
      return chunk.status
    },
    { ref: healthy.ref, bucket, path, mimetype, base64, sessionKey: SESSION_STORAGE_KEY },
  )
  expect(status).toBe(200)
}

test('buckets and files: create a bucket and a folder, preview an image, download a file byte for byte, move it into the folder, delete the folder; the preview flag moves the screen', async ({ page }) => {
  test.setTimeout(225_000)
  await signIn(page, { returnTo: `/project/${healthy.ref}/storage/buckets` })
  const buckets = page.getByRole('navigation', { name: 'Buckets' })
  await buckets.getByRole('button', { name: 'New bucket' }).click({ timeout: 60_000 })

  // The name is checked as it is typed; nothing is sent while it breaks a rule.
  const create = page.getByRole('dialog', { name: 'Create a bucket' })
  await create.getByLabel('Name').fill('e2e/files')
  await expect(create.getByText('A bucket name cannot contain "/"')).toBeVisible()
  await expect(create.getByRole('button', { name: 'Create bucket' })).toBeDisabled()
  await create.getByLabel('Name').fill('e2e files')
  await create.getByText('Public bucket', { exact: true }).click()
  await expect(create.getByRole('switch', { name: 'Public bucket' })).toBeChecked()
  await create.getByRole('button', { name: 'Create bucket' }).click()
  await expect(create).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/storage/buckets/e2e%20files$`))
  await expect(buckets.getByRole('link', { name: /e2e files/ })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText('This folder is empty.')).toBeVisible()

  await page.getByRole('button', { name: 'New folder' }).click()
  const newFolder = page.getByRole('dialog', { name: 'Create a folder' })
  await newFolder.getByLabel('Folder name').fill('reports')
  await newFolder.getByRole('button', { name: 'Create folder' }).click()
  await expect(newFolder).toBeHidden()
  const root = page.getByRole('grid', { name: 'Files in e2e files' })
  await expect(root.getByRole('row', { name: 'reports' })).toBeVisible()

  const text = `quarterly numbers ${Date.now()}\n`
  await putObject(page, 'e2e files', 'pixel.png', 'image/png', PNG_BASE64)
  await putObject(page, 'e2e files', 'notes.txt', 'text/plain', Buffer.from(text).toString('base64'))
  await page.getByRole('button', { name: 'Reload' }).click()

  // The image previews from its bytes.
  await root.getByRole('row', { name: 'pixel.png' }).click()
  const preview = page.getByRole('complementary', { name: 'File pixel.png' })
  const image = preview.getByRole('img', { name: 'Preview of pixel.png' })
  await expect(image).toBeVisible()
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2)

  // A text file downloads with the very bytes uploaded.
  await root.getByRole('row', { name: 'notes.txt' }).click()
  const notes = page.getByRole('complementary', { name: 'File notes.txt' })
  await expect(notes.getByLabel('File contents')).toHaveText(text.trim())
  const [download] = await Promise.all([page.waitForEvent('download'), notes.getByRole('button', { name: 'Download' }).click()])
  expect(download.suggestedFilename()).toBe('notes.txt')
  expect(await readFile((await download.path())!, 'utf8')).toBe(text)

  // Moved into the folder.
  await notes.getByRole('button', { name: 'Move' }).click()
  const move = page.getByRole('dialog', { name: 'Move notes.txt' })
  await move.getByLabel(/Destination folder/).fill('reports/')
  await move.getByRole('button', { name: 'Move' }).click()
  await expect(move).toBeHidden()
  await expect(root.getByRole('row', { name: 'notes.txt' })).toBeHidden()
  await root.getByRole('row', { name: 'reports' }).click()
  await expect(page.getByRole('grid', { name: 'Files in reports' }).getByRole('row', { name: 'notes.txt' })).toBeVisible()

  // Deleting the folder names how many files go with it.
  await root.getByRole('row', { name: 'reports' }).press('Delete')
  const remove = page.getByRole('alertdialog', { name: 'Delete folder reports' })
  await remove.getByRole('button', { name: 'Delete 1 file' }).click()
  await expect(remove).toBeHidden()
  await expect(root.getByRole('row', { name: 'reports' })).toBeHidden()
  await expect(root.getByRole('row', { name: 'pixel.png' })).toBeVisible()

  // The list view beside an open preview is narrow: the name stays readable, the other columns give way.
  await root.getByRole('row', { name: 'pixel.png' }).click()
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click()
  const listed = page.getByRole('grid', { name: 'Files in e2e files' }).getByRole('row', { name: 'pixel.png' })
  await expect(page.getByRole('complementary', { name: 'File pixel.png' })).toBeVisible()
  const nameWidth = await listed.getByRole('gridcell').nth(1).evaluate((cell) => cell.getBoundingClientRect().width)
  expect(nameWidth).toBeGreaterThanOrEqual(160)
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Columns' }).click()

  // The new Storage interface: the same bucket at …/storage/files, and the old address leads there.
  await page.goto(`/project/${healthy.ref}/storage/buckets/e2e%20files?featurePreviewModal=${PREVIEW.newStorage}`)
  await page.getByRole('dialog', { name: 'Dashboard feature previews' }).getByRole('button', { name: 'Enable feature' }).click()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/storage/files/buckets/e2e%20files`))
  await page.getByRole('link', { name: 'All buckets' }).click()
  const row = page.getByRole('row', { name: 'e2e files' })
  await expect(row.getByText('Public')).toBeVisible()
  await row.getByRole('link', { name: 'e2e files' }).click()
  await expect(page.getByRole('grid', { name: 'Files in e2e files' }).getByRole('row', { name: 'pixel.png' })).toBeVisible()
})
