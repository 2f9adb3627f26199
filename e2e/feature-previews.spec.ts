import type { Page, Request } from '@playwright/test'
import { CONSENT_STORAGE_KEY, FEATURE_PREVIEWS, PREVIEW } from '../src/constants'
import { setMockScenario, signIn } from './fixtures'
import { expect, test } from './kept-world'

const isTelemetry = (request: Request) => request.method() === 'POST' && request.url().endsWith('/platform/telemetry/event')
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key)

test('the previews modal opens from the URL (key trimmed), toggles a preview with telemetry, and closes by clearing the key', async ({ page }) => {
  await signIn(page, { returnTo: '/org/acme-corp' })
  await expect(page.getByRole('heading', { name: 'Acme Corp' })).toBeVisible()
  await page.goto(`/org/acme-corp?featurePreviewModal=${encodeURIComponent(`  ${PREVIEW.unifiedLogs} `)}`)
  const dialog = page.getByRole('dialog', { name: 'Dashboard feature previews' })
  await expect(dialog).toBeVisible()
  const list = dialog.getByRole('list', { name: 'Feature previews' })
  await expect(list.getByRole('listitem')).toHaveCount(FEATURE_PREVIEWS.length)
  const box = (await list.boundingBox())!
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([280, 550])
  const detail = dialog.getByRole('region', { name: 'New Logs interface' })
  await expect(detail.getByText('New', { exact: true })).toBeVisible()
  await expect(detail.getByRole('link', { name: 'Give feedback' })).toHaveAttribute('href', /^https:\/\//)
  const item = list.getByRole('button', { name: /New Logs interface/ })
  await expect(item.getByRole('img', { name: 'Disabled' })).toBeVisible()
  expect(await stored(page, PREVIEW.unifiedLogs)).toBeNull()

  const enabled = page.waitForRequest(isTelemetry)
  await detail.getByRole('button', { name: 'Enable feature' }).click()
  const enabledBody = (await enabled).postDataJSON()
  expect(enabledBody).toMatchObject({
    action: 'feature_preview_enabled',
    custom_properties: { feature: PREVIEW.unifiedLogs },
    groups: { organization: 'acme-corp', project: 'Unknown' },
  })
  expect((await enabled).headers()['version']).toBe('2')
  await expect(item.getByRole('img', { name: 'Enabled' })).toBeVisible()
  expect(await stored(page, PREVIEW.unifiedLogs)).toBe('true')

  // Loaded on start: a reload keeps it on.
  await page.reload()
  await expect(dialog.getByRole('button', { name: 'Disable feature' })).toBeVisible()
  const disabled = page.waitForRequest(isTelemetry)
  await dialog.getByRole('button', { name: 'Disable feature' }).click()
  expect((await disabled).postDataJSON()).toMatchObject({ action: 'feature_preview_disabled', custom_properties: { feature: PREVIEW.unifiedLogs } })
  expect(await stored(page, PREVIEW.unifiedLogs)).toBe('false')

  // Picking another preview keeps the modal in the URL; closing clears the key.
  await list.getByRole('button', { name: /Column-level privileges/ }).click()
  await expect(page).toHaveURL(new RegExp(`featurePreviewModal=${PREVIEW.columnPrivileges}`))
  // Branching lists what it cannot do yet (SPEC §9), all seven.
  await list.getByRole('button', { name: /Branching via dashboard/ }).click()
  const limitations = dialog.getByRole('region', { name: 'Branching via dashboard' }).getByRole('list', { name: 'Limitations' }).getByRole('listitem')
  await expect(limitations).toHaveCount(7)
  await expect(limitations.first()).toHaveText('Custom roles made in the dashboard are not captured.')
  await expect(limitations.last()).toHaveText('Column privileges are not captured in migration diffs.')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).not.toHaveURL(/featurePreviewModal/)
  // A blank key is no key.
  await page.goto('/org/acme-corp?featurePreviewModal=%20%20')
  await expect(page.getByRole('heading', { name: 'Acme Corp' })).toBeVisible()
  await expect(dialog).toHaveCount(0)
})

test('a failed telemetry call only logs, the toggle still holds; the Account menu opens the modal', async ({ page }) => {
  const logs: string[] = []
  page.on('console', (message) => logs.push(message.text()))
  await signIn(page, { returnTo: '/organizations' })
  await setMockScenario(page, 'server-error')
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Feature previews' }).click()
  const dialog = page.getByRole('dialog', { name: 'Dashboard feature previews' })
  await dialog.getByRole('button', { name: /Edit database entities inline/ }).click()
  await dialog.getByRole('button', { name: 'Enable feature' }).click()
  await expect.poll(() => logs.some((line) => line.startsWith('Failed to send Telemetry event'))).toBe(true)
  await expect(dialog.getByRole('button', { name: 'Disable feature' })).toBeVisible()
  expect(await stored(page, PREVIEW.inlineEditor)).toBe('true')
})

test('opted out of telemetry, a toggle sends nothing', async ({ page }) => {
  await signIn(page, { returnTo: `/organizations?featurePreviewModal=${PREVIEW.apiSidePanel}` })
  await page.evaluate((key) => localStorage.setItem(key, 'false'), CONSENT_STORAGE_KEY)
  const sent: string[] = []
  page.on('request', (request) => isTelemetry(request) && sent.push(request.url()))
  await page.getByRole('dialog').getByRole('button', { name: 'Enable feature' }).click()
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), PREVIEW.apiSidePanel)).toBe('true')
  // A request the page makes after the toggle: a telemetry request the toggle sent would have been seen before it.
  const later = page.waitForRequest((request) => request.url().endsWith('/after-the-toggle'))
  await page.evaluate(() => void fetch('/after-the-toggle').catch(() => undefined))
  await later
  expect(sent).toEqual([])
})
