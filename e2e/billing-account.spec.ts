import type { Page } from '@playwright/test'
import { signIn, test as freshWorldTest } from './fixtures'
import { expect, test } from './kept-world'
import { createPlatformFixtures, FIXTURE_NOW } from '../fixtures/platform'
import { BILLING_ADDRESS_MESSAGE as M, BILLING_BANNER, INVOICE_PAGE_SIZE, PERMISSION_MESSAGE } from '../src/constants'
import { formatBillingDate, formatBillingUnixDate } from '../src/lib/billing-date'
import { formatCents } from '../src/lib/billing-money'
import { formatDisplayDate } from '../src/lib/display-date'
import { invoicePeriodEnd } from '../mock-platform/billing/billing-cycle'

const fixtures = createPlatformFixtures()
const ALL_BANNERS = [
  BILLING_BANNER.gracePeriod,
  BILLING_BANNER.gracePeriodOver,
  BILLING_BANNER.restricted,
  BILLING_BANNER.overdueInvoices,
  BILLING_BANNER.overdueInvoicesElsewhere,
  BILLING_BANNER.missingBillingInfo,
]
/** The day the billing dates were reported against (a cycle of Acme Corp's runs 10 Nov – 10 Dec). */
const TODAY = Date.UTC(2026, 10, 28, 13, 16)
const banner = (page: Page, title: string) => page.getByRole('alert', { name: title, exact: true })

