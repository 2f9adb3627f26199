import type { Page } from '@playwright/test'
import { DEMO_CREDENTIALS, ORGANIZATION_SETTINGS_MESSAGE } from '../src/constants'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

// newcomer@example.com has an account (the demo password) and no organization.
const COLLEAGUE = 'newcomer@example.com'

async function signInAs(page: Page, email: string, returnTo: string) {
  await page.goto(`/sign-in?${new URLSearchParams({ returnTo })}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(DEMO_CREDENTIALS.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('an owner invites a colleague who joins through the link, changes their role, and sees it all in the audit log', async ({ page, consoleErrors }) => {
  const mail: string[] = []
  page.on('console', (message) => message.type() === 'info' && message.text().startsWith('[mail]') && mail.push(message.text()))
  await signIn(page, { returnTo: '/org/acme-corp/team' })
  await page.getByRole('textbox', { name: 'Email address' }).fill(COLLEAGUE, { timeout: 30_000 })
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Developer' })
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(ORGANIZATION_SETTINGS_MESSAGE.invited(COLLEAGUE))).toBeVisible()
  const link = (await page.getByLabel('Join link', { exact: true }).textContent())!
  // The mail went to the mock platform's mail log, with the same link.
  await expect.poll(() => mail.join('\n')).toContain(link)
  await expect(page.getByRole('list', { name: /Pending invitations/ })).toContainText(COLLEAGUE)

  await page.goto('/logout')
  await expect(page).toHaveURL(/\/sign-in/, { timeout: 30_000 })
  const joinPath = new URL(link).pathname + new URL(link).search
  await signInAs(page, COLLEAGUE, joinPath)
  await expect(page.getByRole('heading', { name: 'You have been invited to join Acme Corp' })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Join organization' }).click()
  await expect(page).toHaveURL(/\/org\/acme-corp$/)
  // A developer sees the team but manages no one.
  await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Team' }).click()
  await expect(page.getByRole('button', { name: 'Send invitation' })).toBeDisabled({ timeout: 30_000 })

  await page.goto('/logout')
  await expect(page).toHaveURL(/\/sign-in/, { timeout: 30_000 })
  await signIn(page, { returnTo: '/org/acme-corp/team' })
  const role = page.getByLabel(`Role of ${COLLEAGUE}`)
  await expect(role).toHaveValue('3', { timeout: 30_000 })
  await role.selectOption({ label: 'Read-only' })
  await expect(page.getByText(ORGANIZATION_SETTINGS_MESSAGE.roleChanged(COLLEAGUE, 'Read-only'))).toBeVisible()

  await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Audit log' }).click()
  const log = page.getByRole('table', { name: 'Audit log' })
  await expect(log.getByRole('row').filter({ hasText: "Changed a member's role" })).toContainText(DEMO_CREDENTIALS.email, { timeout: 30_000 })
  await expect(log.getByRole('row').filter({ hasText: 'Joined the organization' })).toContainText(COLLEAGUE)
  await expect(log.getByRole('row').filter({ hasText: 'Invited a member' })).toContainText(DEMO_CREDENTIALS.email)
  expect(consoleErrors).toEqual([])
})

test('an empty organization is renamed, then deleted with its name typed; one with projects cannot be', async ({ page, consoleErrors }) => {
  await signIn(page, { returnTo: '/org/acme-corp/general' })
  await expect(page.getByRole('button', { name: 'Delete organization' })).toBeDisabled({ timeout: 30_000 })

  await page.goto('/org/empty-org/general')
  const name = page.getByRole('textbox', { name: 'Name' })
  await expect(name).toHaveValue('Empty Org', { timeout: 30_000 })
  await name.fill('Quiet <b>Org</b>')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(ORGANIZATION_SETTINGS_MESSAGE.renamed('Quiet <b>Org</b>'))).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quiet <b>Org</b>')

  await page.getByRole('button', { name: 'Delete organization' }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByRole('textbox').fill('Quiet <b>Org</b>')
  await dialog.getByRole('button', { name: 'Delete organization' }).click()
  await expect(page).toHaveURL(/\/organizations$/)
  await expect(page.getByText(ORGANIZATION_SETTINGS_MESSAGE.deleted('Quiet <b>Org</b>'))).toBeVisible()
  await page.reload()
  await expect(page.getByRole('list', { name: 'Organizations' }).getByText('Acme Corp', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('list', { name: 'Organizations' }).getByText('Quiet <b>Org</b>')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})
