import { test as base, expect, type Page } from '@playwright/test'
import { CONSENT_STORAGE_KEY, DEMO_CREDENTIALS, type MockScenario } from '../src/constants'

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

/** Signs in on Acme's organization page and opens its first healthy project from the list. */
export async function openHealthyProject(page: Page) {
  await signIn(page, { returnTo: '/org/acme-corp' })
  await page
    .getByRole('link', { name: /Healthy/ })
    .first()
    .click()
}

/** Turns a named fault of the page's mock platform on (or off with null); fails where the page has no mock platform. */
export async function setMockScenario(page: Page, scenario: MockScenario | null) {
  await page.evaluate((name) => {
    if (!window.__studioMock) throw new Error('This page has no mock platform to set a scenario on')
    window.__studioMock.setScenario(name)
  }, scenario)
}

/**
 * Replaces the SQL editor's text as a person would: select everything, type. Escape closes a
 * completion list the typing opened, so a key pressed next reaches the editor.
 */
export async function replaceSql(page: Page, sql: string, { timeout = 60_000 }: { timeout?: number } = {}) {
  const editor = page.getByTestId('sql-editor')
  await expect(editor.locator('.monaco-editor')).toBeVisible({ timeout })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(sql)
  await page.keyboard.press('Escape')
}

/** Replaces the SQL editor's text and runs it (Ctrl/⌘+Enter). */
export async function runSql(page: Page, sql: string, options: { timeout?: number } = {}) {
  await replaceSql(page, sql, options)
  await page.keyboard.press('ControlOrMeta+Enter')
}

export const test = base.extend<{ consoleErrors: string[]; consent: 'accepted' | 'undecided' }>({
  /**
   * The cookie toast covers the bottom-right corner of every page until answered: specs that are
   * not about consent start with it accepted (so telemetry is sent); consent specs set 'undecided'.
   */
  consent: ['accepted', { option: true }],
  page: async ({ page, consent }, use) => {
    if (consent === 'accepted') {
      await page.addInitScript(
        (key) => {
          if (localStorage.getItem(key) === null) localStorage.setItem(key, 'true')
        },
        CONSENT_STORAGE_KEY,
      )
    }
    await use(page)
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await use(errors)
  },
})
export { expect }