/** The organization page has loaded its projects, so every layout banner has had its answers. */
async function openOrganization(page: Page, slug: string, name: string) {
  await page.goto(`/org/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await page.waitForLoadState('networkidle')
}

test('#address and #invoices land on their sections', async ({ page }) => {
  await signIn(page, { returnTo: '/org/acme-corp' })
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Corp' })).toBeVisible()
  await page.goto('/org/acme-corp/billing#invoices')
  await expect(page.locator('#invoices').getByRole('table', { name: 'Invoices', exact: true })).toBeVisible()
  await expect(page.locator('#invoices').getByRole('heading', { name: 'Invoices', exact: true })).toBeInViewport()
  await page.goto('/org/acme-corp')
  await page.goto('/org/acme-corp/billing#address')
  await expect(page.locator('#address').getByRole('form', { name: 'Billing address' })).toBeVisible()
  await expect(page.locator('#address').getByRole('heading', { name: 'Billing address and tax ID' })).toBeInViewport()
})

test('the billing address form validates, saves, and the missing-billing banner goes', async ({ page }) => {
  await signIn(page, { returnTo: '/org/new-venture' })
  const missing = banner(page, BILLING_BANNER.missingBillingInfo.title)
  await expect(missing).toContainText(BILLING_BANNER.missingBillingInfo.message)
  await missing.getByRole('link', { name: BILLING_BANNER.missingBillingInfo.link }).click()
  await expect(page).toHaveURL(/\/org\/new-venture\/billing#address$/)

  const section = page.getByRole('region', { name: 'Billing address and tax ID' })
  const form = section.getByRole('form', { name: 'Billing address' })
  await expect(form).toBeVisible()
  await expect(section.getByRole('heading', { name: 'Billing address and tax ID' })).toBeInViewport()
  await expect(section.getByTestId('billing-email')).toHaveText('Unknown')
  await expect(form.getByLabel('Name on invoices')).toHaveValue('New Venture')

  await form.getByLabel('Country').selectOption('US')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByText(M.line1Required)).toBeVisible()
  await expect(form.getByText(M.cityRequired)).toBeVisible()
  await expect(form.getByText('Enter the state.')).toBeVisible()
  await expect(form.getByText(M.postalCodeRequired)).toBeVisible()
  await expect(form.getByLabel('Address line 1')).toBeFocused()

  await form.getByLabel('Address line 1').fill('1 Ferry Building')
  await form.getByLabel('City').fill('San Francisco')
  await form.getByLabel('State', { exact: true }).fill('CA')
  await form.getByLabel('Postcode').fill('9411')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByText(M.postalCodeInvalid('94105'))).toBeVisible()
  await form.getByLabel('Postcode').fill('94111')
  await expect(form.getByText(M.postalCodeInvalid('94105'))).toHaveCount(0)

  // A business needs a tax ID in its country's format; the US has one type, chosen already.
  await form.getByText('Billed as a registered business').click()
  await expect(form.getByLabel('Tax ID type')).toHaveValue('us_ein')
  await form.getByLabel('Tax ID', { exact: true }).fill('12-345')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByText(M.taxIdInvalid('US Employer Identification Number (EIN)', '12-3456789'))).toBeVisible()
  await form.getByLabel('Tax ID', { exact: true }).fill('98-7654321')
  await form.getByRole('button', { name: 'Save' }).click()

  await expect(page.getByText(M.saved)).toBeVisible()
  await expect(missing).toHaveCount(0)

  // Saved on the platform: a reload reads it back.
  await page.reload()
  await expect(form.getByLabel('Address line 1')).toHaveValue('1 Ferry Building')
  await expect(form.getByLabel('Postcode')).toHaveValue('94111')
  await expect(form.getByLabel('Tax ID', { exact: true })).toHaveValue('98-7654321')
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled()
  await expect(missing).toHaveCount(0)
})

freshWorldTest('invoices: a page at a time with the count, one invoice on its own, the upcoming invoice', async ({ page }) => {
  // Invoices close past billing cycles by the platform's clock: Acme Corp renews on the 10th.
  await page.clock.setFixedTime(TODAY)
  const acmeId = fixtures.organizations.find((o) => o.slug === 'acme-corp')!.id
  const invoices = fixtures.invoices
    .filter((i) => i.organization_slug === 'acme-corp')
    .sort((a, b) => a.cycles_ago - b.cycles_ago)
    .map((i) => ({ ...i, period_end: invoicePeriodEnd(acmeId, i.cycles_ago, TODAY) }))
  expect(invoices.length).toBeGreaterThan(INVOICE_PAGE_SIZE)
  await signIn(page, { returnTo: '/org/acme-corp' })
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Corp' })).toBeVisible()
  await page.goto('/org/acme-corp/billing#invoices')

  const section = page.getByRole('region', { name: 'Invoices', exact: true })
  const table = section.getByRole('table', { name: 'Invoices', exact: true })
  const rows = table.locator('tbody tr')
  await expect(rows).toHaveCount(INVOICE_PAGE_SIZE)
  await expect(section.getByText(`${invoices.length} invoices`)).toBeVisible()
  await expect(section.getByText(`Showing 1–${INVOICE_PAGE_SIZE} of ${invoices.length}`)).toBeVisible()
  const first = invoices[0]!
  await expect(rows.first().locator('td')).toHaveText([formatBillingUnixDate(first.period_end)!, first.number, formatCents(first.amount_due), 'Open', 'View'])
  expect([formatBillingUnixDate(first.period_end), first.number]).toEqual(['10 Nov, 2026', 'ACME-1005'])

  const pages = section.getByRole('navigation', { name: 'Invoice pages' })
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await pages.getByRole('button', { name: 'Next' }).click()
  await expect(section.getByText(`Showing ${INVOICE_PAGE_SIZE + 1}–${invoices.length} of ${invoices.length}`)).toBeVisible()
  await expect(rows).toHaveCount(invoices.length - INVOICE_PAGE_SIZE)
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled()
  const last = invoices[invoices.length - 1]!
  await expect(rows.first().locator('td').nth(1)).toHaveText(last.number)
  expect([formatBillingUnixDate(last.period_end), last.number]).toEqual(['10 Jun, 2026', 'ACME-1000'])

  await section.getByRole('button', { name: `View invoice ${last.number}` }).click()
  const dialog = page.getByRole('dialog', { name: `Invoice ${last.number}` })
  await expect(dialog).toContainText(`Billing period ending ${formatBillingUnixDate(last.period_end)}`)
  // The detail gives the moment in the display format (SPEC §9), the list billing's own.
  await expect(dialog).toContainText(`Period end${formatDisplayDate(last.period_end * 1000)}`)
  await expect(dialog).toContainText(`Amount due${formatCents(last.amount_due)}`)
  await expect(dialog).toContainText('StatusPaid')
  await expect(dialog.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', new RegExp(`${last.id}\\.pdf$`))
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
  await pages.getByRole('button', { name: 'Previous' }).click()
  await expect(rows).toHaveCount(INVOICE_PAGE_SIZE)

  // The running cycle: the Pro plan, its compute credits, and the usage above the quota (fixtures/billing.ts).
  const upcoming = section.getByRole('table', { name: 'Upcoming invoice lines' })
  await expect(upcoming.getByRole('row', { name: /Pro Plan/ })).toContainText('$25.00')
  await expect(upcoming.getByRole('row', { name: /Compute credits/ })).toContainText('-$')
  await expect(upcoming.getByRole('row', { name: /Monthly active users/ })).toContainText('$13.00')
  await expect(upcoming.getByRole('row', { name: /Monthly active users/ })).toContainText('$0.00325 per MAU')
  await expect(section.getByTestId('upcoming-total')).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/)
  await expect(section.getByText('Billing cycle 10 Nov, 2026 – 10 Dec, 2026', { exact: true })).toBeVisible()
})

freshWorldTest('the three restriction banners and the invoice banners show on the right organizations', async ({ page }) => {
  // The fixtures' world is set at FIXTURE_NOW: Over Quota Co's grace period runs 14 days from then.
  await page.clock.setFixedTime(FIXTURE_NOW)
  await signIn(page, { returnTo: '/org/quota-co' })
  const gracePeriodEnd = fixtures.organizations.find((o) => o.slug === 'quota-co')!.restriction_data!.grace_period_end!
  await expect(banner(page, BILLING_BANNER.gracePeriod.title)).toContainText(`You have been given a grace period until ${formatBillingDate(gracePeriodEnd)}.`)
  expect(formatBillingDate(gracePeriodEnd)).toBe('15 Nov, 2026')
  await expect(banner(page, BILLING_BANNER.gracePeriodOver.title)).toHaveCount(0)
  await expect(banner(page, BILLING_BANNER.restricted.title)).toHaveCount(0)
  await expect(banner(page, BILLING_BANNER.overdueInvoices.title)).toHaveCount(0)

  await openOrganization(page, 'grace-over', 'Grace Over Ltd')
  await expect(banner(page, BILLING_BANNER.gracePeriodOver.title)).toContainText(BILLING_BANNER.gracePeriodOver.message)
  await expect(banner(page, BILLING_BANNER.overdueInvoices.title)).toContainText(BILLING_BANNER.overdueInvoices.message)
  await expect(banner(page, BILLING_BANNER.overdueInvoicesElsewhere.title)).toContainText(`Restricted Inc ${BILLING_BANNER.overdueInvoicesElsewhere.message(1)}`)
  await expect(banner(page, BILLING_BANNER.gracePeriod.title)).toHaveCount(0)

  await openOrganization(page, 'restricted-inc', 'Restricted Inc')
  const restricted = banner(page, BILLING_BANNER.restricted.title)
  await expect(restricted).toContainText(BILLING_BANNER.restricted.message)
  await expect(banner(page, BILLING_BANNER.overdueInvoices.title)).toBeVisible()
  await expect(banner(page, BILLING_BANNER.overdueInvoicesElsewhere.title)).toContainText('Grace Over Ltd')
  await expect(banner(page, BILLING_BANNER.gracePeriodOver.title)).toHaveCount(0)

  // An organization in good standing: only the other organizations' unpaid invoices, each linked to its own.
  await openOrganization(page, 'acme-corp', 'Acme Corp')
  const elsewhere = banner(page, BILLING_BANNER.overdueInvoicesElsewhere.title)
  await expect(elsewhere).toContainText(`Grace Over Ltd and Restricted Inc ${BILLING_BANNER.overdueInvoicesElsewhere.message(2)}`)
  const graceOverLink = elsewhere.getByRole('link', { name: BILLING_BANNER.overdueInvoicesElsewhere.link('Grace Over Ltd') })
  await expect(graceOverLink).toHaveAttribute('href', '/org/grace-over/billing#invoices')
  await expect(elsewhere.getByRole('link', { name: BILLING_BANNER.overdueInvoicesElsewhere.link('Restricted Inc') })).toHaveAttribute(
    'href',
    '/org/restricted-inc/billing#invoices',
  )
  for (const b of [
    BILLING_BANNER.gracePeriod,
    BILLING_BANNER.gracePeriodOver,
    BILLING_BANNER.restricted,
    BILLING_BANNER.overdueInvoices,
    BILLING_BANNER.missingBillingInfo,
  ]) {
    await expect(banner(page, b.title)).toHaveCount(0)
  }
  await graceOverLink.click()
  await expect(page).toHaveURL(/\/org\/grace-over\/billing#invoices$/)
  await expect(page.locator('#invoices').getByRole('heading', { name: 'Invoices', exact: true })).toBeInViewport()
  await expect(page.getByRole('region', { name: 'Invoices', exact: true }).getByRole('alert', { name: '1 overdue invoice' })).toBeVisible()
})

test("the other organizations' unpaid invoices show on every signed-in screen outside them", async ({ page }) => {
  const elsewhere = banner(page, BILLING_BANNER.overdueInvoicesElsewhere.title)
  const acmeProject = fixtures.projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
  await signIn(page)
  await expect(page).toHaveURL(/\/organizations$/)
  for (const path of ['/organizations', '/join', '/support/new', '/org/acme-corp/billing', `/project/${acmeProject.ref}`]) {
    if (path !== '/organizations') await page.goto(path)
    await expect(elsewhere, path).toContainText(`Grace Over Ltd and Restricted Inc ${BILLING_BANNER.overdueInvoicesElsewhere.message(2)}`)
    for (const [name, slug] of [
      ['Grace Over Ltd', 'grace-over'],
      ['Restricted Inc', 'restricted-inc'],
    ] as const) {
      await expect(elsewhere.getByRole('link', { name: BILLING_BANNER.overdueInvoicesElsewhere.link(name) }), path).toHaveAttribute(
        'href',
        `/org/${slug}/billing#invoices`,
      )
    }
  }
  // Inside one of them, its own banner speaks for it and the other one names the rest.
  await page.goto('/org/restricted-inc/billing')
  await expect(banner(page, BILLING_BANNER.overdueInvoices.title)).toBeVisible()
  await expect(elsewhere.getByRole('link')).toHaveText(['Grace Over Ltd'])
})

