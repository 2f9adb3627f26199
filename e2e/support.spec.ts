import type { Page } from '@playwright/test'
import { SUPPORT_MESSAGE, SUPPORT_TICKET_LIMITS } from '../src/constants'
import { setMockScenario, signIn } from './fixtures'
import { expect, test } from './kept-world'

/** What the mock platform filed: its support-ticket collection, read in the page (a page without it fails the test). */
const filedTickets = (page: Page) =>
  page.evaluate(() => {
    if (!window.__studioMock) throw new Error('This page has no mock platform to read support tickets from')
    return window.__studioMock.platform.db.supportTickets.all()
  })

const PREFILLED = '/support/new?category=dashboard_bug&subject=/org/x&message=stack&sid=abc'

test.describe('support form', () => {
  test('prefilled from the link, validated, kept through a failed send, then sent and filed', async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    await page.goto(PREFILLED)
    await expect(page.getByRole('heading', { name: SUPPORT_MESSAGE.title })).toBeVisible()

    const category = page.getByLabel('Category', { exact: true })
    const severity = page.getByLabel('Severity', { exact: true })
    const subject = page.getByLabel('Subject', { exact: true })
    const message = page.getByLabel('Message', { exact: true })
    await expect(category).toHaveValue('Dashboard_bug')
    await expect(category.locator('option:checked')).toHaveText('Dashboard bug')
    await expect(severity).toHaveValue('Low')
    await expect(subject).toHaveValue('/org/x')
    await expect(message).toHaveValue('stack')
    await expect(page.getByTestId('support-error-report')).toContainText('Error report: abc')
    // Nothing is flagged before it is touched, even the too-short prefilled message.
    await expect(page.getByRole('form', { name: 'Support request' }).getByRole('alert')).toHaveCount(0)

    await subject.fill('')
    await subject.blur()
    await expect(page.getByText(SUPPORT_MESSAGE.subjectRequired)).toBeVisible()
    await expect(subject).toHaveAttribute('aria-invalid', 'true')
    await subject.fill('Dashboard error on /org/x')
    await expect(page.getByText(SUPPORT_MESSAGE.subjectRequired)).toBeHidden()

    // Submitting shows the rest: the prefilled message is under the minimum, and focus goes there.
    await page.getByRole('button', { name: SUPPORT_MESSAGE.submit }).click()
    await expect(page.getByText(SUPPORT_MESSAGE.messageTooShort(SUPPORT_TICKET_LIMITS.messageMin))).toBeVisible()
    await expect(message).toBeFocused()
    expect(await filedTickets(page)).toEqual([])
    await message.fill('stack\nTypeError: x is undefined at OrganizationPage')

    await page.getByLabel('Organization', { exact: true }).selectOption({ label: 'Acme Corp' })
    const project = page.getByLabel('Project', { exact: true })
    await expect(project).toBeEnabled()
    await expect(project.locator('option')).not.toHaveCount(1)
    const projectRef = await project.locator('option').nth(1).getAttribute('value')
    const projectName = (await project.locator('option').nth(1).textContent())!
    await project.selectOption(projectRef!)
    await severity.selectOption('High')

    // A failed send keeps every value and says why.
    await setMockScenario(page, 'server-error')
    await page.getByRole('button', { name: SUPPORT_MESSAGE.submit }).click()
    await expect(page.getByText(SUPPORT_MESSAGE.sendFailed('Internal server error'))).toBeVisible()
    await expect(subject).toHaveValue('Dashboard error on /org/x')
    await expect(message).toHaveValue('stack\nTypeError: x is undefined at OrganizationPage')
    await expect(project).toHaveValue(projectRef!)
    await expect(severity).toHaveValue('High')
    expect(await filedTickets(page)).toEqual([])

    await setMockScenario(page, null)
    await page.getByRole('button', { name: SUPPORT_MESSAGE.submit }).click()
    await expect(page.getByRole('heading', { name: SUPPORT_MESSAGE.sentTitle })).toBeVisible()
    await expect(page.getByText('Reference SR-000001')).toBeVisible()
    await expect(page.getByText('We will reply to demo@example.com.')).toBeVisible()
    const summary = page.getByRole('definition')
    await expect(summary).toHaveText(['Dashboard bug', 'High', 'Acme Corp', `${projectName} (${projectRef})`, 'Dashboard error on /org/x', 'abc'])

    expect(await filedTickets(page)).toEqual([
      expect.objectContaining({
        id: 'SR-000001',
        category: 'Dashboard_bug',
        severity: 'High',
        subject: 'Dashboard error on /org/x',
        message: 'stack\nTypeError: x is undefined at OrganizationPage',
        organizationSlug: 'acme-corp',
        projectRef,
        dashboardSentryIssueId: 'abc',
      }),
    ])

    // Another request starts empty, without the link's prefill.
    await page.getByRole('button', { name: SUPPORT_MESSAGE.openAnother }).click()
    await expect(page).toHaveURL(/\/support\/new$/)
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('')
    await expect(page.getByTestId('support-error-report')).toHaveCount(0)
    await page.getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
  })

  test("the error screen's 'Contact support' lands on a prefilled form", async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Your organizations' })).toBeVisible()
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('studio:test-crash', { detail: 'Boom: support me' })))
    await page.getByRole('link', { name: 'Contact support' }).click()
    await expect(page).toHaveURL(/\/support\/new\?/)
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Dashboard_bug')
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Dashboard error on /organizations')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(/Boom: support me/)
    await expect(page.getByTestId('support-error-report')).toContainText(/Error report: [0-9a-f]{32}/)
    await page.getByRole('button', { name: SUPPORT_MESSAGE.submit }).click()
    await expect(page.getByRole('heading', { name: SUPPORT_MESSAGE.sentTitle })).toBeVisible()
  })

  test('needs a session: signed out it goes to sign-in first', async ({ page }) => {
    await page.goto('/support/new?category=billing')
    await expect(page).toHaveURL(/\/sign-in\?returnTo=/)
  })
})
