import { test as base, expect, type Page } from '@playwright/test'
import { DEMO_CREDENTIALS, type MockScenario } from '../src/constants'

/** Signs in through the real form, as a person would. */
export async function signIn(page: Page, options: { returnTo?: string; scenario?: MockScenario } = {}) {
  const params = new URLSearchParams()
  if (options.returnTo) params.set('returnTo', options.returnTo)
  if (options.scenario) params.set('scenario', options.scenario)
  await page.goto(`/sign-in${params.size ? `?${params}` : ''}`)
  await page.getByLabel('Email').fill(DEMO_CREDENTIALS.email)
  await page.getByLabel('Password').fill(DEMO_CREDENTIALS.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await use(errors)
  },
})
export { expect }