test('a member without billing:all sees no billing warning about that organization, and the billing details read-only', async ({ page }) => {
  await signIn(page, { returnTo: '/org/readonly-co' })
  await expect(page.getByRole('heading', { level: 1, name: 'Read Only Co' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  // The other organizations' unpaid invoices show, as on every screen, since the user manages those
  // organizations' billing; asked first, so the answers are in when nothing about this one shows.
  await expect(banner(page, BILLING_BANNER.overdueInvoicesElsewhere.title)).toContainText('Grace Over Ltd and Restricted Inc')
  const ownBanners = ALL_BANNERS.filter((b) => b !== BILLING_BANNER.overdueInvoicesElsewhere)
  for (const b of ownBanners) await expect(banner(page, b.title)).toHaveCount(0)

  await page.goto('/org/readonly-co/billing#address')
  const form = page.getByRole('form', { name: 'Billing address' })
  await expect(form.getByLabel('Address line 1')).toHaveValue('100 Queen Street West')
  await expect(form.getByRole('alert', { name: 'Read-only' })).toContainText(PERMISSION_MESSAGE.denied(M.updateDenied))
  await expect(form.getByLabel('Address line 1')).not.toBeEditable()
  await expect(form.getByRole('button', { name: 'Save' })).toHaveCount(0)
  for (const b of ownBanners) await expect(banner(page, b.title)).toHaveCount(0)
})

test('a partner-billed organization names who manages its billing and hides what the partner owns', async ({ page }) => {
  await signIn(page, { returnTo: '/org/vercel_harbor' })
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor (Vercel)' })).toBeVisible()
  await page.goto('/org/vercel_harbor/billing#address')
  const address = page.locator('#address')
  await expect(address.getByRole('note', { name: 'Billing for this organization is managed by Vercel Marketplace' })).toContainText(
    'partner organization harbor',
  )
  await expect(address.getByRole('form', { name: 'Billing address' })).toHaveCount(0)
  await expect(page.locator('#invoices').getByRole('note', { name: 'Invoices are issued by Vercel Marketplace' })).toBeVisible()
  await expect(page.locator('#invoices').getByRole('table')).toHaveCount(0)
})
