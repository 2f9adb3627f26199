import type { Page } from '@playwright/test'
import { DEMO_CREDENTIALS } from '../src/constants'
import { expect, test } from './kept-world'

// A newcomer is never stuck: sign up from nothing, or sign in without any organization, and get to a first project.

const STRONG_PASSWORD = 'violet-Tractor-91-lagoon!quill'

async function createOrganization(page: Page, name: string) {
  await expect(page.getByText('No organizations yet', { exact: true })).toBeVisible({ timeout: 45_000 })
  await page.getByRole('link', { name: 'New organization' }).click()
  await expect(page).toHaveURL(/\/new$/)
  await expect(page.getByRole('heading', { name: 'Create a new organization' })).toBeVisible()
  await page.getByLabel('Name').fill(name)
  await expect(page.getByRole('radio', { name: 'Free' })).toBeChecked()
  await expect(page.getByRole('note', { name: 'Free plan' })).toContainText('2 active projects')
  await page.getByRole('button', { name: 'Create organization' }).click()
}

test('a new person signs up, creates an organization and reaches the new-project form', async ({ page }) => {
  await page.goto('/sign-in')
  await page.getByRole('link', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/sign-up$/)
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible()

  // An address that already has an account says so, and offers to sign in instead.
  await page.getByLabel('Email').fill('newcomer@example.com')
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD)
  await expect(page.getByText('This password is strong.')).toBeVisible({ timeout: 45_000 })
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'An account with this email address already exists.' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/sign-in')

  const email = `newcomer-${Date.now()}@example.com`
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Sign up' }).click()

  // Signed in, with a profile created on the way, and nothing yet: the empty list offers the way on.
  await expect(page).toHaveURL(/\/organizations$/, { timeout: 45_000 })
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
  await createOrganization(page, 'First Steps Ltd')

  await expect(page).toHaveURL(/\/org\/first-steps-ltd$/, { timeout: 45_000 })
  await expect(page.getByRole('heading', { name: 'First Steps Ltd' })).toBeVisible()
  await expect(page.getByText('No projects yet', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'New project' }).click()
  await expect(page).toHaveURL(/\/new\/first-steps-ltd$/)
  await expect(page.getByRole('heading', { name: 'Create a new project' })).toBeVisible()
  await expect(page.getByRole('note', { name: 'Free plan' })).toContainText('you can create 2 more')

  // The account and its organization are still there after a reload (the mock platform keeps them).
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Create a new project' })).toBeVisible({ timeout: 45_000 })
})

test('newcomer@example.com, with no organization, creates one and lands on it', async ({ page }) => {
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill('newcomer@example.com')
  await page.getByLabel('Password').fill(DEMO_CREDENTIALS.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await createOrganization(page, 'Newcomer Co')
  await expect(page).toHaveURL(/\/org\/newcomer-co$/, { timeout: 45_000 })
  await expect(page.getByRole('heading', { name: 'Newcomer Co' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'New project' })).toHaveAttribute('href', '/new/newcomer-co')

  // Another organization from the list: now it has one, its header offers the button.
  await page.goto('/organizations')
  await expect(page.getByRole('link', { name: /Newcomer Co/ })).toBeVisible()
  await page.getByRole('link', { name: 'New organization' }).click()
  await expect(page.getByRole('heading', { name: 'Create a new organization' })).toBeVisible()
})
